import type { Redis } from "ioredis";
import type { Logger } from "@amia/kit";
import type { TSessionRecord } from "./session-store.ts";

/**
 * Sessions this replica read in the last few seconds, so a signed-in request does not wait on a
 * Redis read before its own work (issue 10: the session read and the rate-limit count were two
 * round trips, one after the other, on every chat). Redis stays the truth:
 *
 * - An entry lives `maxAgeMs` at most, and serves only while the session needs no renewal
 *   (session-store.ts decides that from the cached record); a renewal reads and writes Redis.
 * - Ending a session (sign-out, a new sign-in replacing it, an invalid record) publishes its key
 *   on a channel every replica subscribes to, and each forgets it at once; the replica that ended
 *   it forgets it before answering.
 * - While the subscription is not live (connecting, a Redis restart), nothing is cached or served
 *   from the cache: an invalidation could be missed. When it drops, the cache is emptied.
 *
 * So a session ended on another replica may still serve a request that arrives before the
 * message does (sub-millisecond on one Redis), as a request sent just before sign-out would.
 */

/** The invalidation channel after the deployment's prefix: a wire name between replicas. */
export const SESSION_ENDED_CHANNEL = "bff:sessions:ended";

export interface SessionCache {
  /** The cached record for a session key, if fresh and the subscription is live. */
  get: (key: string) => TSessionRecord | undefined;
  /** Remembers a record read from (or written to) Redis. */
  set: (key: string, record: TSessionRecord) => void;
  /** Forgets a session here and tells every replica to (after it was deleted in Redis). */
  forget: (key: string) => Promise<void>;
  /** Whether invalidations are being received (tests wait for it). */
  isLive: () => boolean;
}

export interface SessionCacheOptions {
  /** Publishes. */
  redis: Redis;
  /** The BFF's subscriber connection (shared with the notification fan-out). */
  subscriber: Redis;
  /** Pub/sub channels ignore ioredis's keyPrefix, so the deployment's prefix is added here. */
  channelPrefix: string;
  /** 0 turns the cache off. */
  maxAgeMs: number;
  maxEntries?: number;
  now?: () => number;
  logger: Logger;
}

export function createSessionCache(options: SessionCacheOptions): SessionCache {
  const { redis, subscriber, logger, maxAgeMs } = options;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const channel = `${options.channelPrefix}${SESSION_ENDED_CHANNEL}`;
  const entries = new Map<string, { record: TSessionRecord; cachedAt: number }>();
  let isSubscribed = false;

  if (maxAgeMs > 0) {
    const subscribe = () =>
      subscriber.subscribe(channel).then(
        () => {
          isSubscribed = true;
        },
        (error: unknown) => logger.warn({ err: error }, "session cache off: could not subscribe to session invalidations"),
      );
    subscriber.on("message", (from: string, key: string) => {
      if (from === channel) entries.delete(key);
    });
    // Messages sent while the connection was down are lost: start empty once it is back.
    subscriber.on("close", () => {
      isSubscribed = false;
      entries.clear();
    });
    subscriber.on("ready", () => void subscribe());
    if (subscriber.status === "ready") void subscribe();
  }

  return {
    get(key) {
      if (!isSubscribed) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.cachedAt > maxAgeMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.record;
    },
    set(key, record) {
      if (!isSubscribed) return;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { record, cachedAt: now() });
    },
    async forget(key) {
      entries.delete(key);
      if (maxAgeMs > 0) await redis.publish(channel, key);
    },
    isLive: () => isSubscribed,
  };
}
