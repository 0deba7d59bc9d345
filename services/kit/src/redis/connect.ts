import { createRequire } from "node:module";
import type { Redis } from "ioredis";

/**
 * ioredis, loaded by the first `createRedis`: every service's bundle holds `createRedis` (the
 * kit's bootService calls it when REDIS_URL is set), but only the BFF and calendar connect to a
 * Redis, and the others never load the client (some megabytes of idle memory each; issue 14: at
 * most 120 MB RSS per service).
 */
const loadIoredis = () => createRequire(import.meta.url)("ioredis") as typeof import("ioredis");

export interface RedisOptions {
  url: string;
  /** Every key this client touches starts with it (tests isolate themselves this way). */
  keyPrefix?: string;
  /** BullMQ workers need blocking commands never to give up, hence null. */
  forBullMQ?: boolean;
}

export function createRedis(options: RedisOptions): Redis {
  const redis = new (loadIoredis().Redis)(options.url, {
    keyPrefix: options.keyPrefix || undefined,
    maxRetriesPerRequest: options.forBullMQ ? null : 3,
    lazyConnect: false,
    enableReadyCheck: true,
  });
  // While Redis is away ioredis reconnects by itself, and each command that fails says so to its
  // caller (503 via isRedisUnavailable) and /readyz; without a listener ioredis would also print
  // every failed connection attempt to stderr as a plain-text line.
  redis.on("error", () => undefined);
  return redis;
}

/**
 * True when Redis could not serve a command: ioredis gave up on it while reconnecting
 * (`MaxRetriesPerRequestError`, after `maxRetriesPerRequest` attempts), or the connection was
 * closed under it. Such a failure passes (a Redis restart); the request may be tried again.
 * Socket errors with a syscall (ECONNREFUSED …) are `isDatabaseUnavailable`'s already.
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === "MaxRetriesPerRequestError" || error.message === "Connection is closed.";
}

export async function pingRedis(redis: Redis): Promise<void> {
  const answer = await redis.ping();
  if (answer !== "PONG") throw new Error(`Redis answered ${answer} to PING`);
}

/**
 * How many keys start with `prefix` (after the client's own keyPrefix, which SCAN's MATCH does
 * not add by itself). SCAN walks the keyspace in steps without blocking Redis, so it suits a
 * metrics scrape; `*`, `?`, `[` in the prefix are escaped, it is matched literally.
 */
export async function countKeysWithPrefix(redis: Redis, prefix: string): Promise<number> {
  const literal = `${redis.options.keyPrefix ?? ""}${prefix}`.replace(/[*?[\]\\]/g, "\\$&");
  let cursor = "0";
  let count = 0;
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${literal}*`, "COUNT", 1_000);
    cursor = next;
    count += keys.length;
  } while (cursor !== "0");
  return count;
}
