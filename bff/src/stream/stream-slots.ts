import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";

/**
 * How many live notification streams one user holds open, counted in Redis across every BFF
 * replica (a user's tabs may land on different replicas). Each open stream holds a slot with an
 * expiry that its heartbeat renews; closing the stream (the client went away, the session
 * ended, shutdown) gives the slot back, and a replica that dies without doing so loses its
 * slots when they expire, so no user is locked out by a crash for longer than `ttlMs`.
 */
export interface StreamSlots {
  /** A slot for a new stream of this user, or undefined when they hold the most already. */
  take: (userId: string) => Promise<StreamSlot | undefined>;
  /** How long a slot outlives its last renewal. */
  ttlMs: number;
}

export interface StreamSlot {
  /** Called at every heartbeat. */
  renew: () => Promise<void>;
  release: () => Promise<void>;
}

/** Key names in Redis (sorted set per user: member = stream id, score = when its slot expires). */
const KEY_PREFIX = "bff:streams:";

/** KEYS[1]: the user's slots. ARGV: now, ttl, limit, stream id. 1 when taken, 0 when full. */
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

export function createStreamSlots(redis: Redis, options: { limit: number; ttlMs: number; now?: () => number }): StreamSlots {
  const { limit, ttlMs } = options;
  const now = options.now ?? Date.now;
  return {
    ttlMs,
    async take(userId) {
      const key = `${KEY_PREFIX}${userId}`;
      const streamId = randomUUID();
      const isTaken = (await redis.eval(TAKE_SCRIPT, 1, key, now(), ttlMs, limit, streamId)) === 1;
      if (!isTaken) return undefined;
      return {
        async renew() {
          await redis.multi().zadd(key, now() + ttlMs, streamId).pexpire(key, ttlMs).exec();
        },
        async release() {
          await redis.zrem(key, streamId);
        },
      };
    },
  };
}
