import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TDomainEvent, TEventOf } from "@amia/contracts";
import { createEvent } from "@amia/kit";
import { createTestHarness, eventually, relationshipCreated, type MountedService, type TestHarness } from "@amia/kit/testing";
import { createEventsService } from "./app.ts";

let harness: TestHarness;
let events: MountedService;
let published: TDomainEvent[];
let anaBruno: string;
const ana = { id: randomUUID(), name: "Ana Silva" };
const bruno = { id: randomUUID(), name: "Bruno Costa" };
const carla = { id: randomUUID(), name: "Carla Dias" };
const stranger = { id: randomUUID(), name: "Eva Reis" };

/** What identity would have announced: the person and their name. */
async function register(person: { id: string; name: string }) {
  await harness.bus.publish([
    createEvent("identity", "user.registered", {
      subject: person.id,
      actor_id: person.id,
      data: { user_id: person.id, email: `${person.id}@example.com`, name: person.name, full_name: person.name, provider: "google", email_verified: true, created_at: new Date().toISOString() },
    }),
  ]);
}

/** What the relationships and identity services would have announced. */
async function connect(a: { id: string }, b: { id: string }) {
  const relationshipId = randomUUID();
  await harness.bus.publish([relationshipCreated(relationshipId, a, b)]);
  return relationshipId;
}

/** What the relationships service announces when either side ends it. */
function relationshipDeleted(relationshipId: string, by: { id: string }, other: { id: string }) {
  return createEvent("relationships", "relationship.deleted", { subject: relationshipId, actor_id: by.id, data: { relationship_id: relationshipId, user_ids: [by.id, other.id] } });
}

beforeEach(async () => {
  harness = await createTestHarness("events");
  events = await harness.mount("events", createEventsService);
  published = [];
  await harness.bus.consumer({ groupId: "observer", handlers: {
    "event-request.created": async (e) => void published.push(e),
    "event-request.approved": async (e) => void published.push(e),
    "event-request.rejected": async (e) => void published.push(e),
    "event-request.review-recorded": async (e) => void published.push(e),
    "event-request.updated": async (e) => void published.push(e),
    "event-request.deleted": async (e) => void published.push(e),
    "event-request.reviewer-removed": async (e) => void published.push(e),
  } }).start();
  await Promise.all([ana, bruno, carla].map(register));
  anaBruno = await connect(ana, bruno);
  const lastId = await connect(ana, carla);
  // The projection has caught up once the last relationship and every name are known.
  await eventually(async () => (await events.db.collection("relationships").countDocuments({ _id: lastId as never })) === 1);
  await eventually(async () => (await events.db.collection("people").countDocuments()) === 3);
});
afterEach(() => harness.close());

