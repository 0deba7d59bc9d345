import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TDomainEvent, TEventOf } from "@amia/contracts";
import { createTestHarness, eventually, type MountedService, type TestHarness } from "@amia/kit/testing";
import { createGoogleStandIn, type GoogleStandIn } from "@amia/google-stand-in";
import { createEventsService } from "../../events/src/app.ts";
import { createNotificationsService } from "../../notifications/src/app.ts";
import { iCalUidOf } from "./domain/google-event.ts";
import { connectGoogleAccount, mountCalendarService, queueOf } from "./testing/calendar-service.ts";
import { requestHistory } from "./testing/request-history.ts";

/*
 * Calendar sync over real Kafka, Redis (BullMQ) and the MongoDB-wire database, against the
 * Google stand-in (deploy/google-stand-in) speaking Google's wire format.
 */

let harness: TestHarness;
let google: GoogleStandIn;
let calendar: MountedService;
let published: Array<TEventOf<"calendar.event-synced"> | TEventOf<"calendar.sync-failed">>;

const ATTEMPTS = 4;
const OPERATOR_ID = randomUUID();

beforeEach(async () => {
  harness = await createTestHarness("calendar-sync");
  google = await createGoogleStandIn({ acceptUnknownRefreshTokens: false });
  calendar = await mountCalendarService(harness, google, { sync: { attempts: ATTEMPTS, backoffMs: 20 }, adminUserIds: [OPERATOR_ID] });
  published = [];
  await harness.bus
    .consumer({
      groupId: "observer",
      handlers: {
        "calendar.event-synced": async (event) => void published.push(event),
        "calendar.sync-failed": async (event) => void published.push(event),
      },
    })
    .start();
});
afterEach(async () => {
  await queueOf(calendar).obliterate({ force: true }).catch(() => undefined);
  await harness.close();
  await google.close();
});

/** A user whose Google tokens the BFF handed over at sign-in (through the internal route). */
async function connectedUser(): Promise<{ id: string; refreshToken: string; accessToken: string }> {
  const id = randomUUID();
  const issued = await connectGoogleAccount(harness, calendar, google, id);
  return { id, refreshToken: issued.refresh_token, accessToken: issued.access_token };
}

