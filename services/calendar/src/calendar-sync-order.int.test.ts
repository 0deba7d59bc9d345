import { randomBytes, randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TDomainEvent, TEventOf } from "@amia/contracts";
import { createTestHarness, eventually, type MountedService, type TestHarness } from "@amia/kit/testing";
import { createGoogleStandIn, type GoogleEvent, type GoogleStandIn } from "@amia/google-stand-in";
import { syncJobFor, type SyncSourceEvent } from "./domain/sync-rules.ts";
import { syncJobId } from "./jobs/sync-job.ts";
import { connectGoogleAccount, mountCalendarService, queueOf } from "./testing/calendar-service.ts";
import { requestHistory, type RequestHistory } from "./testing/request-history.ts";

/*
 * Calendar sync in order (issue 11 point 6): whatever order a request's sync jobs run in, four at
 * a time, Google ends in the state of the request's newest version. Real Kafka, Redis (BullMQ)
 * and the MongoDB-wire database, against the Google stand-in.
 */

const RUNS = 50;
const SYNC = { attempts: 4, backoffMs: 20 };

let harness: TestHarness;
let google: GoogleStandIn;
let calendar: MountedService;
let tokenKey: Buffer;
let synced: Array<TEventOf<"calendar.event-synced">>;
let failures: Array<TEventOf<"calendar.sync-failed">>;

beforeEach(async () => {
  harness = await createTestHarness("calendar-order");
  // Google's calls take a varying time, so calls sent in one order can land in the other.
  google = await createGoogleStandIn({ acceptUnknownRefreshTokens: false, latencyMs: 40 });
  tokenKey = randomBytes(32);
  // The worker's concurrency is the production default: four jobs at a time.
  calendar = await mountCalendarService(harness, google, { sync: SYNC, tokenEncryptionKey: tokenKey });
  synced = [];
  failures = [];
  await harness.bus
    .consumer({
      groupId: "observer",
      handlers: {
        "calendar.event-synced": async (event) => void synced.push(event),
        "calendar.sync-failed": async (event) => void failures.push(event),
      },
    })
    .start();
});
afterEach(async () => {
  await queue().obliterate({ force: true }).catch(() => undefined);
  await harness.close();
  await google.close();
});

const queue = () => queueOf(calendar);
const publish = (...events: TDomainEvent[]) => harness.bus.publish(events);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Runs `run` for every item, a few at a time: the jobs of one request then sit close together in
 * the queue, so the worker's four slots take them at once, as with one person clicking twice.
 */
async function inWaves<T>(items: readonly T[], run: (item: T, index: number) => Promise<void>, size = 2): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    await Promise.all(items.slice(start, start + size).map((item, offset) => run(item, start + offset)));
  }
}

/** Somewhere within 100 ms, as a person clicking twice. */
const within100ms = () => pause(Math.random() * 100);
const jobIdOf = (event: SyncSourceEvent) => syncJobId(syncJobFor(event));
/** 11 March 2026, from `start` to `end`, Lisbon time. */
const lisbon = (start: string, end: string) => ({
  start_date: { date_time: `2026-03-11T${start}`, time_zone: "Europe/Lisbon" },
  end_date: { date_time: `2026-03-11T${end}`, time_zone: "Europe/Lisbon" },
});

interface User {
  id: string;
  refreshToken: string;
}

async function connectedUsers(count: number): Promise<User[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const id = randomUUID();
      const issued = await connectGoogleAccount(harness, calendar, google, id);
      return { id, refreshToken: issued.refresh_token };
    }),
  );
}

/** Waits until every job these events asked for has run; a job that failed fails the test, named. */
async function jobsDone(events: readonly SyncSourceEvent[], timeoutMs = 120_000): Promise<Record<string, unknown>> {
  const ids = [...new Set(events.map(jobIdOf))];
  return eventually(
    async () => {
      const jobs = await Promise.all(ids.map(async (id) => ({ id, job: await queue().getJob(id), state: await queue().getJobState(id) })));
      const failed = jobs.filter(({ state }) => state === "failed");
      if (failed.length) throw new Error(`jobs failed: ${failed.map(({ id, job }) => `${id} (${job?.failedReason})`).join(", ")}`);
      if (!jobs.every(({ state }) => state === "completed")) return undefined;
      return Object.fromEntries(jobs.map(({ id, job }) => [id, job?.returnvalue]));
    },
    timeoutMs,
    200,
  );
}

/** Every job these events asked for is queued and none has run (the queue is paused). */
async function jobsPiledUp(events: readonly SyncSourceEvent[]): Promise<void> {
  const ids = [...new Set(events.map(jobIdOf))];
  await eventually(async () => {
    const states = await Promise.all(ids.map((id) => queue().getJobState(id)));
    return states.every((state) => state === "waiting");
  }, 60_000, 200);
}

