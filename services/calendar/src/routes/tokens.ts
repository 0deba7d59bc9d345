import { Hono } from "hono";
import { validate, type ServiceAuth, type ServiceEnv } from "@amia/kit";
import type { Logger } from "pino";
import type { GoogleCalendar } from "../google/google-calendar.ts";
import { disconnectGoogleCalendar } from "../operations/disconnect-google-calendar.ts";
import { fromGoogle } from "./calendar.ts";
import { ZIdParamsSchema, ZStoreGoogleTokensBodySchema, type TStoreGoogleTokensBody } from "@amia/contracts";
import type { TokensStore } from "../store/tokens-store.ts";

interface Deps {
  tokens: TokensStore;
  google: GoogleCalendar;
  auth: ServiceAuth;
  logger: Logger;
  /** Told after tokens are stored (a sign-in, a reconnect): two-way sync starts for the user. */
  onConnected?: (userId: string) => void;
  /** Before the tokens are revoked and removed at Disconnect (two-way sync stops the push channel while it still can). */
  beforeDisconnect?: (userId: string) => Promise<void>;
}

const toStored = (body: TStoreGoogleTokensBody) => ({
  accessToken: body.access_token,
  refreshToken: body.refresh_token ?? null,
  expiresAtMs: body.expires_at ? Date.parse(body.expires_at) : null,
});

/**
 * Google tokens in, connection status out: the tokens never leave the service (DESIGN.md
 * "Secrets"). The BFF hands them over at sign-in (internal route, service token); the spec's
 * `/api/v1/auth/tokens` lets the signed-in user store theirs and ask whether they are connected.
 */
export function tokensRoutes({ tokens, google, auth, logger, onConnected = () => undefined, beforeDisconnect = async () => undefined }: Deps) {
  const routes = new Hono<ServiceEnv>();

  routes.put("/internal/users/:id/google-tokens", auth.requireService, validate("param", ZIdParamsSchema), validate("json", ZStoreGoogleTokensBodySchema), async (c) => {
    await tokens.save(c.req.valid("param").id, toStored(c.req.valid("json")));
    onConnected(c.req.valid("param").id);
    return c.body(null, 204);
  });

  routes.post("/api/v1/auth/tokens", auth.requireUser, validate("json", ZStoreGoogleTokensBodySchema), async (c) => {
    await tokens.save(c.var.user.id, toStored(c.req.valid("json")));
    onConnected(c.var.user.id);
    return c.json(await tokens.connection(c.var.user.id), 201);
  });

  routes.get("/api/v1/auth/tokens", auth.requireUser, async (c) => c.json(await tokens.connection(c.var.user.id)));

  // Disconnect: revoked at Google, removed here; 204 also when there was nothing to disconnect.
  routes.delete("/api/v1/auth/tokens", auth.requireUser, async (c) => {
    // First, while the tokens still open the calendar: its push channel is stopped at Google.
    await beforeDisconnect(c.var.user.id);
    await fromGoogle(() => disconnectGoogleCalendar({ google, tokens, logger }, c.var.user.id));
    return c.body(null, 204);
  });

  return routes;
}