const lunch = (approvers: Array<{ user_id: string; required: boolean }>, overrides: Record<string, unknown> = {}) => ({
  title: "Lunch with Sarah",
  location: "Café Lisboa",
  start_date: { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" },
  end_date: { date_time: "2026-03-11T13:00", time_zone: "Europe/Lisbon" },
  approvers,
  ...overrides,
});
const typesFor = (requestId: string) => published.filter((e) => e.subject === requestId).map((e) => e.type);

describe("event requests: deciding", () => {
  it("waits for the required reviewer, then approves and announces it once", async () => {
    const created = await events.as(ana).post("/api/v1/event-requests", lunch([{ user_id: bruno.id, required: true }]));
    expect(created.status).toBe(201);
    const request = created.body.event_request;
    expect(request).toMatchObject({ status: "pending", approval_status: "pending", requested_approvals: 1, completed_count: 0, importance_level: 1, created_by: ana.id, google_event_id: null });
    expect(request.approvers).toEqual([{ id: expect.any(String), user_id: bruno.id, required: true, status: "pending", response_notes: null, responded_at: null, full_name: "Bruno Costa", google_response: null }]);
    expect(request.created_by_full_name).toBe("Ana Silva");

    const approved = await events.as(bruno).post(`/api/v1/event-requests/${request.id}/approvals/approve`, { response_notes: "See you there" });
    expect(approved.status).toBe(200);
    expect(approved.body.event_request).toMatchObject({ status: "approved", approval_status: "approved", completed_count: 1, requested_approvals: 1 });
    expect(approved.body.event_request.approvers[0]).toMatchObject({ status: "approved", response_notes: "See you there", responded_at: expect.any(String) });

    await eventually(() => typesFor(request.id).includes("event-request.approved"));
    expect(typesFor(request.id)).toEqual(["event-request.created", "event-request.review-recorded", "event-request.approved"]);
    const approvedEvent = published.find((e) => e.type === "event-request.approved");
    expect(approvedEvent?.data).toMatchObject({ event_request_id: request.id, reason: "all_required_approved", title: "Lunch with Sarah" });
  });

  it("rejects on a required reviewer's rejection and stays rejected", async () => {
    const request = (await events.as(ana).post("/api/v1/event-requests", lunch([{ user_id: bruno.id, required: true }, { user_id: carla.id, required: true }]))).body.event_request;

    const rejected = await events.as(bruno).post(`/api/v1/event-requests/${request.id}/approvals/reject`, { response_notes: "Away that week" });
    expect(rejected.body.event_request).toMatchObject({ status: "rejected", approval_status: "rejected", completed_count: 1, requested_approvals: 2 });
    const later = await events.as(carla).post(`/api/v1/event-requests/${request.id}/approvals/approve`);
    expect(later.body.event_request).toMatchObject({ status: "rejected", completed_count: 2 });

    await eventually(() => typesFor(request.id).filter((t) => t === "event-request.review-recorded").length === 2);
    expect(typesFor(request.id).filter((t) => t === "event-request.rejected")).toHaveLength(1);
    expect(typesFor(request.id)).not.toContain("event-request.approved");
  });

  it("approves at once when reviewers are only optional, or when there are none", async () => {
    const advised = await events.as(ana).post("/api/v1/event-requests", lunch([{ user_id: bruno.id, required: false }]));
    expect(advised.body.event_request).toMatchObject({ status: "approved", approval_status: "approved", requested_approvals: 1, completed_count: 0 });
    const alone = await events.as(ana).post("/api/v1/event-requests", lunch([]));
    expect(alone.body.event_request).toMatchObject({ status: "approved", approval_status: "no_approvals", requested_approvals: 0 });

    await eventually(() => typesFor(alone.body.event_request.id).includes("event-request.approved") && typesFor(advised.body.event_request.id).includes("event-request.approved"));
    // The optional reviewer's answer is still recorded and shown.
    const answered = await events.as(bruno).post(`/api/v1/event-requests/${advised.body.event_request.id}/approvals/reject`);
    expect(answered.body.event_request).toMatchObject({ status: "approved", completed_count: 1 });
    expect(answered.body.event_request.approvers[0].status).toBe("rejected");
  });

  it("refuses reviewers the creator is not related to, and the creator as reviewer, storing nothing", async () => {
    const response = await events.as(ana).post("/api/v1/event-requests", lunch([{ user_id: bruno.id, required: true }, { user_id: stranger.id, required: true }, { user_id: ana.id, required: false }]));

    expect(response.status).toBe(400);
    expect(response.body.details.fields.map((f: { path: string }) => f.path)).toEqual(["approvers.1.user_id", "approvers.2.user_id"]);
    expect(response.body.message).toContain("not among your relationships");
    expect(response.body.message).toContain("you cannot review your own request");
    expect(await events.db.collection("event_requests").countDocuments()).toBe(0);
  });

  it("takes one answer per reviewer (409), and none from the creator (403)", async () => {
    const request = (await events.as(ana).post("/api/v1/event-requests", lunch([{ user_id: bruno.id, required: true }]))).body.event_request;
    await events.as(bruno).post(`/api/v1/event-requests/${request.id}/approvals/approve`);

    const again = await events.as(bruno).post(`/api/v1/event-requests/${request.id}/approvals/reject`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You have already answered this request");
    const own = await events.as(ana).post(`/api/v1/event-requests/${request.id}/approvals/approve`);
    expect(own.status).toBe(403);
  });

  it("serializes reviewers answering at the same moment: one approval, announced once", async () => {
    const request = (await events.as(ana).post("/api/v1/event-requests", lunch([{ user_id: bruno.id, required: true }, { user_id: carla.id, required: true }]))).body.event_request;

    const answers = await Promise.all([
      events.as(bruno).post(`/api/v1/event-requests/${request.id}/approvals/approve`),
      events.as(carla).post(`/api/v1/event-requests/${request.id}/approvals/approve`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const final = (await events.as(ana).get(`/api/v1/event-requests/${request.id}`)).body.event_request;
    expect(final).toMatchObject({ status: "approved", completed_count: 2 });
    await eventually(() => typesFor(request.id).filter((t) => t === "event-request.review-recorded").length === 2);
    expect(typesFor(request.id).filter((t) => t === "event-request.approved")).toHaveLength(1);
  });
});

describe("event requests: dates", () => {
  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["a calendar date that does not exist", { start_date: { date: "2026-02-30", time_zone: "UTC" }, end_date: { date: "2026-03-01", time_zone: "UTC" } }, "start_date"],
    ["an unknown time zone", { start_date: { date_time: "2026-03-11T12:00", time_zone: "Mars/Olympus" } }, "start_date.time_zone"],
    ["both date and date_time", { start_date: { date: "2026-03-11", date_time: "2026-03-11T12:00", time_zone: "UTC" } }, "start_date"],
    ["neither date nor date_time", { start_date: { time_zone: "UTC" } }, "start_date"],
    ["a malformed date_time", { start_date: { date_time: "11/03/2026 12:00", time_zone: "UTC" } }, "start_date"],
    ["an end before the start", { end_date: { date_time: "2026-03-11T11:00", time_zone: "Europe/Lisbon" } }, "end_date"],
    ["an all-day start with a timed end", { start_date: { date: "2026-03-11", time_zone: "UTC" } }, "end_date"],
    ["no start at all", { start_date: undefined }, "start_date"],
  ];
  it.each(invalid)("refuses %s with a 400 naming the field", async (_case, overrides, field) => {
    const response = await events.as(ana).post("/api/v1/event-requests", lunch([], overrides));
    expect(response.status).toBe(400);
    const paths: string[] = response.body.details.fields.map((f: { path: string }) => f.path);
    expect(paths.some((path) => path === field || path.startsWith(`${field}.`)), paths.join()).toBe(true);
    expect(await events.db.collection("event_requests").countDocuments()).toBe(0);
  });

  it("accepts an all-day event ending the day it starts, and an ISO date_time with an offset", async () => {
    const allDay = await events.as(ana).post("/api/v1/event-requests", lunch([], { start_date: { date: "2026-03-11", time_zone: "UTC" }, end_date: { date: "2026-03-11", time_zone: "UTC" } }));
    expect(allDay.status).toBe(201);
    expect(allDay.body.event_request.start_date).toEqual({ date: "2026-03-11", time_zone: "UTC" });
    const iso = await events.as(ana).post("/api/v1/event-requests", lunch([], { start_date: { date_time: "2026-03-11T12:00:00+01:00", time_zone: "Europe/Paris" }, end_date: { date_time: "2026-03-11T11:30:00Z", time_zone: "UTC" } }));
    expect(iso.status).toBe(201);
  });

  it("checks an edited date against the stored other one", async () => {
    const request = (await events.as(ana).post("/api/v1/event-requests", lunch([]))).body.event_request;
    const bad = await events.as(ana).patch(`/api/v1/event-requests/${request.id}`, { end_date: { date_time: "2026-03-10T09:00", time_zone: "Europe/Lisbon" } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields[0].path).toBe("end_date");
    const good = await events.as(ana).patch(`/api/v1/event-requests/${request.id}`, { title: "Long lunch", end_date: { date_time: "2026-03-11T14:30", time_zone: "Europe/Lisbon" } });
    expect(good.status).toBe(200);
    expect(good.body.event_request).toMatchObject({ title: "Long lunch", end_date: { date_time: "2026-03-11T14:30" } });
    await eventually(() => typesFor(request.id).includes("event-request.updated"));
    expect(published.find((e) => e.type === "event-request.updated")?.data).toMatchObject({ changed_fields: ["title", "end_date"] });
  });
});

describe("event requests: lists", () => {
  it("pages with-approvals newest first with total_count, for creators and for reviewers", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await events.as(ana).post("/api/v1/event-requests", lunch([{ user_id: bruno.id, required: true }], { title: `Meeting ${i}` }))).body.event_request.id);

    const page = await events.as(ana).get("/api/v1/event-requests/with-approvals?skip=1&take=2");
    expect(page.body).toMatchObject({ skip: 1, take: 2, total_count: 5 });
    expect(page.body.event_requests.map((r: { id: string }) => r.id)).toEqual([ids[3], ids[2]]);
    expect(page.body.event_requests[0]).toMatchObject({ approval_status: "pending", requested_approvals: 1, completed_count: 0 });
    expect((await events.as(ana).get("/api/v1/event-requests/with-approvals")).body).toMatchObject({ take: 10, total_count: 5 });

    const toReview = await events.as(bruno).get("/api/v1/event-requests/with-approvals?role=reviewer&status=pending");
    expect(toReview.body.total_count).toBe(5);
    expect((await events.as(bruno).get("/api/v1/event-requests/with-approvals")).body.total_count).toBe(0);
    expect((await events.as(ana).get("/api/v1/event-requests/with-approvals?take=101")).status).toBe(400);
  });

  it("filters the plain list by status, importance and start date in a time zone", async () => {
    await events.as(ana).post("/api/v1/event-requests", lunch([], { title: "March", importance_level: 4 }));
    await events.as(ana).post("/api/v1/event-requests", lunch([{ user_id: bruno.id, required: true }], {
      title: "April",
      start_date: { date: "2026-04-01", time_zone: "Europe/Lisbon" },
      end_date: { date: "2026-04-01", time_zone: "Europe/Lisbon" },
    }));

    const titles = async (query: string) => ((await events.as(ana).get(`/api/v1/event-requests${query}`)).body.event_requests as Array<{ title: string }>).map((r) => r.title);
    expect(await titles("")).toEqual(["March", "April"]);
    expect(await titles("?status=pending")).toEqual(["April"]);
    expect(await titles("?importance_level=4")).toEqual(["March"]);
    expect(await titles("?start_date_from=2026-04-01&time_zone=Europe/Lisbon")).toEqual(["April"]);
    expect(await titles("?start_date_to=2026-03-31&time_zone=Europe/Lisbon")).toEqual(["March"]);
    // April 1 00:00 in Lisbon is still March 31 in UTC, the default zone.
    expect(await titles("?start_date_to=2026-03-31")).toEqual(["March", "April"]);
    expect((await events.as(ana).get("/api/v1/event-requests?status=maybe")).status).toBe(400);
  });

  it("lists what overlaps a window (start_date_to + end_date_from): a series begun months before, not one that ended", async () => {
    const at = (dateTime: string) => ({ date_time: dateTime, time_zone: "Europe/Lisbon" });
    const create = async (title: string, start: string, end: string, recurrence: string | null) => {
      const response = await events.as(ana).post("/api/v1/event-requests", lunch([], { title, start_date: at(start), end_date: at(end), recurrence }));
      expect(response.status).toBe(201);
      return response.body.event_request.id as string;
    };
    // The window: the week of Monday 7 December 2026.
    await create("Weekly since September", "2026-09-07T10:00", "2026-09-07T11:00", "FREQ=WEEKLY;BYDAY=MO");
    await create("Daily until November", "2026-09-01T09:00", "2026-09-01T09:15", "FREQ=DAILY;UNTIL=20261130");
    await create("Ten Mondays from October", "2026-10-05T10:00", "2026-10-05T11:00", "FREQ=WEEKLY;BYDAY=MO;COUNT=10"); // last: 7 December
    await create("One-off in November", "2026-11-10T10:00", "2026-11-10T11:00", null);
    await create("Overnight into the week", "2026-12-06T22:00", "2026-12-07T02:00", null);
    await create("After the week", "2026-12-15T10:00", "2026-12-15T11:00", null);
    const cut = await create("Monthly since July", "2026-07-01T10:00", "2026-07-01T11:00", "FREQ=MONTHLY;BYMONTHDAY=1");

    const titles = async (query: string) => {
      const response = await events.as(ana).get(`/api/v1/event-requests?take=100&${query}`);
      expect(response.status).toBe(200);
      return (response.body.event_requests as Array<{ title: string }>).map((r) => r.title).sort();
    };
    const week = "end_date_from=2026-12-07&start_date_to=2026-12-13&time_zone=Europe/Lisbon";
    expect(await titles(week)).toEqual(["Monthly since July", "Overnight into the week", "Ten Mondays from October", "Weekly since September"]);

    // Ending the monthly series in November takes it out of December's week.
    expect((await events.as(ana).patch(`/api/v1/event-requests/${cut}`, { recurrence: "FREQ=MONTHLY;BYMONTHDAY=1;UNTIL=20261130" })).status).toBe(200);
    expect(await titles(week)).toEqual(["Overnight into the week", "Ten Mondays from October", "Weekly since September"]);

    // A request stored before the end was kept (no ends_at) is never left out.
    await events.db.collection("event_requests").updateOne({ title: "One-off in November" }, { $unset: { ends_at: "" } });
    expect(await titles(week)).toContain("One-off in November");
    expect((await events.as(ana).get("/api/v1/event-requests?end_date_from=someday")).body.details.fields.map((f: { path: string }) => f.path)).toEqual(["end_date_from"]);
  });

  it("pages the plain list in start order (10/10/5 of 25, none twice, none missed), filters still applying", async () => {
    // 25 requests over 13 days, created out of start order; 12 of the days hold two sharing one
    // start, so the order inside a start comes from the tie-break (the id), not from luck.
    const created: Array<{ id: string; day: number }> = [];
    for (let i = 0; i < 25; i++) {
      const day = ((i * 7) % 25) >> 1;
      const date = `2026-05-${String(day + 1).padStart(2, "0")}T09:00`;
      const response = await events.as(ana).post("/api/v1/event-requests", lunch(i % 5 === 0 ? [{ user_id: bruno.id, required: true }] : [], {
        title: `Request ${i}`,
        start_date: { date_time: date, time_zone: "Europe/Lisbon" },
        end_date: { date_time: date.replace("T09", "T10"), time_zone: "Europe/Lisbon" },
        importance_level: i % 2 === 0 ? 4 : 2,
      }));
      expect(response.status).toBe(201);
      created.push({ id: response.body.event_request.id, day });
    }
    const page = async (query: string) => {
      const response = await events.as(ana).get(`/api/v1/event-requests?${query}`);
      expect(response.status).toBe(200);
      return response.body as { event_requests: Array<{ id: string; start_date: { date_time: string } }>; skip: number; take: number; total_count: number };
    };

    const pages = [await page("take=10"), await page("skip=10&take=10"), await page("skip=20&take=10")];

    expect(pages.map((p) => p.event_requests.length)).toEqual([10, 10, 5]);
    expect(pages.map(({ skip, take, total_count }) => ({ skip, take, total_count }))).toEqual([0, 10, 20].map((skip) => ({ skip, take: 10, total_count: 25 })));
    const listed = pages.flatMap((p) => p.event_requests);
    expect(new Set(listed.map((r) => r.id)).size).toBe(25);
    expect(listed.map((r) => r.id).sort()).toEqual(created.map((r) => r.id).sort());
    const byStartThenId = (a: (typeof listed)[number], b: (typeof listed)[number]) => a.start_date.date_time.localeCompare(b.start_date.date_time) || (a.id < b.id ? -1 : 1);
    expect(listed.map((r) => r.id)).toEqual([...listed].sort(byStartThenId).map((r) => r.id));
    // Past the end: an empty page that still counts them all; the default page is 10.
    expect(await page("skip=25")).toMatchObject({ event_requests: [], skip: 25, take: 10, total_count: 25 });

    // Filters apply before paging: 13 of importance 4; those starting from May 6 in Lisbon.
    const important = [await page("importance_level=4&take=10"), await page("importance_level=4&skip=10&take=10")];
    expect(important.map((p) => [p.event_requests.length, p.total_count])).toEqual([[10, 13], [3, 13]]);
    const fromMay6 = created.filter((r) => r.day >= 5).length;
    expect((await page("start_date_from=2026-05-06&time_zone=Europe/Lisbon&take=100")).total_count).toBe(fromMay6);
    // Bruno reviews every fifth, paged the same way.
    expect(await events.as(bruno).get("/api/v1/event-requests?role=reviewer&take=2&skip=4")).toMatchObject({ status: 200, body: { take: 2, skip: 4, total_count: 5 } });
    expect((await events.as(bruno).get("/api/v1/event-requests?role=reviewer&take=2&skip=4")).body.event_requests).toHaveLength(1);

    const tooMany = await events.as(ana).get("/api/v1/event-requests?take=101");
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details.fields.map((f: { path: string }) => f.path)).toEqual(["take"]);
    expect((await events.as(ana).get("/api/v1/event-requests?skip=-1")).body.details.fields.map((f: { path: string }) => f.path)).toEqual(["skip"]);
  });
});

describe("event requests: who may do what", () => {
  it("hides a request from anyone who neither created nor reviews it (404 everywhere)", async () => {
    const request = (await events.as(ana).post("/api/v1/event-requests", lunch([{ user_id: bruno.id, required: true }]))).body.event_request;
    const as = events.as(stranger);
    const path = `/api/v1/event-requests/${request.id}`;

    for (const response of [
      await as.get(path),
      await as.get(`${path}/with-approvers`),
      await as.patch(path, { title: "Mine now" }),
      await as.delete(path),
      await as.post(`${path}/approvals/approve`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: "Event request not found", code: "not_found" });
    }
    expect((await events.as(ana).get(path)).body.event_request.title).toBe("Lunch with Sarah");
  });

  it("lets a reviewer read the request they review, but not edit or delete it", async () => {
    const request = (await events.as(ana).post("/api/v1/event-requests", lunch([{ user_id: bruno.id, required: true }]))).body.event_request;
    const path = `/api/v1/event-requests/${request.id}`;

    const seen = (await events.as(bruno).get(`${path}/with-approvers`)).body.event_request;
    expect(seen.id).toBe(request.id);
    const edit = await events.as(bruno).patch(path, { title: "Changed" });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe("Only the creator of this request can edit it");
    expect((await events.as(bruno).delete(path)).status).toBe(403);
  });

  it("deletes for the creator: gone for everyone, and announced", async () => {
    const request = (await events.as(ana).post("/api/v1/event-requests", lunch([{ user_id: bruno.id, required: true }]))).body.event_request;
    const path = `/api/v1/event-requests/${request.id}`;

    expect((await events.as(ana).delete(path)).status).toBe(204);
    expect((await events.as(ana).get(path)).status).toBe(404);
    expect((await events.as(bruno).get(path)).status).toBe(404);
    await eventually(() => typesFor(request.id).includes("event-request.deleted"));
  });

  it("stores the Google event id the calendar service reports", async () => {
    const request = (await events.as(ana).post("/api/v1/event-requests", lunch([]))).body.event_request;
    await harness.bus.publish([createEvent("calendar", "calendar.event-synced", {
      subject: request.id,
      actor_id: null,
      data: { event_request_id: request.id, user_id: ana.id, google_event_id: "g-evt-1", html_link: null, operation: "create" },
    })]);
    await eventually(async () => (await events.as(ana).get(`/api/v1/event-requests/${request.id}`)).body.event_request.google_event_id === "g-evt-1");
  });
});

describe("event requests: names from the people projection", () => {
  it("names the creator and every approver for everyone who may see the request, connected to them or not", async () => {
    // Bruno and Carla both review Ana's request; they are not connected with each other.
    const created = await events.as(ana).post("/api/v1/event-requests", lunch([{ user_id: bruno.id, required: true }, { user_id: carla.id, required: false }]));
    const id = created.body.event_request.id;
    const namesIn = (request: { created_by_full_name: string; approvers: Array<{ full_name: string }> }) => [request.created_by_full_name, ...request.approvers.map((a) => a.full_name)];
    const everyone = ["Ana Silva", "Bruno Costa", "Carla Dias"];

    expect(namesIn(created.body.event_request)).toEqual(everyone);
    expect(namesIn((await events.as(bruno).get(`/api/v1/event-requests/${id}/with-approvers`)).body.event_request)).toEqual(everyone);
    expect(namesIn((await events.as(carla).get(`/api/v1/event-requests/${id}`)).body.event_request)).toEqual(everyone);
    expect(namesIn((await events.as(bruno).get("/api/v1/event-requests?role=reviewer")).body.event_requests[0])).toEqual(everyone);
    expect(namesIn((await events.as(carla).get("/api/v1/event-requests/with-approvals?role=reviewer")).body.event_requests[0])).toEqual(everyone);
    expect(namesIn((await events.as(bruno).post(`/api/v1/event-requests/${id}/approvals/approve`)).body.event_request)).toEqual(everyone);
    expect(namesIn((await events.as(ana).patch(`/api/v1/event-requests/${id}`, { title: "Long lunch" })).body.event_request)).toEqual(everyone);
  });
});

describe("event requests: a material change is reviewed again", () => {
  const at15 = { start_date: { date_time: "2026-03-11T15:00", time_zone: "Europe/Lisbon" }, end_date: { date_time: "2026-03-11T16:00", time_zone: "Europe/Lisbon" } };
  const ofType = (requestId: string, type: TDomainEvent["type"]) => published.filter((e) => e.subject === requestId && e.type === type) as Array<TDomainEvent & { data: { request_version: number } }>;

  it("sends an approved request back to its reviewer when its time moves; approving again approves it again, at a higher version", async () => {
    const id = (await events.as(ana).post("/api/v1/event-requests", lunch([{ user_id: bruno.id, required: true }]))).body.event_request.id;
    await events.as(bruno).post(`/api/v1/event-requests/${id}/approvals/approve`, { response_notes: "Noon works" });
    await eventually(() => ofType(id, "event-request.approved").length === 1);

    const moved = await events.as(ana).patch(`/api/v1/event-requests/${id}`, at15);
    expect(moved.status).toBe(200);
    expect(moved.body.event_request).toMatchObject({ status: "pending", approval_status: "pending", completed_count: 0 });
    expect(moved.body.event_request.approvers[0]).toMatchObject({ user_id: bruno.id, status: "pending", response_notes: null, responded_at: null });
    const asBruno = (await events.as(bruno).get("/api/v1/event-requests/with-approvals?role=reviewer&status=pending")).body;
    expect(asBruno.event_requests.map((r: { id: string }) => r.id)).toEqual([id]);
    await eventually(() => ofType(id, "event-request.updated").length === 1);
    expect(ofType(id, "event-request.updated")[0]?.data).toMatchObject({ status: "pending", changed_fields: ["start_date", "end_date"], reviewers_asked_again: [bruno.id], creator_full_name: "Ana Silva", request_version: 3 });

    const again = await events.as(bruno).post(`/api/v1/event-requests/${id}/approvals/approve`);
    expect(again.status).toBe(200);
    expect(again.body.event_request).toMatchObject({ status: "approved", completed_count: 1 });
    await eventually(() => ofType(id, "event-request.approved").length === 2);
    const [first, second] = ofType(id, "event-request.approved");
    expect(second!.data.request_version).toBeGreaterThan(first!.data.request_version);
    expect(second!.data).toMatchObject({ status: "approved", start_date: at15.start_date });

    // A title edit tells, but asks nobody again: the request stays approved.
    const renamed = await events.as(ana).patch(`/api/v1/event-requests/${id}`, { title: "Long lunch" });
    expect(renamed.body.event_request).toMatchObject({ status: "approved", title: "Long lunch" });
    expect(renamed.body.event_request.approvers[0].status).toBe("approved");
    await eventually(() => ofType(id, "event-request.updated").length === 2);
    expect(ofType(id, "event-request.updated")[1]?.data).toMatchObject({ status: "approved", changed_fields: ["title"], reviewers_asked_again: [] });
    expect(ofType(id, "event-request.approved")).toHaveLength(2);
  });

  it("lets a required reviewer reject the new time, though they approved the old one", async () => {
    const id = (await events.as(ana).post("/api/v1/event-requests", lunch([{ user_id: bruno.id, required: true }]))).body.event_request.id;
    await events.as(bruno).post(`/api/v1/event-requests/${id}/approvals/approve`);
    await events.as(ana).patch(`/api/v1/event-requests/${id}`, { location: "Café Porto" });

    const rejected = await events.as(bruno).post(`/api/v1/event-requests/${id}/approvals/reject`, { response_notes: "Too far" });
    expect(rejected.body.event_request).toMatchObject({ status: "rejected", approval_status: "rejected" });
    await eventually(() => ofType(id, "event-request.rejected").length === 1);
    expect(ofType(id, "event-request.rejected")[0]?.data).toMatchObject({ rejected_by: bruno.id, rejected_by_full_name: "Bruno Costa", response_notes: "Too far", request_version: 4 });
  });
});

describe("event requests: a repeating request is one series (issue 16)", () => {
  // 11 Mar 2026 is a Wednesday.
  const weekly = (approvers: Array<{ user_id: string; required: boolean }>) => lunch(approvers, { recurrence: "RRULE:byday=we;freq=weekly" });

  it("stores the rule canonical, returns it everywhere, and asks again when the rule changes", async () => {
    const created = await events.as(ana).post("/api/v1/event-requests", weekly([{ user_id: bruno.id, required: true }]));
    expect(created.status).toBe(201);
    const id = created.body.event_request.id as string;
    expect(created.body.event_request.recurrence).toBe("FREQ=WEEKLY;BYDAY=WE");
    expect((await events.as(bruno).get(`/api/v1/event-requests/${id}`)).body.event_request.recurrence).toBe("FREQ=WEEKLY;BYDAY=WE");
    expect((await events.as(ana).get("/api/v1/event-requests")).body.event_requests.find((r: { id: string }) => r.id === id).recurrence).toBe("FREQ=WEEKLY;BYDAY=WE");

    await events.as(bruno).post(`/api/v1/event-requests/${id}/approvals/approve`);
    await eventually(() => published.some((e) => e.subject === id && e.type === "event-request.approved"));
    expect(published.find((e) => e.subject === id && e.type === "event-request.approved")?.data).toMatchObject({ recurrence: "FREQ=WEEKLY;BYDAY=WE" });

    const every2 = await events.as(ana).patch(`/api/v1/event-requests/${id}`, { recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=WE;COUNT=6" });
    expect(every2.status).toBe(200);
    expect(every2.body.event_request).toMatchObject({ status: "pending", recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=WE;COUNT=6" });
    expect(every2.body.event_request.approvers[0]).toMatchObject({ status: "pending" });
    await eventually(() => published.some((e) => e.subject === id && e.type === "event-request.updated"));
    expect(published.find((e) => e.subject === id && e.type === "event-request.updated")?.data).toMatchObject({ changed_fields: ["recurrence"], reviewers_asked_again: [bruno.id] });

    const once = await events.as(ana).patch(`/api/v1/event-requests/${id}`, { recurrence: null });
    expect(once.body.event_request.recurrence).toBeNull();
  });

  it("a one-off answers recurrence null", async () => {
    const created = await events.as(ana).post("/api/v1/event-requests", lunch([]));
    expect(created.body.event_request.recurrence).toBeNull();
  });

  it("refuses a rule outside the subset, or one the start does not fit, with a 400 on recurrence, and changes nothing", async () => {
    for (const recurrence of ["FREQ=HOURLY", "FREQ=MONTHLY;BYDAY=1MO", "FREQ=WEEKLY;BYDAY=MO"]) {
      const refused = await events.as(ana).post("/api/v1/event-requests", lunch([], { recurrence }));
      expect(refused.status, recurrence).toBe(400);
      expect(refused.body.details.fields.map((f: { path: string }) => f.path)).toEqual(["recurrence"]);
    }
    const id = (await events.as(ana).post("/api/v1/event-requests", lunch([]))).body.event_request.id;
    const moved = await events.as(ana).patch(`/api/v1/event-requests/${id}`, { recurrence: "FREQ=MONTHLY;BYMONTHDAY=1" });
    expect(moved.status).toBe(400);
    expect(moved.body.details.fields).toEqual([{ path: "recurrence", message: "recurrence repeats on the 1st of the month, but the event starts on the 11th" }]);
    expect((await events.as(ana).get(`/api/v1/event-requests/${id}`)).body.event_request.recurrence).toBeNull();
  });
});

describe("event requests: ending a relationship ends access", () => {
  it("hides the creator's requests from the former reviewer, removes them from pending ones, and tells the creator", async () => {
    const post = async (approvers: Array<{ user_id: string; required: boolean }>, title: string) =>
      (await events.as(ana).post("/api/v1/event-requests", lunch(approvers, { title }))).body.event_request.id as string;
    const waiting = await post([{ user_id: bruno.id, required: true }], "Waiting on Bruno");
    const decided = await post([{ user_id: bruno.id, required: true }], "Approved by Bruno");
    await events.as(bruno).post(`/api/v1/event-requests/${decided}/approvals/approve`);
    const carlaApproved = await post([{ user_id: bruno.id, required: true }, { user_id: carla.id, required: true }], "Carla said yes");
    await events.as(carla).post(`/api/v1/event-requests/${carlaApproved}/approvals/approve`);
    const ended = relationshipDeleted(anaBruno, ana, bruno);

    await harness.bus.publish([ended]);
    await eventually(() => typesFor(waiting).includes("event-request.reviewer-removed") && typesFor(carlaApproved).includes("event-request.approved"));

    // Bruno: 404 on each of Ana's requests, whatever their state, and none in his lists.
    for (const id of [waiting, decided, carlaApproved]) {
      for (const response of [
        await events.as(bruno).get(`/api/v1/event-requests/${id}`),
        await events.as(bruno).get(`/api/v1/event-requests/${id}/with-approvers`),
        await events.as(bruno).post(`/api/v1/event-requests/${id}/approvals/approve`),
      ]) expect(response.status).toBe(404);
    }
    expect((await events.as(bruno).get("/api/v1/event-requests?role=reviewer")).body.event_requests).toEqual([]);
    expect((await events.as(bruno).get("/api/v1/event-requests/with-approvals?role=reviewer")).body).toMatchObject({ event_requests: [], total_count: 0 });
    expect((await events.as(bruno).get(`/api/v1/event-requests?role=reviewer&created_by=${ana.id}`)).body.event_requests).toEqual([]);

    // Ana: the pending request lost its only required reviewer and still waits (never approved
    // by the removal); the one Carla had approved is approved; the decided one keeps Bruno as history.
    const removal = published.find((e) => e.subject === waiting && e.type === "event-request.reviewer-removed");
    expect(removal?.data).toMatchObject({ reviewer_id: bruno.id, reviewer_full_name: "Bruno Costa", required: true, previous_status: "pending", status: "pending", reason: "relationship_ended", created_by: ana.id });
    expect(removal?.actor_id).toBe(ana.id);
    expect((await events.as(ana).get(`/api/v1/event-requests/${waiting}`)).body.event_request).toMatchObject({ status: "pending", approval_status: "pending", requested_approvals: 0, approvers: [] });
    expect((await events.as(ana).get(`/api/v1/event-requests/${carlaApproved}`)).body.event_request).toMatchObject({ status: "approved", requested_approvals: 1 });
    const history = (await events.as(ana).get(`/api/v1/event-requests/${decided}`)).body.event_request;
    expect(history).toMatchObject({ status: "approved", approvers: [{ user_id: bruno.id, status: "approved", full_name: "Bruno Costa" }] });

    // The same message again changes nothing. Deleting the waiting request afterwards is the
    // marker: once its announcement is in, anything the redelivery caused would be too.
    await harness.bus.publish([ended]);
    await events.as(ana).delete(`/api/v1/event-requests/${waiting}`);
    await eventually(() => typesFor(waiting).includes("event-request.deleted"));
    expect(typesFor(waiting)).toEqual(["event-request.created", "event-request.reviewer-removed", "event-request.deleted"]);
    expect(typesFor(carlaApproved).filter((t) => t === "event-request.approved")).toHaveLength(1);
    expect(typesFor(decided).filter((t) => t === "event-request.reviewer-removed")).toEqual([]);
  });

  it("gives access back when the two connect again, but not the reviews they lost", async () => {
    const id = (await events.as(ana).post("/api/v1/event-requests", lunch([{ user_id: bruno.id, required: false }]))).body.event_request.id;
    await harness.bus.publish([relationshipDeleted(anaBruno, bruno, ana)]);
    await eventually(async () => (await events.as(bruno).get(`/api/v1/event-requests/${id}`)).status === 404);

    const again = await connect(ana, bruno);
    await eventually(async () => (await events.db.collection("relationships").countDocuments({ _id: again as never })) === 1);
    // Approved at creation (only optional reviewers): a decided request keeps Bruno, so he sees it again.
    expect((await events.as(bruno).get(`/api/v1/event-requests/${id}`)).body.event_request.approvers[0].user_id).toBe(bruno.id);
  });
});

describe("event requests: calendar sync reports", () => {
  /** calendar.event-synced as the calendar service sends it; older senders leave out `request_version`. */
  const synced = (requestId: string, googleEventId: string, operation: "create" | "update" | "delete", requestVersion?: number) => {
    const data: TEventOf<"calendar.event-synced">["data"] = {
      event_request_id: requestId,
      user_id: ana.id,
      google_event_id: googleEventId,
      html_link: null,
      operation,
      ...(requestVersion === undefined ? {} : { request_version: requestVersion }),
    };
    return createEvent("calendar", "calendar.event-synced", { subject: requestId, actor_id: null, data });
  };
  const googleIdOf = async (requestId: string) => (await events.db.collection("event_requests").findOne({ _id: requestId as never }))?.google_event_id;
  const approvedRequest = async () => (await events.as(ana).post("/api/v1/event-requests", lunch([]))).body.event_request.id as string;

  it("never writes a late create's Google id onto a deleted request", async () => {
    const deleted = await approvedRequest();
    await events.as(ana).delete(`/api/v1/event-requests/${deleted}`);
    const marker = await approvedRequest();

    await harness.bus.publish([synced(deleted, "g-late", "create", 1), synced(deleted, "g-late-2", "create"), synced(marker, "g-marker", "create", 1)]);
    await eventually(async () => (await googleIdOf(marker)) === "g-marker");
    expect(await googleIdOf(deleted)).toBeNull();
  });

  it("clears the id on a delete sync, only the one it deleted", async () => {
    const request = await approvedRequest();
    await harness.bus.publish([synced(request, "g-1", "create")]);
    await eventually(async () => (await googleIdOf(request)) === "g-1");

    // A delete of another Google event leaves this one; the delete of this one clears it.
    await harness.bus.publish([synced(request, "g-other", "delete")]);
    const marker = await approvedRequest();
    await harness.bus.publish([synced(marker, "g-marker", "create")]);
    await eventually(async () => (await googleIdOf(marker)) === "g-marker");
    expect(await googleIdOf(request)).toBe("g-1");
    await harness.bus.publish([synced(request, "g-1", "delete")]);
    await eventually(async () => (await googleIdOf(request)) === null);
  });

  it("ignores a report older than one already applied, and clears the id on a newer delete", async () => {
    const request = await approvedRequest();
    // Out of order: the update for version 5 arrives before the create for version 4.
    await harness.bus.publish([synced(request, "g-5", "update", 5), synced(request, "g-4", "create", 4)]);
    const marker = await approvedRequest();
    await harness.bus.publish([synced(marker, "g-marker", "create", 1)]);
    await eventually(async () => (await googleIdOf(marker)) === "g-marker");
    expect(await googleIdOf(request)).toBe("g-5");
    expect((await events.as(ana).get(`/api/v1/event-requests/${request}`)).body.event_request.google_event_id).toBe("g-5");

    // A versioned delete newer than the update clears it; a late update after it changes nothing.
    await harness.bus.publish([synced(request, "g-5", "delete", 6), synced(request, "g-5", "update", 5)]);
    await eventually(async () => (await googleIdOf(request)) === null);
    const secondMarker = await approvedRequest();
    await harness.bus.publish([synced(secondMarker, "g-marker-2", "create", 1)]);
    await eventually(async () => (await googleIdOf(secondMarker)) === "g-marker-2");
    expect(await googleIdOf(request)).toBeNull();
  });
});
