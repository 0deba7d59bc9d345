import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TEventOf } from "@amia/contracts";
import { createRedis } from "@amia/kit";
import { createTestHarness, eventually, testInfra, type MountedService, type TestHarness } from "@amia/kit/testing";
import { createGoogleStandIn, type GoogleStandIn } from "@amia/google-stand-in";
import { iCalUidOf } from "./domain/google-event.ts";
import type { reconcileWantedSyncs } from "./operations/reconcile-wanted-syncs.ts";
import { connectGoogleAccount, mountCalendarService, queueOf } from "./testing/calendar-service.ts";
import { requestHistory } from "./testing/request-history.ts";

/*
 * The hand-off from Kafka to BullMQ loses nothing when Redis loses its data: the consumer records
 * each wanted sync in MongoDB before it enqueues, and the reconciliation enqueues again whatever
 * Redis no longer holds. Real Kafka, Redis and the MongoDB-wire database; the Google stand-in
 * counts the events.
 */

let harness: TestHarness;
let google: GoogleStandIn;
let calendar: MountedService;
let failures: Array<TEventOf<"calendar.sync-failed">>;

beforeEach(async () => {
  harness = await createTestHarness("calendar-redis-loss");
  google = await createGoogleStandIn({ acceptUnknownRefreshTokens: false });
  // A retry waits 10 minutes and the periodic pass an hour: only this test's calls move anything.
  calendar = await mountCalendarService(harness, google, { sync: { attempts: 3, backoffMs: 600_000, reconcileIntervalMs: 3_600_000 } });
  failures = [];
  await harness.bus
    .consumer({ groupId: "observer", handlers: { "calendar.sync-failed": async (event) => void failures.push(event) } })
    .start();
});
afterEach(async () => {
  await queueOf(calendar).obliterate({ force: true }).catch(() => undefined);
  await harness.close();
  await google.close();
});

const reconcile = () => (calendar.module as unknown as { reconcileSyncs: () => ReturnType<typeof reconcileWantedSyncs> }).reconcileSyncs();

/** Deletes every key under the test's Redis prefix: what a Redis restart without persistence does to them. */
async function wipeRedisPrefix(): Promise<number> {
  const redis = createRedis({ url: testInfra().redisUrl });
  try {
    let deleted = 0;
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${harness.names.redisPrefix}:*`, "COUNT", 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== "0");
    return deleted;
  } finally {
    redis.disconnect();
  }
}

describe("calendar: sync jobs lost by Redis", () => {
  it("every approved request still gets exactly one Google event, and a sync that failed for good is not run again", async () => {
    const COUNT = 6;
    const userId = randomUUID();
    const issued = await connectGoogleAccount(harness, calendar, google, userId);
    const approvals = Array.from({ length: COUNT }, (_, index) => requestHistory(userId, { fields: { title: `Meeting ${index + 1}` } }).approved());
    // Never connected to Google: its job fails for good at once (not_connected) and the user is told.
    const unconnected = requestHistory(randomUUID()).approved();
    // Given: Google is unavailable for each first insert, so every job waits 10 minutes for its retry …
    google.inject({ status: 503, times: COUNT, method: "POST" });
    await harness.bus.publish([...approvals, unconnected]);
    const queue = queueOf(calendar);
    await eventually(async () => {
      const counts = await queue.getJobCounts("delayed", "completed");
      return counts.delayed === COUNT && counts.completed === 1;
    }, 30_000);
    expect(google.events(issued.refresh_token)).toHaveLength(0);
    expect(failures.filter((event) => event.data.event_request_id === unconnected.data.event_request_id)).toHaveLength(1);

    // … when Redis loses every job.
    expect(await wipeRedisPrefix()).toBeGreaterThan(0);
    expect(await queue.getJobCounts("waiting", "delayed", "active", "completed", "failed")).toEqual({ waiting: 0, delayed: 0, active: 0, completed: 0, failed: 0 });

    // Then the reconciliation enqueues the approved ones again, and not the one that failed for good.
    const counts = await reconcile();
    expect(counts).toMatchObject({ enqueue: COUNT, rerun: 0, tell_failed: 0 });

    const events = await eventually(() => {
      const shown = google.events(issued.refresh_token);
      return shown.length >= COUNT ? shown : undefined;
    }, 30_000);
    for (const approval of approvals) {
      expect(events.filter((event) => event.iCalUID === iCalUidOf(approval.data.event_request_id))).toHaveLength(1);
    }
    // Every sync recorded as done: a second pass finds nothing wanted, and Google still holds one each.
    await eventually(async () => (await queue.getJobCounts("completed")).completed === COUNT);
    expect(await reconcile()).toMatchObject({ enqueue: 0, rerun: 0, leave: 0, mark_synced: 0, tell_failed: 0 });
    expect(google.events(issued.refresh_token)).toHaveLength(COUNT);
    expect(failures.filter((event) => event.data.event_request_id === unconnected.data.event_request_id)).toHaveLength(1);
  });

  it("a redelivered approval of a synced request, after Redis lost its jobs, adds no second Google event and leaves nothing wanted", async () => {
    const userId = randomUUID();
    const issued = await connectGoogleAccount(harness, calendar, google, userId);
    const approval = requestHistory(userId).approved();
    await harness.bus.publish([approval]);
    const queue = queueOf(calendar);
    await eventually(async () => (await queue.getJobCounts("completed")).completed === 1);
    await wipeRedisPrefix();

    // A second copy (Kafka redelivers after a crash before the commit): its job id is new to the wiped Redis.
    await harness.bus.publish([approval]);
    await eventually(async () => (await queue.getJobCounts("completed")).completed === 1);
    expect(await reconcile()).toMatchObject({ enqueue: 0, rerun: 0 });
    expect(google.events(issued.refresh_token)).toHaveLength(1);
    expect(google.calls().filter((call) => call.method === "POST" && call.path.endsWith("/events"))).toHaveLength(1);
  });
});
