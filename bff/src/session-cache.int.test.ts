import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createRedis } from "@amia/kit";
import { eventually, quietLogger, testInfra, uniqueTestNames } from "@amia/kit/testing";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "./security/csrf.ts";
import { createSessionCache, SESSION_ENDED_CHANNEL } from "./sessions/session-cache.ts";
import { SESSION_COOKIE } from "./sessions/session-middleware.ts";
import { createSessionStore, sessionKey } from "./sessions/session-store.ts";
import { startTestBff, type TestBff } from "./testing/test-bff.ts";

/**
 * The session cache (sessions/session-cache.ts) across replicas: a replica answers from a session
 * it read without asking Redis again, and forgets it the moment any replica ends it.
 */

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const LIFETIME = { idleMs: 3_600_000, absoluteMs: 86_400_000 };

/** Two replicas of one deployment (one Redis prefix), each caching a session for a minute. */
async function twoReplicas(): Promise<[TestBff, TestBff]> {
  const names = uniqueTestNames("session-cache");
  const start = async () => {
    const bff = await startTestBff({ label: "session-cache", names, env: () => ({ SESSION_CACHE_MS: "60000" }) });
    cleanups.push(bff.close);
    return bff;
  };
  const replicas: [TestBff, TestBff] = [await start(), await start()];
  // Both subscribed to the invalidations (pub/sub channels carry the deployment's prefix).
  const channel = `${replicas[0].config.env.REDIS_KEY_PREFIX}${SESSION_ENDED_CHANNEL}`;
  await eventually(async () => Number(((await replicas[0].redis.pubsub("NUMSUB", channel)) as [string, number])[1]) >= 2);
  return replicas;
}

/** A signed-in call through the catalogue; its service is unreachable, so a live session gets 503, none 401. */
const listRequests = (bff: TestBff, cookie: string) => fetch(`${bff.url}/api/v1/event-requests`, { headers: { cookie } }).then((answer) => answer.status);

describe("the session cache", () => {
  it("answers from a session it read without asking Redis again, and refuses it on every replica once one ends it", async () => {
    const [a, b] = await twoReplicas();
    const store = createSessionStore({ redis: a.redis, lifetime: LIFETIME });

    // Read once by b, then removed behind every replica's back: b still serves it from its cache, a (which never read it) refuses.
    const first = await store.create({ id: randomUUID(), email: "cached@example.com" });
    const firstCookie = `${SESSION_COOKIE}=${first.id}`;
    expect(await listRequests(b, firstCookie)).toBe(503);
    await a.redis.del(sessionKey(first.id));
    expect(await listRequests(b, firstCookie)).toBe(503);
    expect(await listRequests(a, firstCookie)).toBe(401);

    // Signed out on a: b, which has it cached for a minute, refuses it straight away.
    const second = await store.create({ id: randomUUID(), email: "signed-out@example.com" });
    const secondCookie = `${SESSION_COOKIE}=${second.id}`;
    expect(await listRequests(b, secondCookie)).toBe(503);
    expect(await listRequests(a, secondCookie)).toBe(503);
    const logout = await fetch(`${a.url}/api/v1/auth/logout`, { method: "POST", headers: { cookie: secondCookie, origin: a.url, [CSRF_HEADER]: CSRF_HEADER_VALUE } });
    expect(logout.status).toBe(204);
    expect(await listRequests(a, secondCookie)).toBe(401);
    await eventually(async () => (await listRequests(b, secondCookie)) === 401, 2_000, 20);
  });

  it("serves nothing from the cache while its subscription is down, and starts empty when it is back", async () => {
    const infra = testInfra();
    const prefix = `${uniqueTestNames("session-cache-drop").redisPrefix}:`;
    const redis = createRedis({ url: infra.redisUrl, keyPrefix: prefix });
    const subscriber = createRedis({ url: infra.redisUrl });
    cleanups.push(async () => Promise.allSettled([subscriber.quit(), redis.quit()]));
    const cache = createSessionCache({ redis, subscriber, channelPrefix: prefix, maxAgeMs: 60_000, logger: quietLogger() });
    const record = { user_id: "u1", email: "u1@example.com", created_at: Date.now(), last_seen_at: Date.now() };

    await eventually(() => cache.isLive());
    cache.set("k", record);
    expect(cache.get("k")).toEqual(record);

    // The connection drops (a Redis restart looks the same): an invalidation could be missed.
    subscriber.disconnect(true);
    await eventually(() => !cache.isLive(), 5_000, 10);
    expect(cache.get("k")).toBeUndefined();
    cache.set("k", record);
    expect(cache.get("k")).toBeUndefined();

    // Back and subscribed again: caching resumes, and what was cached before is gone.
    await eventually(() => cache.isLive(), 10_000);
    expect(cache.get("k")).toBeUndefined();
    cache.set("k", record);
    expect(cache.get("k")).toEqual(record);
  });
});
