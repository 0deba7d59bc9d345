import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { BffConfig } from "../env.ts";
import { clientIpOf } from "../security/client-ip.ts";
import { isWrite, rateLimit, STRICTER_CLASS_BY_ROUTE, type RateLimiter, type RateLimitRule, type StricterClass } from "../security/rate-limit.ts";
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

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const userOf = (c: Context<any>) => (c.var as BffEnv["Variables"]).session?.user_id;

/**
 * The limits a catalogue route counts against: every write the general write limit, a stricter
 * class where the route's abuse lands on others, chat its own (per user and per IP). A chat turn
 * and smart-fill are POSTs that change nothing (the agent holds a turn to reads; writes happen
 * only on Confirm), so they count against chat's limits, not the write limit.
 */
export function rateLimitRules(config: BffConfig): (route: RouteSpec) => RateLimitRule[] {
  const { env } = config;
  const writes: RateLimitRule = { name: "writes:user", limit: env.RATE_LIMIT_WRITES_PER_MINUTE, windowMs: MINUTE_MS, keyOf: userOf, what: "changes in a short time", wireName: "writes" };
  const stricter: Record<StricterClass, RateLimitRule> = {
    relationship_requests: {
      name: "relationship-requests:user",
      limit: env.RATE_LIMIT_RELATIONSHIP_REQUESTS_PER_HOUR,
      windowMs: HOUR_MS,
      keyOf: userOf,
      what: "relationship requests",
      wireName: "relationship_requests",
    },
  };
  const chat: RateLimitRule[] = [
    { name: "chat:user", limit: env.RATE_LIMIT_CHAT_PER_MINUTE, windowMs: MINUTE_MS, keyOf: userOf },
    { name: "chat:ip", limit: env.RATE_LIMIT_CHAT_PER_MINUTE * CHAT_IP_ALLOWANCE, windowMs: MINUTE_MS, keyOf: (c) => clientIpOf(c, env.TRUST_PROXY) },
  ];
  return (route) => {
    const stricterClass = STRICTER_CLASS_BY_ROUTE[`${route.method} ${route.path}`];
    return [
      ...(isWrite(route.method) && route.rateLimit !== "chat" ? [writes] : []),
      ...(stricterClass ? [stricter[stricterClass]] : []),
      ...(route.rateLimit === "chat" ? chat : []),
    ];
  };
}

/**
 * Every route of the catalogue (routes/catalogue.ts), in its order: a session is required (401
 * otherwise), then the route's rate limits (per user, in Redis), then the call is forwarded to
 * its owning service.
 */
export function apiRoutes(deps: ApiRoutesDeps) {
  const { config, sessions, limiter } = deps;
  const routes = new Hono<BffEnv>();
  const rulesOf = rateLimitRules(config);
  const passThrough: MiddlewareHandler = async (_c, next) => next();
  const sessionRequired = requireSession(sessions);

  for (const route of deps.routes) {
    const rules = rulesOf(route);
    const limits = rules.length > 0 ? rateLimit(limiter, rules, route.rateLimit === "chat" ? "chat requests" : "requests") : passThrough;
    routes.on(route.method, route.path, sessionRequired, limits, forwardTo(route, deps.upstream));
  }
  return routes;
}
