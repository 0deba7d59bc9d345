import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Redis } from "ioredis";
import { createRedis } from "@amia/kit";
import { testInfra, uniqueTestNames } from "@amia/kit/testing";
import { createRedisLock, LockBusyError } from "./redis-lock.ts";

let redis: Redis;
let keyPrefix: string;

beforeEach(() => {
  redis = createRedis({ url: testInfra().redisUrl });
  keyPrefix = `${uniqueTestNames("redis-lock").redisPrefix}:lock:`;
});
afterEach(() => redis.disconnect());

describe("the per-id Redis lock (real Redis)", () => {
  it("runs the work of one id one at a time, in every replica, while other ids run meanwhile", async () => {
    // Two replicas: two lock objects, one Redis.
    const replicas = [createRedisLock(redis, { keyPrefix, ttlMs: 5_000 }), createRedisLock(redis, { keyPrefix, ttlMs: 5_000 })];
    const running = new Set<string>();
    const seenTogether: string[][] = [];
    const work = (name: string) => async () => {
      running.add(name);
      seenTogether.push([...running].sort());
      await new Promise((resolve) => setTimeout(resolve, 100));
      running.delete(name);
    };

    await Promise.all([
      replicas[0]!.withLock("request-1", work("a")),
      replicas[1]!.withLock("request-1", work("b")),
      replicas[1]!.withLock("request-2", work("other")),
    ]);

    // a and b (one request) never ran together; "other" (another request) ran alongside one of them.
    expect(seenTogether.some((names) => names.includes("a") && names.includes("b"))).toBe(false);
    expect(seenTogether.some((names) => names.includes("other") && names.length === 2)).toBe(true);
    expect(seenTogether).toHaveLength(3);
    expect(await redis.exists(`${keyPrefix}request-1`)).toBe(0);
  });

  it("keeps the lock while slow work runs past its expiry, and lets it go after", async () => {
    const lock = createRedisLock(redis, { keyPrefix, ttlMs: 150 });
    let takenMeanwhile: unknown = "not tried";

    await lock.withLock("request-1", async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      takenMeanwhile = await lock.tryAcquire("request-1");
    });

    expect(takenMeanwhile).toBeNull();
    expect(await lock.tryAcquire("request-1")).not.toBeNull();
  });

  it("gives up waiting with LockBusyError when the holder never lets go, and leaves the holder's lock alone", async () => {
    const lock = createRedisLock(redis, { keyPrefix, ttlMs: 5_000 });
    // A replica that took the lock and died: the key stays until it expires.
    await redis.set(`${keyPrefix}request-1`, "crashed-replica", "PX", 5_000);
    let ran = false;

    await expect(lock.withLock("request-1", async () => void (ran = true), { waitMs: 200 })).rejects.toBeInstanceOf(LockBusyError);

    expect(ran).toBe(false);
    expect(await redis.get(`${keyPrefix}request-1`)).toBe("crashed-replica");
  });
});
