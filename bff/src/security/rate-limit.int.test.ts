import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { Context } from "hono";
import { createRedis } from "@amia/kit";
import { eventually, testInfra, uniqueTestNames } from "@amia/kit/testing";
import { createIdentityService } from "../../../services/identity/src/app.ts";
import { createNotificationsService } from "../../../services/notifications/src/app.ts";
import { createRelationshipsService } from "../../../services/relationships/src/app.ts";
import { createWorld, type World } from "../testing/world.ts";
import { createRateLimiter, type RateLimitRule } from "./rate-limit.ts";

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function worldWith(label: string, env: Record<string, string>): Promise<World> {
  const world = await createWorld({ label, services: { identity: createIdentityService, relationships: createRelationshipsService, notifications: createNotificationsService }, env });
  cleanups.push(world.close);
  return world;
}

const emailOf = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

describe("the sliding window in Redis", () => {
  it("lets no burst straddle a window's edge, does not log refusals, and says the exact wait", async () => {
    const redis = createRedis({ url: testInfra().redisUrl, keyPrefix: `${uniqueTestNames("rate-window").redisPrefix}:` });
    cleanups.push(() => redis.quit());
    let now = 1_000_000;
    const limiter = createRateLimiter(redis, () => now);
    const rule: RateLimitRule = { name: "test", limit: 2, windowMs: 60_000, keyOf: () => "ana" };
    const context = {} as Context;

    expect(await limiter.check(context, [rule])).toEqual({ isAllowed: true });
    now += 50_000;
    expect(await limiter.check(context, [rule])).toEqual({ isAllowed: true });
    // A fixed window would start afresh here (1,060,000); the first is still within the last minute.
    now += 9_000;
    expect(await limiter.check(context, [rule])).toEqual({ isAllowed: false, retryAfterSeconds: 1, rule });
    // Refused tries are not logged: once the first leaves the window, one more may go.
    now += 1_000;
    expect(await limiter.check(context, [rule])).toEqual({ isAllowed: true });
    expect(await limiter.check(context, [rule])).toEqual({ isAllowed: false, retryAfterSeconds: 50, rule });
  });
});

describe("per-user limits on writes at the BFF", () => {
  it("refuses a person's writes past the limit with 429, Retry-After and words, and leaves their reads and other people alone", async () => {
    const world = await worldWith("bff-writes", { RATE_LIMIT_WRITES_PER_MINUTE: "3" });
    const ana = await world.signedIn(emailOf("ana"), "Ana Silva");
    const bruno = await world.signedIn(emailOf("bruno"), "Bruno Costa");

    for (let i = 1; i <= 3; i++) expect((await ana.json("POST", "/api/v1/notifications", { title: `Note ${i}` })).status).toBe(201);
    const refused = await ana.json("POST", "/api/v1/notifications", { title: "One too many" });

    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body).toEqual({
      message: `Too many changes in a short time; try again in ${retryAfter} second${retryAfter === 1 ? "" : "s"}`,
      code: "rate_limited",
      details: { limit: "writes", retry_after_seconds: retryAfter },
    });
    // Nothing was forwarded: the service holds the three.
    expect((await ana.json("GET", "/api/v1/notifications")).body.total_count).toBe(3);
    // Another person's writes count on their own.
    expect((await bruno.json("POST", "/api/v1/notifications", { title: "Mine" })).status).toBe(201);
    // Every route that changes something counts, not only POST.
    expect((await ana.json("POST", "/api/v1/notifications/mark-all-read", {})).status).toBe(429);
  });

  it("holds relationship requests to their hourly limit per person, by either route, with the wait in minutes", async () => {
    const world = await worldWith("bff-rr-hourly", { RATE_LIMIT_RELATIONSHIP_REQUESTS_PER_HOUR: "2" });
    const ana = await world.signedIn(emailOf("ana"), "Ana Silva");

    expect((await ana.json("POST", "/api/v1/relationship-requests", { requested_email: emailOf("first") })).status).toBe(201);
    expect((await ana.json("POST", "/api/v1/relationships", { requested_email: emailOf("second") })).status).toBe(201);
    const refused = await ana.json("POST", "/api/v1/relationship-requests", { requested_email: emailOf("third") });

    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect(refused.body).toEqual({
      message: "Too many relationship requests; try again in 60 minutes",
      code: "rate_limited",
      details: { limit: "relationship_requests", retry_after_seconds: retryAfter },
    });
    expect((await ana.json("POST", "/api/v1/relationships", { requested_email: emailOf("fourth") })).status).toBe(429);
    // Other writes still go: the stricter class is only for what notifies someone else.
    expect((await ana.json("POST", "/api/v1/notifications", { title: "Still fine" })).status).toBe(201);
    expect((await ana.json("GET", "/api/v1/relationship-requests/sent")).body.relationship_requests).toHaveLength(2);
  });
});

describe("the flood loop (issue 13): send a relationship request to one email, delete it, again and again", () => {
  it("is refused after the daily number of requests to one person, so the victim is told at most that many times", async () => {
    const world = await worldWith("bff-flood", {});
    const mallory = await world.signedIn(emailOf("mallory"), "Mallory");
    const victimEmail = emailOf("victim");
    const victim = await world.signedIn(victimEmail, "Vera Victim");
    const helper = await world.signedIn(emailOf("helper"), "Hugo Helper");

    const statuses: number[] = [];
    const refusals: Array<{ retryAfter: number; body: any }> = [];
    for (let i = 0; i < 20; i++) {
      const sent = await mallory.json("POST", "/api/v1/relationship-requests", { requested_email: victimEmail });
      statuses.push(sent.status);
      if (sent.status === 201) expect((await mallory.json("DELETE", `/api/v1/relationship-requests/${sent.body.relationship_request.id}`)).status).toBe(204);
      else refusals.push({ retryAfter: Number(sent.headers.get("retry-after")), body: sent.body });
    }

    expect(statuses).toEqual([201, 201, 201, ...Array(17).fill(429)]);
    // The fourth meets the relationships service's count per person, with a wait of about a day.
    const first = refusals[0]!;
    expect(first.retryAfter).toBeGreaterThan(24 * 3600 - 120);
    expect(first.body).toEqual({
      message: `You have asked ${victimEmail} 3 times in the last day; try again in 24 hours`,
      code: "rate_limited",
      details: { limit: "requests_to_person", retry_after_seconds: first.retryAfter },
    });
    for (const refusal of refusals) expect(refusal.retryAfter).toBeGreaterThan(0);

    // A marker after the loop: once the victim has it, every notification the loop caused is in.
    const marker = await helper.json("POST", "/api/v1/relationship-requests", { requested_email: victimEmail });
    expect(marker.status).toBe(201);
    const markerId = marker.body.relationship_request.id as string;
    const allOf = async () => [
      ...(await victim.json("GET", "/api/v1/notifications?take=100")).body.notifications,
      ...(await victim.json("GET", "/api/v1/notifications?take=100&is_deleted=true")).body.notifications,
    ] as Array<{ subject_id: string | null; kind: string }>;
    await eventually(async () => (await allOf()).some((notification) => notification.subject_id === markerId));
    const fromMallory = (await allOf()).filter((notification) => notification.subject_id !== markerId);
    expect(fromMallory.length).toBeLessThanOrEqual(3);
    expect(fromMallory.every((notification) => notification.kind === "relationship_request_received")).toBe(true);
  });
});
