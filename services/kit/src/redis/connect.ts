import { Redis } from "ioredis";

export interface RedisOptions {
  url: string;
  /** Every key this client touches starts with it (tests isolate themselves this way). */
  keyPrefix?: string;
  /** BullMQ workers need blocking commands never to give up, hence null. */
  forBullMQ?: boolean;
}

export function createRedis(options: RedisOptions): Redis {
  return new Redis(options.url, {
    keyPrefix: options.keyPrefix || undefined,
    maxRetriesPerRequest: options.forBullMQ ? null : 3,
    lazyConnect: false,
    enableReadyCheck: true,
  });
}

export async function pingRedis(redis: Redis): Promise<void> {
  const answer = await redis.ping();
  if (answer !== "PONG") throw new Error(`Redis answered ${answer} to PING`);
}
