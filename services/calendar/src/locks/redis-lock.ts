import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";

/**
 * A lock per id across every replica of the calendar service (SET NX PX with a token of our own).
 * Two uses: one Google token refresh per user (google-calendar.ts), and one sync of a request at
 * a time (operations/sync-event.ts). It expires by itself after `ttlMs`, should its holder die.
 */
export interface RedisLock {
  /** Takes the lock of `id`; resolves it when taken, or null when someone else holds it. */
  tryAcquire: (id: string) => Promise<HeldLock | null>;
  /**
   * Runs `work` holding the lock of `id`: waits up to `waitMs` for its holder to finish (then
   * throws LockBusyError), keeps the lock from expiring while `work` runs, releases it after.
   */
  withLock: <T>(id: string, work: () => Promise<T>, options?: { waitMs?: number }) => Promise<T>;
}

export interface HeldLock {
  /** Lets it go; a lock that expired and was taken by someone else is left alone. */
  release: () => Promise<void>;
  /** Pushes the expiry `ttlMs` ahead again; false when the lock was lost meanwhile. */
  extend: () => Promise<boolean>;
}

/** The lock stayed taken for the whole wait: its holder is stuck, or very slow. */
export class LockBusyError extends Error {
  constructor(key: string, waitedMs: number) {
    super(`Lock ${key} still held after ${waitedMs} ms`);
    this.name = "LockBusyError";
  }
}

// Both act only if the key still holds our token: a lock that expired and was taken by another
// replica is not ours to release or extend.
const RELEASE_SCRIPT = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;
const EXTEND_SCRIPT = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;

const POLL_MS = 20;

/** `keyPrefix` + id is the Redis key: a storage name shared by replicas (rename them together). */
export function createRedisLock(redis: Redis, { keyPrefix, ttlMs }: { keyPrefix: string; ttlMs: number }): RedisLock {
  const tryAcquire = async (id: string): Promise<HeldLock | null> => {
    const key = keyPrefix + id;
    const token = randomUUID();
    if ((await redis.set(key, token, "PX", ttlMs, "NX")) !== "OK") return null;
    return {
      release: async () => void (await redis.eval(RELEASE_SCRIPT, 1, key, token)),
      extend: async () => (await redis.eval(EXTEND_SCRIPT, 1, key, token, String(ttlMs))) === 1,
    };
  };

  return {
    tryAcquire,
    async withLock(id, work, { waitMs = ttlMs } = {}) {
      const deadline = Date.now() + waitMs;
      let held = await tryAcquire(id);
      while (!held) {
        if (Date.now() >= deadline) throw new LockBusyError(keyPrefix + id, waitMs);
        // Jitter, so the waiters of one lock do not all ask at the same instant.
        await new Promise((resolve) => setTimeout(resolve, POLL_MS + Math.random() * POLL_MS));
        held = await tryAcquire(id);
      }
      const lock = held;
      // Renewed well before it expires, so slow work keeps it; a holder that dies stops renewing.
      const renewal = setInterval(() => void lock.extend().catch(() => undefined), Math.max(ttlMs / 3, 10));
      try {
        return await work();
      } finally {
        clearInterval(renewal);
        // Not released (Redis unreachable): it lapses by itself after ttlMs.
        await lock.release().catch(() => undefined);
      }
    },
  };
}
