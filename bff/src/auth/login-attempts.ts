import type { Redis } from "ioredis";
import { z } from "zod";

/**
 * A sign-in attempt between /auth/login and /auth/callback, in Redis under its `state`: the PKCE
 * verifier, the nonce, where to go afterwards, and the hash of the browser binding cookie
 * (auth/sign-in-cookies.ts) of the browser that started it. Single use (GETDEL), gone after 10
 * minutes, so a tampered, replayed or stale `state` finds nothing.
 */

/**
 * Storage shape and key name (JSON in Redis). `browser_binding` is required: an attempt saved
 * before it existed (during a deploy) does not parse and counts as unknown: that person starts
 * sign-in again.
 */
const ZLoginAttemptSchema = z.object({
  code_verifier: z.string().min(43),
  nonce: z.string().min(1),
  return_to: z.string().nullable(),
  /** SHA-256 (base64url) of the binding cookie's value. */
  browser_binding: z.string().min(1),
});
export type TLoginAttempt = z.infer<typeof ZLoginAttemptSchema>;

const KEY_PREFIX = "bff:login:";
export const LOGIN_ATTEMPT_TTL_SECONDS = 10 * 60;
const STATE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export interface LoginAttempts {
  save: (state: string, attempt: TLoginAttempt) => Promise<void>;
  /** The attempt for this state, removed as it is read; undefined when unknown, used or expired. */
  take: (state: string) => Promise<TLoginAttempt | undefined>;
}

export function loginAttemptKey(state: string): string {
  return KEY_PREFIX + state;
}

export function createLoginAttempts(redis: Redis): LoginAttempts {
  return {
    async save(state, attempt) {
      await redis.set(loginAttemptKey(state), JSON.stringify(attempt), "EX", LOGIN_ATTEMPT_TTL_SECONDS);
    },
    async take(state) {
      if (!STATE_PATTERN.test(state)) return undefined;
      const raw = await redis.getdel(loginAttemptKey(state));
      if (raw === null) return undefined;
      try {
        const parsed = ZLoginAttemptSchema.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** Only a path on our own origin ("/events/1?x=y"), never "//evil.example" or a full URL: no open redirect. */
export function safeReturnTo(candidate: string | undefined): string | null {
  if (!candidate || candidate.length > 2_000) return null;
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\")) return null;
  try {
    const url = new URL(candidate, "http://x.invalid");
    return url.origin === "http://x.invalid" ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
