import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import type { TSessionUser } from "@amia/contracts";
import { keys } from "../../api/keys.ts";
import { AuthProvider } from "../../auth/AuthProvider.tsx";

/*
 * Static renders for the chat's tests (tests only): the cache is filled beforehand and nothing
 * is fetched, so a query with no seeded data renders as loading.
 */

/** Ada, signed in. */
export const signedInUser: TSessionUser = {
  id: "u1",
  email: "ada@example.com",
  user_metadata: { name: "Ada Lovelace", full_name: null },
  app_metadata: { provider: "google" },
  email_confirmed_at: null,
  created_at: "2026-01-02T10:00:00.000Z",
  last_sign_in_at: null,
};

export type Seed = (client: QueryClient) => void;

/** Puts a query in the state it has after its fetch failed (error, idle). */
export function seedError(client: QueryClient, queryKey: QueryKey, error: unknown): void {
  client
    .getQueryCache()
    .build(client, { queryKey })
    .setState({ status: "error", error: error as Error, fetchStatus: "idle", errorUpdateCount: 1, errorUpdatedAt: Date.now() });
}

/** `ui` as HTML inside the app's providers, signed in as Ada, at `path`. */
export function renderChat(ui: ReactElement, { path = "/chat", seed }: { path?: string; seed?: Seed } = {}): string {
  // No retries and no refetch on mount: a cached error or value is shown as it is.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity } } });
  client.setQueryData(keys.session, signedInUser);
  seed?.(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}