/**
 * Stops the calendar service's worker with jobs waiting, as a deploy would, and starts it again
 * on the same database, Redis and Kafka group: the jobs that piled up then run four at a time.
 */
async function restartWithPiledUpJobs(events: readonly SyncSourceEvent[]): Promise<void> {
  await jobsPiledUp(events);
  await calendar.module.stop();
  calendar = await mountCalendarService(harness, google, { sync: SYNC, tokenEncryptionKey: tokenKey });
  await queue().resume();
}

/** The user's Google events with our iCalUID for this request. */
const googleEventsOf = (user: User, request: RequestHistory): GoogleEvent[] =>
  google.events(user.refreshToken).filter((event) => event.iCalUID === `amia-${request.id}@amia.app`);

describe.each([
  { condition: "with the calendar service running", isPiledUp: false },
  { condition: "with its jobs piled up behind a restart", isPiledUp: true },
])("calendar sync order, $condition", ({ isPiledUp }) => {
  it(`approve then delete within 100 ms, ${RUNS} times: no Google event is left for a deleted request`, async () => {
    const users = await connectedUsers(RUNS);
    const requests = users.map((user) => requestHistory(user.id));
    const events: SyncSourceEvent[] = [];
    if (isPiledUp) await queue().pause();

    await inWaves(requests, async (request) => {
      const approval = request.approved();
      events.push(approval);
      await publish(approval);
      await within100ms();
      const deletion = request.deleted();
      events.push(deletion);
      await publish(deletion);
    });
    if (isPiledUp) await restartWithPiledUpJobs(events);
    await jobsDone(events);

    const wrong = requests.flatMap((request, index) => {
      const left = googleEventsOf(users[index]!, request);
      return left.length ? [`${request.id}: ${left.length} Google event(s) left (${left.map((event) => event.status).join(", ")})`] : [];
    });
    expect(wrong, `${wrong.length} of ${RUNS} runs ended wrong`).toEqual([]);
    expect(failures).toEqual([]);
    // Every deleted request keeps its tombstone, with the deletion's version.
    const docs = await calendar.db.collection("calendar_syncs").find({ _id: { $in: requests.map((request) => request.id) as never[] } }).toArray();
    expect(docs.filter((doc) => doc.is_deleted === true && doc.version === 2)).toHaveLength(RUNS);
  });

  it(`edit then edit within 100 ms, ${RUNS} times: Google shows the last edit`, async () => {
    const users = await connectedUsers(RUNS);
    const requests = users.map((user) => requestHistory(user.id));
    const approvals = requests.map((request) => request.approved());
    await publish(...approvals);
    await jobsDone(approvals);
    const edits: SyncSourceEvent[] = [];
    if (isPiledUp) await queue().pause();

    await inWaves(requests, async (request, index) => {
      const first = request.updated({ title: `First edit ${index}`, location: "Rua Augusta", ...lisbon("14:00", "15:00") }, "approved");
      edits.push(first);
      await publish(first);
      await within100ms();
      const second = request.updated({ title: `Second edit ${index}`, location: "Praça do Comércio", ...lisbon("12:30", "13:30") }, "approved");
      edits.push(second);
      await publish(second);
    });
    if (isPiledUp) await restartWithPiledUpJobs(edits);
    await jobsDone(edits);

    const wrong = requests.flatMap((request, index) => {
      const shown = googleEventsOf(users[index]!, request);
      const isRight =
        shown.length === 1 &&
        shown[0]!.summary === `Second edit ${index}` &&
        shown[0]!.location === "Praça do Comércio" &&
        shown[0]!.start.dateTime === "2026-03-11T12:30:00" &&
        shown[0]!.status === "confirmed";
      return isRight ? [] : [`${request.id}: ${JSON.stringify(shown.map(({ summary, location, start, status }) => ({ summary, location, start, status })))}`];
    });
    expect(wrong, `${wrong.length} of ${RUNS} runs ended wrong`).toEqual([]);
    expect(failures).toEqual([]);
  });
});

