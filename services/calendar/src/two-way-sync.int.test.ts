import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TDomainEvent, TEventOf } from "@amia/contracts";
import { createEvent } from "@amia/kit";
import { createTestHarness, eventually, relationshipCreated, serveOverHttp, type MountedService, type ServedApp, type TestHarness } from "@amia/kit/testing";
import { createGoogleStandIn, type GoogleStandIn } from "@amia/google-stand-in";
import { googleNotificationsRoutes } from "../../../bff/src/routes/google-notifications.ts";
import { createUpstreamClient } from "../../../bff/src/upstream/upstream-client.ts";
import { createEventsService } from "../../events/src/app.ts";
import { createNotificationsService } from "../../notifications/src/app.ts";
import { googleNotificationsUrl } from "./app.ts";
import { iCalUidOf } from "./domain/google-event.ts";
import type { TwoWaySync } from "./operations/two-way-sync.ts";
import { connectGoogleAccount, mountCalendarService, queueOf, type TestCalendarOptions } from "./testing/calendar-service.ts";

/*
 * Two-way Google sync over real Kafka, Redis and the MongoDB-wire database, against the Google
 * stand-in: its push notifications travel through the BFF's own public route (served here over
 * HTTP in front of the calendar service) as they would from Google.
 */

let harness: TestHarness;
let google: GoogleStandIn;
let calendar: MountedService;
let events: MountedService;
let bffFront: ServedApp | null;
let calendarServed: ServedApp | null;
let published: TDomainEvent[];

const ana = { id: randomUUID(), name: "Ana Silva" };
const bruno = { id: randomUUID(), name: "Bruno Costa" };

