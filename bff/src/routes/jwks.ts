import { Hono } from "hono";
import type { InternalKeys } from "../auth/internal-keys.ts";

/** Path services fetch the BFF's public keys from (their INTERNAL_JWKS_URL): a wire name. */
export const JWKS_PATH = "/.well-known/jwks.json";

/**
 * The public keys internal JWTs are signed with: the current one and, during a rotation, the
 * previous ones (README "Key rotation"). Cached briefly so a rotation reaches services soon.
 */
export function jwksRoutes(keys: InternalKeys) {
  const routes = new Hono();
  routes.get(JWKS_PATH, (c) => {
    c.header("cache-control", "public, max-age=300");
    return c.json(keys.jwks);
  });
  return routes;
}
