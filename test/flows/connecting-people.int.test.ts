import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestHarness, eventually, type MountedService, type TestHarness } from "@amia/kit/testing";
import { createIdentityService } from "../../services/identity/src/app.ts";
import { createRelationshipsService } from "../../services/relationships/src/app.ts";
import { createNotificationsService } from "../../services/notifications/src/app.ts";

/**
 * People connecting, across three real services over the real Kafka and MongoDB-wire database:
 * identity (sign-in) -> relationships (requests, relationships) -> notifications.
 */
let harness: TestHarness;
let identity: MountedService;
let relationships: MountedService;
let notifications: MountedService;

beforeEach(async () => {
  harness = await createTestHarness("connecting");
  identity = await harness.mount("identity", createIdentityService);
  relationships = await harness.mount("relationships", createRelationshipsService);
  notifications = await harness.mount("notifications", createNotificationsService);
});
afterEach(() => harness.close());

interface Person {
  id: string;
  email: string;
  name: string;
}

async function signIn(name: string, email = `${name.split(" ")[0]!.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`): Promise<Person> {
  const response = await identity.asService("bff").post("/internal/users/sign-in", {
    issuer: "https://accounts.google.com",
    subject: randomUUID(),
    provider: "google",
    email,
    email_verified: true,
    name,
  });
  expect(response.status).toBe(201);
  const person = { id: response.body.user.id, email, name };
  // Relationships learns of people from identity's events.
  await eventually(async () => (await relationships.db.collection("users").countDocuments({ _id: person.id as never })) === 1);
  return person;
}

const notificationTitles = async (person: Person) =>
  ((await notifications.as(person).get("/api/v1/notifications")).body.notifications as Array<{ title: string }>).map((n) => n.title);

describe("connecting people", () => {
  it("notifies the requested person, and on acceptance both see the relationship and the requester is told", async () => {
    const ana = await signIn("Ana Silva");
    const bruno = await signIn("Bruno Costa");

    const sent = await relationships.as(ana).post("/api/v1/relationship-requests", { requested_email: bruno.email.toUpperCase() });
    expect(sent.status).toBe(201);
    const requestId = sent.body.relationship_request.id;

    await eventually(async () => (await notificationTitles(bruno)).includes("Ana Silva wants to connect"));
    const received = await relationships.as(bruno).get("/api/v1/relationship-requests/received?status=pending");
    expect(received.body.relationship_requests.map((r: { id: string }) => r.id)).toEqual([requestId]);
    expect(received.body.relationship_requests[0].requester).toEqual({ id: ana.id, full_name: "Ana Silva", email: ana.email });

    const accepted = await relationships.as(bruno).post(`/api/v1/relationship-requests/${requestId}/approve`);
    expect(accepted.status).toBe(200);

    const anaSees = await relationships.as(ana).get("/api/v1/relationships");
    const brunoSees = await relationships.as(bruno).get("/api/v1/relationships");
    expect(anaSees.body).toMatchObject({ total_count: 1, skip: 0, take: 10 });
    expect(anaSees.body.relationships[0].other_user).toEqual({ id: bruno.id, full_name: "Bruno Costa", email: bruno.email });
    expect(brunoSees.body.relationships[0].other_user).toEqual({ id: ana.id, full_name: "Ana Silva", email: ana.email });
    expect(anaSees.body.relationships[0].id).toBe(brunoSees.body.relationships[0].id);
    await eventually(async () => (await notificationTitles(ana)).includes("Bruno Costa accepted your request"));
  });

  it("tells the requester when the request is declined, and creates no relationship", async () => {
    const ana = await signIn("Ana Silva");
    const carla = await signIn("Carla Dias");
    const requestId = (await relationships.as(ana).post("/api/v1/relationship-requests", { requested_email: carla.email })).body.relationship_request.id;

    const declined = await relationships.as(carla).post(`/api/v1/relationship-requests/${requestId}/reject`);
    expect(declined.status).toBe(200);
    expect(declined.body.relationship_request.status).toBe("rejected");

    await eventually(async () => (await notificationTitles(ana)).includes("Carla Dias declined your request"));
    expect((await relationships.as(ana).get("/api/v1/relationships")).body.total_count).toBe(0);
    expect((await relationships.as(carla).get("/api/v1/relationship-requests/received?status=pending")).body.relationship_requests).toEqual([]);
  });

  it("delivers a request sent to an email with no account when that person first signs in", async () => {
    const ana = await signIn("Ana Silva");
    const futureEmail = `dora-${randomUUID().slice(0, 6)}@example.com`;
    const sent = await relationships.as(ana).post("/api/v1/relationship-requests", { requested_email: futureEmail });
    expect(sent.status).toBe(201);

    const dora = await signIn("Dora Reis", futureEmail);

    await eventually(async () => (await relationships.as(dora).get("/api/v1/relationship-requests/received")).body.relationship_requests.length === 1);
    await eventually(async () => (await notificationTitles(dora)).includes("Ana Silva wants to connect"));
    const approved = await relationships.as(dora).post(`/api/v1/relationship-requests/${sent.body.relationship_request.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.relationship.other_user.id).toBe(ana.id);
  });

  it("makes one notification of an event Kafka delivers twice", async () => {
    const ana = await signIn("Ana Silva");
    const eva = await signIn("Eva Lima");
    const requestId = (await relationships.as(ana).post("/api/v1/relationship-requests", { requested_email: eva.email })).body.relationship_request.id;
    await eventually(async () => (await notificationTitles(eva)).length === 1);

    // Deliver the request's "created" event a second time, as a consumer restarting from an old
    // offset would see it: same key, so same partition, after the original.
    let original: { key: string; value: string } | undefined;
    const reader = harness.bus.rawConsumer({ groupId: "replay", physicalTopics: [harness.bus.topicName("relationship-requests")], onMessage: (message) => {
      if (!original && JSON.parse(message.value).type === "relationship-request.created") original = { key: message.key ?? "", value: message.value };
    } });
    await reader.start();
    const created = await eventually(() => original);
    await harness.bus.publishRaw(harness.bus.topicName("relationship-requests"), [created]);
    // Declining writes the next event on the same key: once Ana hears of it, the duplicate was read.
    await relationships.as(eva).post(`/api/v1/relationship-requests/${requestId}/reject`);
    await eventually(async () => (await notificationTitles(ana)).includes("Eva Lima declined your request"));

    expect(await notificationTitles(eva)).toEqual(["Ana Silva wants to connect"]);
  });
});
