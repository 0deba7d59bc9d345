import { Hono, type MiddlewareHandler } from "hono";
import type { BffConfig } from "../env.ts";
import { clientIpOf } from "../security/client-ip.ts";
import { rateLimit, type RateLimiter, type RateLimitRule } from "../security/rate-limit.ts";
import { requireSession, type BffEnv } from "../sessions/session-middleware.ts";
import type { SessionStore } from "../sessions/session-store.ts";
import { forwardTo } from "../upstream/forward.ts";
import type { UpstreamClient } from "../upstream/upstream-client.ts";
import type { RouteSpec } from "./catalogue.ts";

/** An address may chat this many times as much as one user: people behind one NAT share it. */
export const CHAT_IP_ALLOWANCE = 5;

export interface ApiRoutesDeps {
  routes: readonly RouteSpec[];
  config: BffConfig;
  sessions: SessionStore;
  upstream: UpstreamClient;
  limiter: RateLimiter;
}

/**
 * Every route of the catalogue (routes/catalogue.ts), in its order: a session is required (401
 * otherwise), rate limits as the route says, then the call is forwarded to its owning service.
 */
export function apiRoutes(deps: ApiRoutesDeps) {
  const { config, sessions, limiter } = deps;
  const routes = new Hono<BffEnv>();
  const perMinute = 60_000;
  const chatRules: RateLimitRule[] = [
    { name: "chat:user", limit: config.env.RATE_LIMIT_CHAT_PER_MINUTE, windowMs: perMinute, keyOf: (c) => (c.var as BffEnv["Variables"]).session?.user_id },
    { name: "chat:ip", limit: config.env.RATE_LIMIT_CHAT_PER_MINUTE * CHAT_IP_ALLOWANCE, windowMs: perMinute, keyOf: (c) => clientIpOf(c, config.env.TRUST_PROXY) },
  ];
  const limits: Record<NonNullable<RouteSpec["rateLimit"]>, MiddlewareHandler> = {
    chat: rateLimit(limiter, chatRules, "chat requests"),
  };
  const passThrough: MiddlewareHandler = async (_c, next) => next();
  const sessionRequired = requireSession(sessions);

  for (const route of deps.routes) {
    routes.on(route.method, route.path, sessionRequired, route.rateLimit ? limits[route.rateLimit] : passThrough, forwardTo(route, deps.upstream));
  }
  return routes;
}
