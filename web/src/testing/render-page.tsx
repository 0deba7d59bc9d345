import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { MemoryRouter } from "react-router-dom";
import { DEFAULT_USER_SETTINGS, type TSessionUser, type TUserSettings } from "@amia/contracts";
import { keys } from "../api/keys.ts";
import { settingsKey } from "../api/settings.ts";
import { AuthProvider } from "../auth/AuthProvider.tsx";

/*
 * Static renders for page tests (tests only: production code never imports web/src/testing/).
 * There is no DOM in this project: the cache is filled beforehand and nothing is fetched, so a
 * query with no seeded data renders as loading.
 */

/** Fills the cache before the render. */
export type Seed = (client: QueryClient) => void;

export interface RenderPageOptions {
  /** The router's location (MemoryRouter); "/" unless told. */
  path?: string;
  /** The session the AuthProvider reads: a user (signed in) or null (signed out); unseeded: still loading. */
  session?: TSessionUser | null;
  /** Fills the cache (after the session). */
  seed?: Seed;
  /** Extra query defaults (e.g. `{ enabled: false }`). */
  queries?: Parameters<typeof testQueryClient>[0];
}

/**
 * No retries, and retryOnMount off: a cached error is shown as it is, not fetched again (which
 * would read as loading); staleTime Infinity: cached data is shown as it is.
 */
export function testQueryClient(queries: { enabled?: false } = {}): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity, ...queries } } });
}

/** Puts a query in the state it has after its fetch failed (error, idle). */
export function seedQueryError(client: QueryClient, queryKey: QueryKey, error: unknown): void {
  client
    .getQueryCache()
    .build(client, { queryKey })
    .setState({ status: "error", error: error as Error, fetchStatus: "idle", errorUpdateCount: 1, errorUpdatedAt: Date.now() });
}

/**
 * Makes `timeZone` the viewer's ("your time"): the zone saved in Settings, which wins over the
 * machine's, so a test reads the same wherever it runs.
 */
export function seedViewerZone(client: QueryClient, timeZone: string): void {
  client.setQueryData<TUserSettings>(settingsKey, { ...DEFAULT_USER_SETTINGS, time_zone: timeZone, updated_at: "2026-01-01T00:00:00.000Z" });
}

/** Renders `ui` to static HTML inside the app's providers: QueryClient, AuthProvider, MemoryRouter at `path`. */
export function renderPage(ui: ReactElement, { path = "/", session, seed, queries }: RenderPageOptions = {}): string {
  const client = testQueryClient(queries);
  if (session !== undefined) client.setQueryData(keys.session, session);
  seed?.(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}
