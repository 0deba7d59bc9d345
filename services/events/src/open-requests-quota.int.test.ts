import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEvent } from "@amia/kit";
import { createTestHarness, eventually, type MountedService, type TestHarness } from "@amia/kit/testing";
import { eventsService } from "./app.ts";

let harness: TestHarness;
let events: MountedService;
const ana = { id: randomUUID() };
const bruno = { id: randomUUID() };

beforeEach(async () => {
  harness = await createTestHarness("events-open-quota");
  events = await harness.mount("events", eventsService({ maxOpenRequestsPerUser: 2 }));
  // Ana and Bruno are connected, as the relationships service would have announced.
  const relationshipId = randomUUID();
  const party = (person: { id: string }) => ({ user_id: person.id, full_name: null, email: `${person.id}@example.com` });
  await harness.bus.publish([
    createEvent("relationships", "relationship.created", {
      subject: relationshipId,
      actor_id: bruno.id,
      data: { relationship_id: relationshipId, users: [party(ana), party(bruno)], request_id: null, created_at: new Date().toISOString() },
    }),
  ]);
  await eventually(async () => (await events.db.collection("relationships").countDocuments({ _id: relationshipId as never })) === 1);
});
afterEach(() => harness.close());

const lunch = (title: string) => ({
  title,
  start_date: { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" },
  end_date: { date_time: "2026-03-11T13:00", time_zone: "Europe/Lisbon" },
  approvers: [{ user_id: bruno.id, required: true }],
});
const create = (title: string) => events.as(ana).post("/api/v1/event-requests", lunch(title));

describe("event requests waiting for answers, per person", () => {
  it("refuses a new one at the most open (409, in words, nothing stored) until one is answered or deleted", async () => {
    const first = (await create("One")).body.event_request;
    const second = (await create("Two")).body.event_request;

    const refused = await create("Three");

    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: "You have 2 event requests waiting for answers, the most one person may have open; delete some, or wait for answers, and try again",
      code: "conflict",
    });
    expect(await events.db.collection("event_requests").countDocuments({ created_by: ana.id })).toBe(2);
    // Someone else's count is their own.
    expect((await events.as(bruno).post("/api/v1/event-requests", { ...lunch("Bruno's"), approvers: [{ user_id: ana.id, required: true }] })).status).toBe(201);

    // An answer closes one: there is room again.
    expect((await events.as(bruno).post(`/api/v1/event-requests/${first.id}/approvals/approve`)).status).toBe(200);
    expect((await create("Three")).status).toBe(201);
    expect((await create("Four")).status).toBe(409);
    // So does deleting one.
    expect((await events.as(ana).delete(`/api/v1/event-requests/${second.id}`)).status).toBe(204);
    expect((await create("Four")).status).toBe(201);
  });
});