const lisbonNoon = {
  start_date: { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" },
  end_date: { date_time: "2026-03-11T13:00", time_zone: "Europe/Lisbon" },
};

/** The approval (version 1) of `userId`'s request "Lunch with Sarah" at Joe's Pizza, 11 March 12:00–13:00 Lisbon. */
const approved = (userId: string, fields: { title?: string } = {}) => requestHistory(userId, { fields }).approved();

const publish = (...events: TDomainEvent[]) => harness.bus.publish(events);
const syncedFor = (eventRequestId: string, operation = "create") =>
  eventually(() => published.find((event) => event.type === "calendar.event-synced" && event.data.event_request_id === eventRequestId && event.data.operation === operation) as TEventOf<"calendar.event-synced"> | undefined);
const failedFor = (eventRequestId: string) =>
  eventually(() => published.find((event) => event.type === "calendar.sync-failed" && event.data.event_request_id === eventRequestId) as TEventOf<"calendar.sync-failed"> | undefined);
const insertsOf = (user: { refreshToken: string }) => google.calls().filter((call) => call.method === "POST" && call.path.endsWith("/events") && call.user === user.refreshToken);

describe("calendar: approval → one Google event", () => {
  it("creates exactly one event with our iCalUID, even when the approval is delivered twice", async () => {
    const user = await connectedUser();
    const approval = approved(user.id);
    // Consumed after both copies: once it is synced, the second copy has been handled too.
    const marker = approved(user.id, { title: "Marker" });

    await publish(approval, approval, marker);

    const synced = await syncedFor(approval.data.event_request_id);
    await syncedFor(marker.data.event_request_id);
    const events = google.events(user.refreshToken).filter((event) => event.summary !== "Marker");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: "calendar#event",
      id: synced.data.google_event_id,
      summary: "Lunch with Sarah",
      location: "Joe's Pizza",
      iCalUID: iCalUidOf(approval.data.event_request_id),
      start: { dateTime: "2026-03-11T12:00:00", timeZone: "Europe/Lisbon" },
    });
    expect(synced.data).toMatchObject({ user_id: user.id, operation: "create", html_link: events[0]!.htmlLink, request_version: 1 });
    // One job for the two copies (its id is per request, version and operation): one insert.
    const jobs = await queueOf(calendar).getJobs(["waiting", "active", "delayed", "completed", "failed"]);
    expect(jobs.filter((job) => job.data.event_request_id === approval.data.event_request_id).map((job) => job.id)).toEqual([`${approval.data.event_request_id}.create.v1`]);
    expect(insertsOf(user)).toHaveLength(2); // one for each request
    expect(google.events(user.refreshToken).filter((event) => event.iCalUID === iCalUidOf(approval.data.event_request_id))).toHaveLength(1);
  });

  it("retries a job whose insert reached Google but whose answer was lost, without a second event", async () => {
    const user = await connectedUser();
    // Google creates the event, then the answer is lost (500): the job fails once and is retried.
    google.inject({ status: 500, times: 1, method: "POST", afterApply: true });
    const approval = approved(user.id);

    await publish(approval);

    const synced = await syncedFor(approval.data.event_request_id);
    const inserts = insertsOf(user);
    expect(inserts.map((call) => call.status)).toEqual([500, 409]);
    expect(google.events(user.refreshToken)).toHaveLength(1);
    expect(google.events(user.refreshToken)[0]!.id).toBe(synced.data.google_event_id);
  });

  it("hands google_event_id to the events service, whose own edits and deletion then reach Google", async () => {
    const events = await harness.mount("events", createEventsService);
    const user = await connectedUser();

    // A request with no reviewers is approved on creation (DESIGN.md), which emits event-request.approved.
    const created = await events.as({ id: user.id }).post("/api/v1/event-requests", { title: "Dentist", start_date: lisbonNoon.start_date, end_date: lisbonNoon.end_date });
    expect(created.status).toBe(201);
    const id = created.body.event_request.id as string;

    const synced = await syncedFor(id);
    const shown = await eventually(async () => {
      const response = await events.as({ id: user.id }).get(`/api/v1/event-requests/${id}`);
      return response.body.event_request?.google_event_id ? response.body.event_request : undefined;
    });
    expect(shown.google_event_id).toBe(synced.data.google_event_id);

    // And the events service's own edits and deletion reach Google.
    expect((await events.as({ id: user.id }).patch(`/api/v1/event-requests/${id}`, { title: "Dentist (moved)" })).status).toBe(200);
    await eventually(() => google.events(user.refreshToken)[0]?.summary === "Dentist (moved)");
    expect((await events.as({ id: user.id }).delete(`/api/v1/event-requests/${id}`)).status).toBe(204);
    await eventually(() => google.events(user.refreshToken).length === 0);
  });
});