describe("calendar sync order: one request, step by step", () => {
  const syncedAt = (request: RequestHistory, version: number) =>
    eventually(() => synced.find((event) => event.data.event_request_id === request.id && event.data.request_version === version));
  const callsOf = (user: User, method: string) => google.calls().filter((call) => call.user === user.refreshToken && call.method === method && call.path.includes("/events"));

  it("applies v3 delivered before v2, and then v2 changes nothing", async () => {
    const [user] = await connectedUsers(1);
    const request = requestHistory(user!.id);
    const approval = request.approved();
    await publish(approval);
    await jobsDone([approval]);
    const v2 = request.updated({ title: "Second" }, "approved");
    const v3 = request.updated({ title: "Third", location: "Home" }, "approved");

    await publish(v3);
    await jobsDone([v3]);
    await publish(v2);
    const outcomes = await jobsDone([v2]);

    expect(outcomes[jobIdOf(v2)]).toBe("nothing_to_do");
    expect(googleEventsOf(user!, request)).toEqual([expect.objectContaining({ summary: "Third", location: "Home", status: "confirmed" })]);
    expect(callsOf(user!, "PATCH")).toHaveLength(1);
    expect((await syncedAt(request, 3)).data.operation).toBe("update");
  });

  it("shows a material change of an approved request tentatively, and confirms it on re-approval", async () => {
    const [user] = await connectedUsers(1);
    const request = requestHistory(user!.id);
    await publish(request.approved());
    const created = await syncedAt(request, 1);

    await publish(request.updated(lisbon("15:00", "16:00"), "pending"));
    await syncedAt(request, 2);
    expect(googleEventsOf(user!, request)).toEqual([
      expect.objectContaining({ id: created.data.google_event_id, status: "tentative", start: { dateTime: "2026-03-11T15:00:00", timeZone: "Europe/Lisbon" } }),
    ]);

    await publish(request.approved());
    await syncedAt(request, 3);
    expect(googleEventsOf(user!, request)).toEqual([expect.objectContaining({ id: created.data.google_event_id, status: "confirmed", start: expect.objectContaining({ dateTime: "2026-03-11T15:00:00" }) })]);
    expect(callsOf(user!, "POST")).toHaveLength(1);
  });

  it("removes the event when the request is rejected after an approval; late and redelivered older jobs bring nothing back", async () => {
    const [user] = await connectedUsers(1);
    const request = requestHistory(user!.id);
    const approval = request.approved();
    await publish(approval);
    const created = await syncedAt(request, 1);
    const reReview = request.updated({ location: "Home" }, "pending");
    await publish(reReview);
    await syncedAt(request, 2);

    await publish(request.rejected());

    const removed = await syncedAt(request, 3);
    expect(removed.data).toMatchObject({ operation: "delete", google_event_id: created.data.google_event_id });
    expect(googleEventsOf(user!, request)).toEqual([]);

    // The same messages again, once their jobs are gone from the queue (so they run again).
    await queue().clean(0, 1_000, "completed");
    await publish(approval, reReview);
    const outcomes = await jobsDone([approval, reReview]);
    expect(Object.values(outcomes)).toEqual(["nothing_to_do", "nothing_to_do"]);
    expect(googleEventsOf(user!, request)).toEqual([]);
  });

  it("brings a rejected request's event back, the same Google event, when a newer approval comes", async () => {
    const [user] = await connectedUsers(1);
    const request = requestHistory(user!.id);
    await publish(request.approved());
    const created = await syncedAt(request, 1);
    await publish(request.rejected());
    await syncedAt(request, 2);
    expect(googleEventsOf(user!, request)).toEqual([]);

    await publish(request.updated({ title: "Lunch, take two" }, "pending"), request.approved());

    await syncedAt(request, 4);
    expect(googleEventsOf(user!, request)).toEqual([expect.objectContaining({ id: created.data.google_event_id, summary: "Lunch, take two", status: "confirmed" })]);
  });

  it("makes no Google event for an edit of a request never approved, yet counts its version: an older approval then gives it the newer content, tentatively", async () => {
    const [user] = await connectedUsers(1);
    const request = requestHistory(user!.id, { created: 1 });
    const approval = request.approved();
    const reReview = request.updated({ title: "Moved lunch", ...lisbon("15:00", "16:00") }, "pending");

    await publish(reReview);
    const first = await jobsDone([reReview]);
    expect(first[jobIdOf(reReview)]).toBe("nothing_to_do");
    expect(google.calls().filter((call) => call.user === user!.refreshToken)).toEqual([]);

    await publish(approval);
    await jobsDone([approval]);
    expect(googleEventsOf(user!, request)).toEqual([expect.objectContaining({ summary: "Moved lunch", status: "tentative" })]);
  });

  it("applies a redelivered message once", async () => {
    const [user] = await connectedUsers(1);
    const request = requestHistory(user!.id);
    const approval = request.approved();
    const edit = request.updated({ title: "Brunch" }, "approved");

    await publish(approval, approval, edit, edit);
    await jobsDone([approval, edit]);
    const patches = callsOf(user!, "PATCH").length;
    // Redelivered once its job is gone from the queue, so it runs again.
    await queue().clean(0, 1_000, "completed");
    await publish(edit);
    const outcomes = await jobsDone([edit]);

    expect(outcomes[jobIdOf(edit)]).toBe("nothing_to_do");
    expect(googleEventsOf(user!, request)).toEqual([expect.objectContaining({ summary: "Brunch" })]);
    expect(callsOf(user!, "POST")).toHaveLength(1);
    expect(callsOf(user!, "PATCH")).toHaveLength(patches);
  });
});
