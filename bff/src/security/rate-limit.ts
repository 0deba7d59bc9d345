import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { Redis } from "ioredis";
import { decideSlidingWindow, tryAgainIn, type TRateLimitName, type TWindowVerdict } from "@amia/contracts";
import type { HttpMethod } from "../routes/catalogue.ts";

/**
 * Rate limits in Redis, shared by every BFF replica: a sliding-window log per rule and caller (a
 * sorted set of the instants it let through). Unlike a fixed window, no burst of twice the limit
 * can straddle a boundary, which matters for the hour-long limits (ten relationship requests an
 * hour must not become twenty in two minutes), and the wait it gives is exact. A refused request
 * is not logged, so hammering a closed door does not keep it closed. One script call per rule.
 */

export interface RateLimitRule {
  /** Which limit ("login", "writes") and whose count ("ip", "user"): part of the Redis key. */
  name: string;
  limit: number;
  windowMs: number;
  /** Whose requests are counted together; undefined skips this rule. */
  keyOf: (c: Context<any>) => string | undefined;
  /** What is counted, in a person's words for the refusal ("relationship requests"); else the middleware's. */
  what?: string;
  /** Named in a refusal's `details.limit` (a wire name), so a client can say which limit it met. */
  wireName?: TRateLimitName;
}

export type RateDecision = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number; rule: RateLimitRule };

export interface RateLimiter {
  /** Counts this request against every rule; the refusal with the longest wait wins. */
  check: (c: Context<any>, rules: readonly RateLimitRule[]) => Promise<RateDecision>;
}

/** Key names in Redis (they expire by themselves). */
const KEY_PREFIX = "bff:rate:";

/**
 * KEYS[1]: the log. ARGV: now (ms), window (ms), limit, a unique member. Drops what left the
 * window; below the limit, logs this request and answers {}; at it, answers the instants in the
 * window for `decideSlidingWindow` to say how long to wait.
 */
const SLIDING_WINDOW_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
  return {}
end
local logged = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
local instants = {}
for i = 2, #logged, 2 do instants[#instants + 1] = logged[i] end
return instants
`;

export function createRateLimiter(redis: Redis, now: () => number = Date.now): RateLimiter {
  return {
    async check(c, rules) {
      const at = now();
      const counted = rules.flatMap((rule) => {
        const who = rule.keyOf(c);
        return who === undefined ? [] : [{ rule, key: `${KEY_PREFIX}${rule.name}:${who}` }];
      });
      if (counted.length === 0) return { isAllowed: true };
      const pipeline = redis.pipeline();
      for (const { rule, key } of counted) pipeline.eval(SLIDING_WINDOW_SCRIPT, 1, key, at, rule.windowMs, rule.limit, `${at}:${randomUUID()}`);
      const results = (await pipeline.exec()) ?? [];
      let refusal: RateDecision = { isAllowed: true };
      counted.forEach(({ rule }, i) => {
        const [error, instants] = results[i] ?? [];
        if (error) throw error;
        const logged = (instants as string[]).map(Number);
        if (logged.length === 0) return;
        const verdict: TWindowVerdict = decideSlidingWindow(logged, rule.limit, rule.windowMs, at);
        if (!verdict.isAllowed && (refusal.isAllowed || verdict.retryAfterSeconds > refusal.retryAfterSeconds)) {
          refusal = { isAllowed: false, retryAfterSeconds: verdict.retryAfterSeconds, rule };
        }
      });
      return refusal;
    },
  };
}

/**
 * 429 `{message, code: "rate_limited", details?: {limit, retry_after_seconds}}` with Retry-After
 * when any rule refuses; the message says what and for how long in a person's words.
 */
export function rateLimit(limiter: RateLimiter, rules: readonly RateLimitRule[], what: string): MiddlewareHandler {
  return async (c, next) => {
    const decision = await limiter.check(c, rules);
    if (!decision.isAllowed) return refuse(c, decision, what);
    await next();
  };
}

function refuse(c: Context, decision: RateDecision & { isAllowed: false }, what: string): Response {
  const { rule, retryAfterSeconds } = decision;
  c.header("retry-after", String(retryAfterSeconds));
  const message = `Too many ${rule.what ?? what}; ${tryAgainIn(retryAfterSeconds)}`;
  const details = rule.wireName ? { details: { limit: rule.wireName, retry_after_seconds: retryAfterSeconds } } : {};
  return c.json({ message, code: "rate_limited", ...details }, 429);
}

/**
 * Classes stricter than the general write limit, by catalogue route (`METHOD path`), for writes
 * whose abuse lands on other people: every relationship request notifies someone.
 */
export type StricterClass = "relationship_requests";
export const STRICTER_CLASS_BY_ROUTE: Readonly<Record<`${HttpMethod} ${string}`, StricterClass>> = {
  "POST /api/v1/relationship-requests": "relationship_requests",
  // The same act as POST /relationship-requests (contracts/src/relationships.ts).
  "POST /api/v1/relationships": "relationship_requests",
};

/** Every route that changes something is a write; reads are not counted. */
export function isWrite(method: HttpMethod): boolean {
  return method !== "GET";
}
