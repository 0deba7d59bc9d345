import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TDomainEvent } from "@amia/contracts";
import { createTestHarness, eventually, type MountedService, type TestHarness } from "@amia/kit/testing";
import { createIdentityService } from "../../services/identity/src/app.ts";
import { createRelationshipsService } from "../../services/relationships/src/app.ts";
import { createEventsService } from "../../services/events/src/app.ts";
import { createNotificationsService } from "../../services/notifications/src/app.ts";

/**
 * An event request from creation to decision, across four real services over the real Kafka
 * and MongoDB-wire database: identity -> relationships -> events -> notifications.
 */
let harness: TestHarness;
let identity: MountedService;
let relationships: MountedService;
let events: MountedService;
let notifications: MountedService;
let approvals: TDomainEvent[];

beforeEach(async () => {
  harness = await createTestHarness("reviewing");
  identity = await harness.mount("identity", createIdentityService);
  relationships = await harness.mount("relationships", createRelationshipsService);
  events = await harness.mount("events", createEventsService);
  notifications = await harness.mount("notifications", createNotificationsService);
  approvals = [];
  await harness.bus.consumer({ groupId: "calendar-stand-in", handlers: {
    "event-request.approved": async (event) => void approvals.push(event),
  } }).start();
});
afterEach(() => harness.close());

async function signIn(name: string): Promise<{ id: string; email: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${randomUUID().slice(0, 6)}@example.com`;
  const response = await identity.asService("bff").post("/internal/users/sign-in", {
    issuer: "https://accounts.google.com", subject: randomUUID(), provider: "google", email, email_verified: true, name,
  });
  const person = { id: response.body.user.id as string, email };
  await eventually(async () => (await relationships.db.collection("users").countDocuments({ _id: person.id as never })) === 1);
  return person;
}

async function connect(a: { id: string; email: string }, b: { id: string; email: string }) {
  const request = (await relationships.as(a).post("/api/v1/relationship-requests", { requested_email: b.email })).body.relationship_request;
  expect((await relationships.as(b).post(`/api/v1/relationship-requests/${request.id}/approve`)).status).toBe(200);
  // The events service learns of the relationship from relationship.created.
  await eventually(async () => (await events.db.collection("relationships").countDocuments({ is_deleted: false })) >= 1);
}

const titlesOf = async (person: { id: string }) =>
  ((await notifications.as(person).get("/api/v1/notifications")).body.notifications as Array<{ title: string }>).map((n) => n.title);

const lunch = (reviewer: { id: string }, required: boolean) => ({
  title: "Lunch with Sarah",
  start_date: { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" },
  end_date: { date_time: "2026-03-11T13:00", time_zone: "Europe/Lisbon" },
  approvers: [{ user_id: reviewer.id, required }],
});

describe("reviewing an event request", () => {
  it("notifies the required reviewer, approves on their approval, and tells the creator", async () => {
    const ana = await signIn("Ana Silva");
    const bruno = await signIn("Bruno Costa");
    await connect(ana, bruno);

    const created = await events.as(ana).post("/api/v1/event-requests", lunch(bruno, true));
    expect(created.status).toBe(201);
    const id = created.body.event_request.id;
    await eventually(async () => (await titlesOf(bruno)).includes("Ana Silva asks you to review “Lunch with Sarah”"));

    const approved = await events.as(bruno).post(`/api/v1/event-requests/${id}/approvals/approve`);
    expect(approved.body.event_request).toMatchObject({ status: "approved", completed_count: 1, requested_approvals: 1 });

    const seenByAna = (await events.as(ana).get(`/api/v1/event-requests/${id}/with-approvers`)).body.event_request;
    expect(seenByAna).toMatchObject({ status: "approved", approval_status: "approved", completed_count: 1, requested_approvals: 1 });
    await eventually(async () => (await titlesOf(ana)).includes("“Lunch with Sarah” was approved"));
    expect(await titlesOf(ana)).toContain("Bruno Costa approved “Lunch with Sarah”");
    expect(approvals.filter((event) => event.subject === id)).toHaveLength(1);
  });

  it("rejects on the required reviewer's rejection and tells the creator", async () => {
    const ana = await signIn("Ana Silva");
    const carla = await signIn("Carla Dias");
    await connect(ana, carla);
    const id = (await events.as(ana).post("/api/v1/event-requests", lunch(carla, true))).body.event_request.id;

    const rejected = await events.as(carla).post(`/api/v1/event-requests/${id}/approvals/reject`, { response_notes: "I'm away" });
    expect(rejected.body.event_request.status).toBe("rejected");

    await eventually(async () => (await titlesOf(ana)).includes("Carla Dias rejected “Lunch with Sarah”"));
    expect(approvals.filter((event) => event.subject === id)).toHaveLength(0);
  });

  it("refuses a reviewer who is not connected to the creator", async () => {
    const ana = await signIn("Ana Silva");
    const dora = await signIn("Dora Reis");

    const response = await events.as(ana).post("/api/v1/event-requests", lunch(dora, true));
    expect(response.status).toBe(400);
    expect(response.body.details.fields[0].path).toBe("approvers.0.user_id");
  });
});
