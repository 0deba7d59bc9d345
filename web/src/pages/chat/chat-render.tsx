import type { ReactElement } from "react";
import type { TSessionUser } from "@amia/contracts";
import { aSessionUser } from "../../testing/fixtures.ts";
import { renderPage, seedQueryError, seedViewerZone, type Seed } from "../../testing/render-page.tsx";

/* The chat's tests render signed in, at /chat (tests only), with the shared page renderer. */

export type { Seed };
export const seedError = seedQueryError;

/** Ada, signed in. */
export const signedInUser: TSessionUser = aSessionUser({ email: "ada@example.com", user_metadata: { name: "Ada Lovelace", full_name: null } });

/** `ui` as HTML inside the app's providers, signed in as Ada (in Lisbon unless told), at `path`. */
export function renderChat(
  ui: ReactElement,
  { path = "/chat", seed, viewerZone = "Europe/Lisbon" }: { path?: string; seed?: Seed; viewerZone?: string } = {},
): string {
  return renderPage(ui, {
    path,
    session: signedInUser,
    seed: (client) => {
      seedViewerZone(client, viewerZone);
      seed?.(client);
    },
  });
}
