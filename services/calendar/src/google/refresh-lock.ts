import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";

/**
 * One token refresh per user across every replica of the calendar service. In a process,
 * concurrent jobs already share one refresh promise; this lock covers the replicas. Google would
 * accept two refreshes, but each answers a different access token and the loser's write would
 * overwrite the winner's, so jobs holding the first token could be handed a replaced one.
 */
export interface RefreshLock {
  /** Takes the user's lock; resolves its release, or null when another replica holds it. */
  tryAcquire: (userId: string) => Promise<(() => Promise<void>) | null>;
}

// Deletes the key only if it still holds our token: a lock that expired and was taken by
// another replica is not ours to release.
const RELEASE_SCRIPT = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/** A Redis lock (SET NX PX), expiring by itself after `ttlMs` should its holder die mid-refresh. */
export function redisRefreshLock(redis: Redis, { keyPrefix = "calendar:token-refresh:", ttlMs = 15_000 } = {}): RefreshLock {
  return {
    async tryAcquire(userId) {
      const key = keyPrefix + userId;
      const token = randomUUID();
      const acquired = await redis.set(key, token, "PX", ttlMs, "NX");
      if (acquired !== "OK") return null;
      return async () => {
        await redis.eval(RELEASE_SCRIPT, 1, key, token);
      };
    },
  };
}