describe("calendar: a repeating request is one recurring Google event (issue 16)", () => {
  it("approval puts one event with the RRULE and the zone on Google; it reads back equal; a rule change and its end reach it", async () => {
    const events = await harness.mount("events", createEventsService);
    const user = await connectedUser();
    // 11 Mar 2026 is a Wednesday. No reviewers: approved at once.
    const body = { title: "Planning", ...lisbonNoon, recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=WE;UNTIL=20260624" };
    const created = await events.as({ id: user.id }).post("/api/v1/event-requests", body);
    expect(created.status).toBe(201);
    const id = created.body.event_request.id as string;

    const synced = await syncedFor(id);
    const held = google.events(user.refreshToken);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({
      id: synced.data.google_event_id,
      iCalUID: iCalUidOf(id),
      // UNTIL: the end of 24 June in Lisbon (summer time, UTC+1), as RFC 5545 wants it beside a zoned start.
      recurrence: ["RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=WE;UNTIL=20260624T225959Z"],
      start: { dateTime: "2026-03-11T12:00:00", timeZone: "Europe/Lisbon" },
      end: { dateTime: "2026-03-11T13:00:00", timeZone: "Europe/Lisbon" },
    });

    // Read back through Google's API: the same rule, and the request still says what was asked.
    const readBack = await fetch(`${google.url}/calendar/v3/calendars/primary/events/${synced.data.google_event_id}`, { headers: { authorization: `Bearer ${user.accessToken}` } });
    expect(readBack.status).toBe(200);
    expect(((await readBack.json()) as { recurrence?: string[] }).recurrence).toEqual(held[0]!.recurrence);
    expect((await events.as({ id: user.id }).get(`/api/v1/event-requests/${id}`)).body.event_request.recurrence).toBe(body.recurrence);
    // Read as the dashboard reads the calendar (singleEvents): the occurrences, every other Wednesday, each naming the request.
    const listed = await calendar.as({ id: user.id }).get("/api/v1/calendar/events?timeMin=2026-03-01T00:00:00Z&timeMax=2026-05-01T00:00:00Z");
    expect(listed.status).toBe(200);
    const occurrences = (listed.body.events as Array<{ event_request_id: string | null; start: { date_time: string | null } }>).filter((event) => event.event_request_id === id);
    expect(occurrences.map((event) => event.start.date_time)).toEqual(["2026-03-11T12:00:00Z", "2026-03-25T12:00:00Z", "2026-04-08T12:00:00+01:00", "2026-04-22T12:00:00+01:00"]);

    expect((await events.as({ id: user.id }).patch(`/api/v1/event-requests/${id}`, { recurrence: "FREQ=WEEKLY;BYDAY=WE;COUNT=4" })).status).toBe(200);
    await eventually(() => google.events(user.refreshToken)[0]?.recurrence?.[0] === "RRULE:FREQ=WEEKLY;BYDAY=WE;COUNT=4");
    expect((await events.as({ id: user.id }).patch(`/api/v1/event-requests/${id}`, { recurrence: null })).status).toBe(200);
    await eventually(() => google.events(user.refreshToken)[0] !== undefined && !("recurrence" in google.events(user.refreshToken)[0]!));
    expect(google.events(user.refreshToken)).toHaveLength(1);
  });
});

describe("calendar: tokens and Google's failures", () => {
  it("refreshes an expired access token once and carries on (401 → refresh → success)", async () => {
    const user = await connectedUser();
    google.tokens.expireAccess(user.refreshToken);
    const approval = approved(user.id);

    await publish(approval);

    await syncedFor(approval.data.event_request_id);
    expect(google.tokens.refreshCount(user.refreshToken)).toBe(1);
    expect(google.events(user.refreshToken)).toHaveLength(1);
    const statuses = google.calls().filter((call) => call.path.startsWith("/calendar/")).map((call) => call.status);
    expect(statuses[0]).toBe(401);
  });

  it("shares one refresh among concurrent jobs of one user", async () => {
    const user = await connectedUser();
    google.tokens.expireAccess(user.refreshToken);
    const approvals = [approved(user.id), approved(user.id), approved(user.id)];

    await publish(...approvals);

    for (const approval of approvals) await syncedFor(approval.data.event_request_id);
    expect(google.events(user.refreshToken)).toHaveLength(3);
    expect(google.tokens.refreshCount(user.refreshToken)).toBe(1);
  });

  it("on invalid_grant marks the connection invalid, emits sync-failed, and the user is notified", async () => {
    const notifications = await harness.mount("notifications", createNotificationsService);
    const user = await connectedUser();
    google.tokens.expireAccess(user.refreshToken);
    google.tokens.revoke(user.refreshToken);
    const approval = approved(user.id);

    await publish(approval);

    const failed = await failedFor(approval.data.event_request_id);
    expect(failed.data).toMatchObject({ user_id: user.id, operation: "create", reason: "reconnect_required" });
    expect(google.events(user.refreshToken)).toHaveLength(0);
    expect((await calendar.as({ id: user.id }).get("/api/v1/auth/tokens")).body).toMatchObject({ is_connected: false, status: "reconnect_required" });
    const notified = await eventually(async () => {
      const list = (await notifications.as({ id: user.id }).get("/api/v1/notifications")).body.notifications as Array<{ kind: string; title: string; subject_id: string }>;
      return list.find((notification) => notification.kind === "calendar_sync_failed");
    });
    expect(notified).toMatchObject({ subject_id: approval.data.event_request_id, title: "We couldn't update your Google Calendar — please sign in again" });
  });

  it("tells not_connected when we hold no tokens for the user", async () => {
    const approval = approved(randomUUID());
    await publish(approval);
    expect((await failedFor(approval.data.event_request_id)).data.reason).toBe("not_connected");
  });

  it("backs off through 429 ×3, then succeeds", async () => {
    const user = await connectedUser();
    google.inject({ status: 429, times: 3 });
    const approval = approved(user.id);

    await publish(approval);

    await syncedFor(approval.data.event_request_id);
    expect(insertsOf(user).map((call) => call.status)).toEqual([429, 429, 429, 200]);
    expect(google.events(user.refreshToken)).toHaveLength(1);
    expect(published.some((event) => event.type === "calendar.sync-failed")).toBe(false);
  });

  it("gives up after its bounded attempts on 5xx and says so once (retries_exhausted)", async () => {
    const user = await connectedUser();
    google.inject({ status: 500, times: 100 });
    const approval = approved(user.id);

    await publish(approval);

    const failed = await failedFor(approval.data.event_request_id);
    expect(failed.data).toMatchObject({ reason: "retries_exhausted", attempts: ATTEMPTS, operation: "create" });
    expect(insertsOf(user)).toHaveLength(ATTEMPTS);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(published.filter((event) => event.type === "calendar.sync-failed")).toHaveLength(1);

    // Operators see the failed job (and may retry it); anyone else is refused.
    const view = await calendar.as({ id: OPERATOR_ID }).get("/api/v1/calendar/admin/jobs");
    expect(view.status).toBe(200);
    expect(view.body.counts.failed).toBe(1);
    expect(view.body.failed).toEqual([
      expect.objectContaining({ id: `${approval.data.event_request_id}.create.v1`, event_request_id: approval.data.event_request_id, operation: "create", state: "failed", attempts_made: ATTEMPTS }),
    ]);
    expect((await calendar.as({ id: user.id }).get("/api/v1/calendar/admin/jobs")).status).toBe(403);
    expect((await calendar.as({ id: OPERATOR_ID }).post(`/api/v1/calendar/admin/jobs/${approval.data.event_request_id}.create.v1/retry`)).status).toBe(204);
  });
});

describe("calendar: update and delete propagate", () => {
  it("patches the Google event on an update and removes it on delete; a second delete is done", async () => {
    const user = await connectedUser();
    const request = requestHistory(user.id);
    const approval = request.approved();
    await publish(approval);
    const googleEventId = (await syncedFor(approval.data.event_request_id)).data.google_event_id;

    await publish(request.updated({ title: "Lunch with Sarah and Joe", start_date: { date: "2026-03-12", time_zone: "Europe/Lisbon" }, end_date: { date: "2026-03-12", time_zone: "Europe/Lisbon" } }, "approved"));

    await syncedFor(approval.data.event_request_id, "update");
    expect(google.events(user.refreshToken)).toEqual([
      expect.objectContaining({ id: googleEventId, summary: "Lunch with Sarah and Joe", start: { date: "2026-03-12", timeZone: "Europe/Lisbon" }, end: { date: "2026-03-13", timeZone: "Europe/Lisbon" } }),
    ]);

    await publish(request.deleted());

    await syncedFor(approval.data.event_request_id, "delete");
    expect(google.events(user.refreshToken)).toHaveLength(0);
    expect(google.calls().filter((call) => call.method === "DELETE").map((call) => call.status)).toEqual([204]);
  });

  it("counts a delete of an event already gone from Google (404) as done", async () => {
    const user = await connectedUser();
    const request = requestHistory(user.id);
    const approval = request.approved();
    await publish(approval);
    const googleEventId = (await syncedFor(approval.data.event_request_id)).data.google_event_id;
    // The user removed it in Google Calendar themselves; Google answers 410 from now on.
    await fetch(`${google.calendarApiUrl}/calendars/primary/events/${googleEventId}`, { method: "DELETE", headers: { authorization: `Bearer ${google.tokens.issue(user.refreshToken).access_token}` } });

    await publish(request.deleted());

    await syncedFor(approval.data.event_request_id, "delete");
    expect(google.calls().filter((call) => call.method === "DELETE").map((call) => call.status)).toEqual([204, 410]);
    expect(published.some((event) => event.type === "calendar.sync-failed")).toBe(false);
  });
});

describe("calendar: tokens at rest and reading the calendar", () => {
  it("stores tokens sealed with AES-256-GCM and only ever says whether the user is connected", async () => {
    const user = await connectedUser();

    const raw = await calendar.db.collection("user_tokens").findOne({ _id: user.id as never });
    const stored = JSON.stringify(raw);
    expect(stored).not.toContain(user.accessToken);
    expect(stored).not.toContain(user.refreshToken);
    expect(raw).toMatchObject({ access_token: expect.stringMatching(/^v1\./), refresh_token: expect.stringMatching(/^v1\./), status: "connected" });

    const answer = await calendar.as({ id: user.id }).get("/api/v1/auth/tokens");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ is_connected: true, status: "connected", updated_at: expect.any(String) });
    expect((await calendar.as({ id: randomUUID() }).get("/api/v1/auth/tokens")).body).toMatchObject({ is_connected: false, status: "not_connected" });
  });

  it("refuses the internal route to a user token, and the user route to a service token", async () => {
    const userToken = await harness.authority.mint({ id: randomUUID(), kind: "user" }, "calendar");
    const internal = await calendar.app.request(`/internal/users/${randomUUID()}/google-tokens`, {
      method: "PUT",
      headers: { authorization: `Bearer ${userToken}`, "content-type": "application/json" },
      body: JSON.stringify({ access_token: "a", refresh_token: "r" }),
    });
    expect(internal.status).toBe(403);
    expect((await calendar.asService("bff").get("/api/v1/auth/tokens")).status).toBe(403);
  });

  it("lists the user's own upcoming Google events, and their busy times", async () => {
    const ana = await connectedUser();
    const bruno = await connectedUser();
    const anaLunch = approved(ana.id, { title: "Ana's lunch" });
    const brunoLunch = approved(bruno.id, { title: "Bruno's lunch" });
    await publish(anaLunch, brunoLunch);
    await syncedFor(anaLunch.data.event_request_id);
    await syncedFor(brunoLunch.data.event_request_id);

    const listed = await calendar.as({ id: ana.id }).get("/api/v1/calendar/events?timeMin=2026-03-01T00:00:00Z&timeMax=2026-04-01T00:00:00Z");

    expect(listed.status).toBe(200);
    expect(listed.body.events).toEqual([
      expect.objectContaining({ title: "Ana's lunch", location: "Joe's Pizza", event_request_id: anaLunch.data.event_request_id, start: { is_all_day: false, date: null, date_time: "2026-03-11T12:00:00", time_zone: "Europe/Lisbon" } }),
    ]);
    const outside = await calendar.as({ id: ana.id }).get("/api/v1/calendar/events?timeMin=2026-04-01T00:00:00Z&timeMax=2026-05-01T00:00:00Z");
    expect(outside.body.events).toEqual([]);

    const busy = await calendar.as({ id: ana.id }).post("/api/v1/calendar/free-busy", { timeMin: "2026-03-11T00:00:00Z", timeMax: "2026-03-12T00:00:00Z" });
    expect(busy.status).toBe(200);
    expect(busy.body.busy).toHaveLength(1);
    expect((await calendar.as({ id: randomUUID() }).get("/api/v1/calendar/events")).status).toBe(409);
  });
});
