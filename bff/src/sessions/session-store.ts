import { createHash, randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { z } from "zod";
import type { SessionCache } from "./session-cache.ts";
import { decideSessionExpiry, initialSessionTtlMs, type SessionLifetime } from "./session-expiry.ts";

/**
 * Sessions in Redis. The id the browser holds is 256 random bits (base64url); Redis holds only
 * its SHA-256, so a dump of Redis yields no id that signs anyone in. Provider tokens are never
 * stored here (nor anywhere reachable by the browser).
 */

/** Storage shape (JSON in Redis): renaming a field signs everyone out. */
const ZSessionRecordSchema = z.object({
  user_id: z.string().min(1),
  email: z.string(),
  /** Epoch ms of the sign-in. */
  created_at: z.number(),
  /** Epoch ms of the last request that used the session. */
  last_seen_at: z.number(),
});
export type TSessionRecord = z.infer<typeof ZSessionRecordSchema>;

export interface Session extends TSessionRecord {
  /** The id the cookie carries. */
  id: string;
}

export interface SessionStore {
  /** A new session with a new id (never reusing one: no fixation). */
  create: (user: { id: string; email: string }) => Promise<Session>;
  /** The live session for this id, renewed (sliding idle expiry); undefined when absent or expired. */
  read: (id: string) => Promise<Session | undefined>;
  /** Whether the session still exists, without renewing it (long-lived streams check this). */
  isLive: (id: string) => Promise<boolean>;
  destroy: (id: string) => Promise<void>;
}

/** Key name in Redis: changing it signs everyone out. */
const KEY_PREFIX = "bff:session:";
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function sessionKey(id: string): string {
  return KEY_PREFIX + createHash("sha256").update(id).digest("base64url");
}

export function newSessionId(): string {
  return randomBytes(32).toString("base64url");
}

/** Without a cache every read goes to Redis (scripts that write sessions, tests of the store). */
const NO_CACHE: Pick<SessionCache, "get" | "set" | "forget"> = { get: () => undefined, set: () => {}, forget: async () => {} };

export function createSessionStore({
  redis,
  lifetime,
  now = Date.now,
  cache = NO_CACHE,
}: {
  redis: Redis;
  lifetime: SessionLifetime;
  now?: () => number;
  /** Recently read sessions (session-cache.ts): a request whose session needs no renewal skips the Redis read. */
  cache?: Pick<SessionCache, "get" | "set" | "forget">;
}): SessionStore {
  const end = async (key: string) => {
    await redis.del(key);
    await cache.forget(key);
  };
  return {
    async create(user) {
      const id = newSessionId();
      const at = now();
      const record: TSessionRecord = { user_id: user.id, email: user.email, created_at: at, last_seen_at: at };
      // NX: a collision of 256 random bits will not happen, but if it did it must not take over a session.
      const stored = await redis.set(sessionKey(id), JSON.stringify(record), "PX", initialSessionTtlMs(lifetime), "NX");
      if (stored !== "OK") throw new Error("session id collision");
      return { id, ...record };
    },

    async read(id) {
      if (!SESSION_ID_PATTERN.test(id)) return undefined;
      const key = sessionKey(id);
      const at = now();
      const cached = cache.get(key);
      // The cache serves only a session that needs nothing written now; the rest goes to Redis.
      if (cached) {
        const decision = decideSessionExpiry({ createdAt: cached.created_at, lastSeenAt: cached.last_seen_at }, at, lifetime);
        if (decision.isValid && !decision.isRenewalDue) return { id, ...cached };
      }
      const raw = await redis.get(key);
      if (raw === null) return undefined;
      const parsed = ZSessionRecordSchema.safeParse(safeJson(raw));
      if (!parsed.success) {
        await end(key);
        return undefined;
      }
      const decision = decideSessionExpiry({ createdAt: parsed.data.created_at, lastSeenAt: parsed.data.last_seen_at }, at, lifetime);
      if (!decision.isValid) {
        await end(key);
        return undefined;
      }
      if (!decision.isRenewalDue) {
        cache.set(key, parsed.data);
        return { id, ...parsed.data };
      }
      const renewed: TSessionRecord = { ...parsed.data, last_seen_at: at };
      // XX: a logout that ran meanwhile is not undone.
      const stored = await redis.set(key, JSON.stringify(renewed), "PX", decision.ttlMs, "XX");
      if (stored !== "OK") return undefined;
      cache.set(key, renewed);
      return { id, ...renewed };
    },

    async isLive(id) {
      return SESSION_ID_PATTERN.test(id) && (await redis.exists(sessionKey(id))) === 1;
    },

    async destroy(id) {
      if (SESSION_ID_PATTERN.test(id)) await end(sessionKey(id));
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
