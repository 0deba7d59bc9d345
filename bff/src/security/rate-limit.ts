import type { Context, MiddlewareHandler } from "hono";
import type { Redis } from "ioredis";

/**
 * Fixed-window rate limits in Redis (INCR + PEXPIRE on a key per window), shared by every BFF
 * replica. A fixed window lets a burst of up to twice the limit straddle a boundary; for
 * sign-in and chat that is acceptable, and it costs one round trip.
 */

export interface RateWindow {
  /** Index of the window `now` falls in (part of the Redis key). */
  index: number;
  /** Milliseconds until that window ends. */
  remainingMs: number;
}

export function rateWindowOf(now: number, windowMs: number): RateWindow {
  const index = Math.floor(now / windowMs);
  return { index, remainingMs: (index + 1) * windowMs - now };
}

export type RateDecision = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

/** `count` includes this request. Retry-After is whole seconds, at least 1. */
export function decideRate(count: number, limit: number, window: RateWindow): RateDecision {
  if (count <= limit) return { isAllowed: true };
  return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil(window.remainingMs / 1000)) };
}

export interface RateLimitRule {
  /** Which limit ("login", "chat") and whose count ("ip", "user"): part of the Redis key. */
  name: string;
  limit: number;
  windowMs: number;
  /** Whose requests are counted together; undefined skips this rule. */
  keyOf: (c: Context<any>) => string | undefined;
}

export interface RateLimiter {
  /** Counts this request against every rule; the strictest refusal wins. */
  check: (c: Context<any>, rules: readonly RateLimitRule[]) => Promise<RateDecision>;
}

/** Key names in Redis (expire by themselves). */
const KEY_PREFIX = "bff:rate:";

export function createRateLimiter(redis: Redis, now: () => number = Date.now): RateLimiter {
  return {
    async check(c, rules) {
      const at = now();
      const counted = rules.flatMap((rule) => {
        const who = rule.keyOf(c);
        return who === undefined ? [] : [{ rule, window: rateWindowOf(at, rule.windowMs), key: `${KEY_PREFIX}${rule.name}:${who}` }];
      });
      if (counted.length === 0) return { isAllowed: true };
      const pipeline = redis.multi();
      for (const { rule, window, key } of counted) {
        const windowKey = `${key}:${window.index}`;
        pipeline.incr(windowKey).pexpire(windowKey, rule.windowMs + 1_000);
      }
      const results = (await pipeline.exec()) ?? [];
      let refusal: RateDecision = { isAllowed: true };
      counted.forEach(({ rule, window }, i) => {
        const [error, count] = results[i * 2] ?? [];
        if (error) throw error;
        const decision = decideRate(Number(count), rule.limit, window);
        if (!decision.isAllowed && (refusal.isAllowed || decision.retryAfterSeconds > refusal.retryAfterSeconds)) refusal = decision;
      });
      return refusal;
    },
  };
}

/** 429 `{message, code: "rate_limited"}` with Retry-After when any rule refuses. */
export function rateLimit(limiter: RateLimiter, rules: readonly RateLimitRule[], what: string): MiddlewareHandler {
  return async (c, next) => {
    const decision = await limiter.check(c, rules);
    if (!decision.isAllowed) {
      c.header("retry-after", String(decision.retryAfterSeconds));
      return c.json({ message: `Too many ${what}; try again in ${decision.retryAfterSeconds} seconds`, code: "rate_limited" }, 429);
    }
    await next();
  };
}