const noon = {
  start_date: { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" },
  end_date: { date_time: "2026-03-11T13:00", time_zone: "Europe/Lisbon" },
};
// 15:00–16:00 Lisbon on 12 March (UTC+0 then), as Google answers a move: an instant with an offset.
const movedInGoogle = { start: { dateTime: "2026-03-12T15:00:00Z", timeZone: "Europe/Lisbon" }, end: { dateTime: "2026-03-12T16:00:00Z", timeZone: "Europe/Lisbon" } };

beforeEach(async () => {
  harness = await createTestHarness("two-way-sync");
  published = [];
  bffFront = null;
  calendarServed = null;
  await harness.bus
    .consumer({
      groupId: "observer",
      handlers: {
        "calendar.google-event-changed": async (event) => void published.push(event),
        "calendar.google-event-deleted": async (event) => void published.push(event),
        "calendar.google-attendees-responded": async (event) => void published.push(event),
        "calendar.event-synced": async (event) => void published.push(event),
        "event-request.updated": async (event) => void published.push(event),
      },
    })
    .start();
});
afterEach(async () => {
  await queueOf(calendar).obliterate({ force: true }).catch(() => undefined);
  await bffFront?.close();
  await calendarServed?.close();
  await harness.close();
  await google.close();
});

/**
 * The stand-in, the calendar service (push channels addressed to the BFF's public route unless
 * `push` is false) and the events service; Ana and Bruno are connected, Ana's Google Calendar too.
 */
async function setUp(options: { push?: boolean; calendar?: Partial<NonNullable<TestCalendarOptions["twoWay"]>>; channelTtlMs?: number } = {}) {
  google = await createGoogleStandIn({ acceptUnknownRefreshTokens: false, ...(options.channelTtlMs ? { channelTtlMs: options.channelTtlMs } : {}) });
  let webhookUrl: string | null = null;
  if (options.push !== false) {
    // The BFF's route in front of the calendar service, over real HTTP both ways (late-bound: the
    // calendar needs the address before it is mounted).
    let front: Hono | null = null;
    bffFront = await serveOverHttp((request) => (front ? front.fetch(request) : new Response(null, { status: 503 })));
    webhookUrl = googleNotificationsUrl(bffFront.url);
    const mountedCalendar = await mountCalendarService(harness, google, { twoWay: { webhookUrl, syncIntervalMs: 3_600_000, ...options.calendar } });
    calendar = mountedCalendar;
    calendarServed = await serveOverHttp((request) => mountedCalendar.app.fetch(request));
    const served = calendarServed.url;
    const upstream = createUpstreamClient({
      serviceUrls: { calendar: served, identity: served, relationships: served, events: served, notifications: served, agent: served, usage: served, recipes: served },
      timeoutMs: 5_000,
      mint: harness.authority.mint,
    });
    front = new Hono().route("/", googleNotificationsRoutes({ upstream }));
  } else {
    calendar = await mountCalendarService(harness, google, { twoWay: { webhookUrl: null, syncIntervalMs: 3_600_000, ...options.calendar } });
  }
  events = await harness.mount("events", createEventsService);
  await harness.bus.publish([...[ana, bruno].map(registered), relationshipCreated(randomUUID(), ana, bruno)]);
  await eventually(async () => (await events.db.collection("people").countDocuments()) === 2 && (await events.db.collection("relationships").countDocuments()) === 1);
  const issued = await connectGoogleAccount(harness, calendar, google, ana.id);
  return { refreshToken: issued.refresh_token };
}

function registered(person: { id: string; name: string }) {
  return createEvent("identity", "user.registered", {
    subject: person.id,
    actor_id: person.id,
    data: { user_id: person.id, email: `${person.id}@example.com`, name: person.name, full_name: person.name, provider: "google", email_verified: true, created_at: new Date().toISOString() },
  });
}

const twoWaySyncOf = (service: MountedService) => (service.module as unknown as { twoWaySync: TwoWaySync }).twoWaySync;

/** Ana's request, approved by Bruno (a required reviewer), once its Google event exists: its id. */
async function approvedWithReviewer(title = "Lunch with Bruno"): Promise<string> {
  const created = await events.as(ana).post("/api/v1/event-requests", { title, ...noon, approvers: [{ user_id: bruno.id, required: true }] });
  expect(created.status).toBe(201);
  const id = created.body.event_request.id as string;
  expect((await events.as(bruno).post(`/api/v1/event-requests/${id}/approvals/approve`)).status).toBe(200);
  await eventually(async () => (await events.as(ana).get(`/api/v1/event-requests/${id}`)).body.event_request?.google_event_id);
  return id;
}

/** A request of Ana's with no reviewers (approved on creation), once its Google event exists: its id. */
async function approvedAlone(title = "Dentist"): Promise<string> {
  const created = await events.as(ana).post("/api/v1/event-requests", { title, ...noon });
  const id = created.body.event_request.id as string;
  await eventually(async () => (await events.as(ana).get(`/api/v1/event-requests/${id}`)).body.event_request?.google_event_id);
  return id;
}

const changesOf = (id: string) => published.filter((event): event is TEventOf<"calendar.google-event-changed"> => event.type === "calendar.google-event-changed" && event.data.event_request_id === id);
const requestOf = async (id: string) => (await events.as(ana).get(`/api/v1/event-requests/${id}`)).body.event_request as { start_date: unknown; end_date: unknown; status: string; approvers: Array<{ user_id: string; status: string }> };
const listCalls = () => google.calls().filter((call) => call.method === "GET" && call.path.endsWith("/events"));

describe("two-way sync: a change made in Google reaches the request", () => {
  it("through a watch notification, within seconds: the new time is the request's and its reviewer is asked again", async () => {
    const { refreshToken } = await setUp();
    // Connecting opened a channel on Ana's calendar, addressed to the BFF's public route.
    await eventually(() => google.channels().length === 1);
    expect(google.channels()[0]!.address).toBe(googleNotificationsUrl(bffFront!.url));
    const id = await approvedWithReviewer();
    expect((await requestOf(id)).status).toBe("approved");

    const movedAt = Date.now();
    expect(google.control.move(refreshToken, { iCalUID: iCalUidOf(id) }, movedInGoogle)).not.toBeNull();

    // The periodic pass runs hourly here: only the notification can bring it this soon.
    const request = await eventually(async () => {
      const current = await requestOf(id);
      return current.start_date && JSON.stringify(current.start_date) !== JSON.stringify(noon.start_date) ? current : undefined;
    }, 10_000);
    expect(Date.now() - movedAt).toBeLessThan(10_000);
    expect(request).toMatchObject({
      start_date: { date_time: "2026-03-12T15:00", time_zone: "Europe/Lisbon" },
      end_date: { date_time: "2026-03-12T16:00", time_zone: "Europe/Lisbon" },
      status: "pending",
      approvers: [expect.objectContaining({ user_id: bruno.id, status: "pending" })],
    });
    const updated = await eventually(() => published.find((event): event is TEventOf<"event-request.updated"> => event.type === "event-request.updated" && event.data.event_request_id === id));
    expect(updated.data.reviewers_asked_again).toEqual([bruno.id]);
    expect(updated.actor_id).toBe(ana.id);
    expect(changesOf(id)).toHaveLength(1);
  });

  it("without a notification, through the periodic sync", async () => {
    const { refreshToken } = await setUp({ push: false, calendar: { syncIntervalMs: 300 } });
    const id = await approvedAlone();
    expect(google.channels()).toEqual([]);

    google.control.move(refreshToken, { iCalUID: iCalUidOf(id) }, movedInGoogle);

    const request = await eventually(async () => {
      const current = await requestOf(id);
      return (current.start_date as { date_time?: string }).date_time === "2026-03-12T15:00" ? current : undefined;
    }, 15_000);
    // No reviewers: the creator's own change keeps it approved.
    expect(request.status).toBe("approved");
  });

  it("a deletion in Google cancels the request and tells its reviewer", async () => {
    const { refreshToken } = await setUp();
    const notifications = await harness.mount("notifications", createNotificationsService);
    const id = await approvedWithReviewer("Team lunch");

    expect(google.control.remove(refreshToken, { iCalUID: iCalUidOf(id) })).toBe(true);

    await eventually(async () => (await events.as(ana).get(`/api/v1/event-requests/${id}`)).status === 404, 10_000);
    const told = await eventually(async () => {
      const list = (await notifications.as(bruno).get("/api/v1/notifications")).body.notifications as Array<{ kind: string; title: string; subject_id: string | null }>;
      return list.find((notification) => notification.kind === "event_request_cancelled");
    });
    expect(told).toMatchObject({ title: "“Team lunch” was cancelled: its organizer deleted it from Google Calendar", subject_id: null });
    // The calendar does not bring back what the creator deleted there.
    expect(google.events(refreshToken).filter((event) => event.iCalUID === iCalUidOf(id))).toEqual([]);
  });
});

describe("invitations", () => {
  it("puts the approved event on the reviewer's Google Calendar, and their answer there reaches the request", async () => {
    await setUp();
    const brunoEmail = `${bruno.id}@example.com`;
    google.tokens.issue("1//bruno", { email: brunoEmail });
    const id = await approvedWithReviewer();

    // Bruno's own calendar shows it: his copy, our iCalUID, him as the attendee.
    const copy = await eventually(() => google.control.events(brunoEmail)?.find((event) => event.iCalUID === iCalUidOf(id)));
    expect(copy).toMatchObject({ status: "confirmed", summary: "Lunch with Bruno", attendees: [{ email: brunoEmail, responseStatus: "needsAction", self: true }] });
    // The invitation itself comes back as his answer so far: none yet.
    await eventually(async () => ((await requestOf(id)).approvers[0] as { google_response?: string | null }).google_response === "needsAction", 10_000);

    expect(google.control.respond(brunoEmail, { iCalUID: iCalUidOf(id) }, "accepted")).not.toBeNull();

    const answered = await eventually(async () => {
      const approver = (await requestOf(id)).approvers[0] as { google_response?: string | null };
      return approver.google_response === "accepted" ? approver : undefined;
    }, 10_000);
    expect(answered).toMatchObject({ user_id: bruno.id, status: "approved" });
    const reports = published.filter((event): event is TEventOf<"calendar.google-attendees-responded"> => event.type === "calendar.google-attendees-responded" && event.data.event_request_id === id);
    expect(reports.map((event) => event.data.responses)).toEqual([
      [{ user_id: bruno.id, email: brunoEmail, response_status: "needsAction" }],
      [{ user_id: bruno.id, email: brunoEmail, response_status: "accepted" }],
    ]);
    // An answer is not a change of time: nothing was moved.
    expect(changesOf(id)).toEqual([]);
  });
});

describe("two-way sync: tokens, echoes, channels", () => {
  it("answers a 410 with exactly one full resync, then goes on incrementally", async () => {
    const { refreshToken } = await setUp({ push: false });
    const id = await approvedAlone();
    const sync = twoWaySyncOf(calendar);
    expect(await sync.syncUser(ana.id)).toMatchObject({ isFull: true });
    expect(await sync.syncUser(ana.id)).toMatchObject({ isFull: false, changes: 0 });

    google.control.invalidateSyncTokens(refreshToken);
    google.control.move(refreshToken, { iCalUID: iCalUidOf(id) }, movedInGoogle);
    const before = listCalls().length;
    expect(await sync.syncUser(ana.id)).toEqual({ isFull: true, changes: 1 });
    // The incremental listing answered 410, then one full listing: nothing more.
    expect(listCalls().slice(before).map((call) => call.status)).toEqual([410, 200]);
    expect(await sync.syncUser(ana.id)).toEqual({ isFull: false, changes: 0 });
    await eventually(() => changesOf(id).length === 1);
  });

  it("never echoes our own writes: an edit made here, and the edit that follows a move, come back as no change (later moves in Google are the markers)", async () => {
    const { refreshToken } = await setUp();
    const id = await approvedAlone();
    const sync = twoWaySyncOf(calendar);
    const updatesSynced = () => published.filter((event) => event.type === "calendar.event-synced" && event.data.event_request_id === id && event.data.operation === "update").length;
    const at = (day: string, hour: string) => ({ start: { dateTime: `2026-03-${day}T${hour}:00:00Z`, timeZone: "Europe/Lisbon" }, end: { dateTime: `2026-03-${day}T${hour}:30:00Z`, timeZone: "Europe/Lisbon" } });

    // Our own time change: the calendar patches Google, and Google's push makes us list it.
    const edited = await events.as(ana).patch(`/api/v1/event-requests/${id}`, { start_date: { date_time: "2026-03-11T14:00", time_zone: "Europe/Lisbon" }, end_date: { date_time: "2026-03-11T15:00", time_zone: "Europe/Lisbon" } });
    expect(edited.status).toBe(200);
    await eventually(() => updatesSynced() === 1);
    // Joins any listing the push started and lists once more after it: Google's state after our patch has been read.
    await sync.syncUser(ana.id);

    // Marker 1: a real move in Google. Its change is the first this request ever announced.
    google.control.move(refreshToken, { iCalUID: iCalUidOf(id) }, at("12", "09"));
    await eventually(() => changesOf(id).length === 1, 10_000);
    // The events service takes it as Ana's edit; the calendar writes it to Google (status and
    // all), which is our write again and must not come back either.
    await eventually(() => updatesSynced() === 2, 10_000);
    await sync.syncUser(ana.id);

    // Marker 2.
    google.control.move(refreshToken, { iCalUID: iCalUidOf(id) }, at("13", "10"));
    await eventually(() => changesOf(id).length === 2, 10_000);
    await sync.syncUser(ana.id);
    expect(changesOf(id).map((event) => event.data.start_date)).toEqual([
      { date_time: "2026-03-12T09:00", time_zone: "Europe/Lisbon" },
      { date_time: "2026-03-13T10:00", time_zone: "Europe/Lisbon" },
    ]);
  });

  it("renews a channel before it expires, stopping the old one, and changes made in Google still arrive", async () => {
    const { refreshToken } = await setUp({ channelTtlMs: 2_000, calendar: { channelTtlMs: 2_000, renewBeforeMs: 1_200, renewIntervalMs: 150 } });
    const first = await eventually(() => google.channels()[0]);
    const renewed = await eventually(() => {
      const channels = google.channels();
      return channels.length === 1 && channels[0]!.id !== first.id ? channels[0] : undefined;
    }, 10_000);
    expect(renewed.expiration).toBeGreaterThan(first.expiration);

    const id = await approvedAlone();
    const current = google.channels()[0]!;
    google.control.move(refreshToken, { iCalUID: iCalUidOf(id) }, movedInGoogle);
    await eventually(async () => (await requestOf(id) as { start_date: { date_time: string } }).start_date.date_time === "2026-03-12T15:00", 10_000);
    // Renewed on and on while it ran: never more than one channel open at once.
    expect(google.channels().length).toBe(1);
    expect(current.id).not.toBe(first.id);
  });

  it("answers a new channel's first message (\"sync\", sent before watch answers) with a 2xx; a failed watch leaves no channel to accept messages", async () => {
    await setUp();
    // The stand-in, like Google, sends "sync" as soon as the channel exists, and answers watch only after our answer to it.
    const channel = await eventually(() => google.channels()[0]);
    const first = await eventually(() => google.pushes().find((sent) => sent.channelId === channel.id && sent.messageNumber === 1 && sent.status !== undefined));
    expect(first).toMatchObject({ state: "sync", status: 202 });
    await eventually(async () => (await calendar.db.collection("calendar_watches").findOne({ _id: ana.id as never }))?.sync_token);
    expect(await calendar.db.collection("calendar_watches").findOne({ _id: ana.id as never })).toMatchObject({ channel: { id: channel.id, resource_id: channel.resourceId }, opening_channel: null });

    // Disconnected from push, then a watch that Google refuses: the sync fails, and the channel saved for it is gone.
    const sync = twoWaySyncOf(calendar);
    await sync.stopChannels(ana.id);
    google.inject({ status: 500, times: 1, method: "POST" });
    await expect(sync.syncUser(ana.id)).rejects.toMatchObject({ status: 500 });
    expect(await calendar.db.collection("calendar_watches").findOne({ _id: ana.id as never })).toMatchObject({ channel: null, opening_channel: null });
    expect(google.channels()).toEqual([]);
    // The next listing opens one, whose first message is answered too.
    await sync.syncUser(ana.id);
    const reopened = google.channels()[0]!;
    expect(reopened.id).not.toBe(channel.id);
    expect(await eventually(() => google.pushes().find((sent) => sent.channelId === reopened.id && sent.status !== undefined))).toMatchObject({ state: "sync", status: 202 });
  });

  it("stops the push channel at Google on Disconnect, and forgets the sync token", async () => {
    const { refreshToken } = await setUp();
    await eventually(() => google.channels()[0]);
    await eventually(async () => (await calendar.db.collection("calendar_watches").findOne({ _id: ana.id as never }))?.sync_token);

    expect((await calendar.as(ana).delete("/api/v1/auth/tokens")).status).toBe(204);

    expect(google.channels()).toEqual([]);
    expect(google.calls().some((call) => call.path.endsWith("/channels/stop") && call.status === 204)).toBe(true);
    expect(await calendar.db.collection("calendar_watches").findOne({ _id: ana.id as never })).toMatchObject({ channel: null, sync_token: null });
    expect(google.tokens.isRevoked(refreshToken)).toBe(true);
  });

  it("refuses bad notifications at the public route with a 4xx and does nothing; a good one lists the calendar", async () => {
    await setUp();
    const channel = await eventually(() => google.channels()[0]);
    await eventually(() => listCalls().length >= 1);
    const url = googleNotificationsUrl(bffFront!.url);
    const post = (headers: Record<string, string>) => fetch(url, { method: "POST", headers });
    const good = { "X-Goog-Channel-ID": channel.id, "X-Goog-Channel-Token": channel.token!, "X-Goog-Resource-ID": channel.resourceId, "X-Goog-Resource-State": "exists", "X-Goog-Message-Number": "9" };
    const listsBefore = listCalls().length;

    const missing = await post({ ...good, "X-Goog-Channel-Token": "" });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain("channel_token");
    expect((await post({ ...good, "X-Goog-Resource-State": "bogus" })).status).toBe(400);
    expect((await post({ ...good, "X-Goog-Channel-Token": "guess" })).status).toBe(403);
    expect((await post({ ...good, "X-Goog-Resource-ID": "other" })).status).toBe(403);
    expect((await post({ ...good, "X-Goog-Channel-ID": "unknown" })).status).toBe(404);
    expect(listCalls().length).toBe(listsBefore);

    // The marker: a good one lists once, and the bad ones listed nothing before it.
    expect((await post(good)).status).toBe(202);
    await eventually(() => listCalls().length === listsBefore + 1);
    expect(listCalls().length).toBe(listsBefore + 1);
  });
});
