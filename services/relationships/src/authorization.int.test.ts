import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWorld, type Person, type World } from "./testing/identity-and-relationships.ts";

/** Someone else's request or relationship is a 404, never a 403 and never the data. */
let world: World;
let ana: Person;
let bruno: Person;
let carla: Person;

beforeEach(async () => {
  world = await createWorld("relauthz");
  [ana, bruno, carla] = [await world.signIn("Ana Silva"), await world.signIn("Bruno Costa"), await world.signIn("Carla Dias")];
});
afterEach(() => world.harness.close());

const send = (from: Person, email: string) => world.as(from).post("/api/v1/relationship-requests", { requested_email: email });

function expectNotFound(response: { status: number; body: any }, what: string) {
  expect(response.status).toBe(404);
  expect(response.body).toEqual({ code: "not_found", message: `${what} not found` });
}

describe("authorization", () => {
  it("shows a third person nothing of a request between two others, and lets them change nothing", async () => {
    const requestId = (await send(ana, bruno.email)).body.relationship_request.id;
    const path = `/api/v1/relationship-requests/${requestId}`;

    expectNotFound(await world.as(carla).get(path), "Relationship request");
    expectNotFound(await world.as(carla).patch(path, { status: "accepted" }), "Relationship request");
    expectNotFound(await world.as(carla).patch(path, { status: "rejected" }), "Relationship request");
    expectNotFound(await world.as(carla).delete(path), "Relationship request");
    expectNotFound(await world.as(carla).post(`${path}/approve`), "Relationship request");
    expectNotFound(await world.as(carla).post(`${path}/reject`), "Relationship request");
    expect((await world.as(carla).get("/api/v1/relationship-requests/received")).body.relationship_requests).toEqual([]);
    expect((await world.as(carla).get("/api/v1/relationship-requests/sent")).body.relationship_requests).toEqual([]);

    expect((await world.as(bruno).get(path)).body.relationship_request.status).toBe("pending");
  });

  it("does not let the requester approve their own request (403), nor a third person (404)", async () => {
    const requestId = (await send(ana, bruno.email)).body.relationship_request.id;

    const byRequester = await world.as(ana).post(`/api/v1/relationship-requests/${requestId}/approve`);
    expect(byRequester.status).toBe(403);
    expect(byRequester.body.message).toBe("Only the person this request was sent to can accept or decline it");
    expectNotFound(await world.as(carla).post(`/api/v1/relationship-requests/${requestId}/approve`), "Relationship request");
    expect((await world.as(ana).get("/api/v1/relationships")).body.total_count).toBe(0);
  });

  it("shows a third person nothing of a relationship between two others, and lets them end nothing", async () => {
    const requestId = (await send(ana, bruno.email)).body.relationship_request.id;
    const relationshipId = (await world.as(bruno).post(`/api/v1/relationship-requests/${requestId}/approve`)).body.relationship.id;
    const path = `/api/v1/relationships/${relationshipId}`;

    expectNotFound(await world.as(carla).get(path), "Relationship");
    expectNotFound(await world.as(carla).patch(path, {}), "Relationship");
    expectNotFound(await world.as(carla).delete(path), "Relationship");
    expect((await world.as(carla).get("/api/v1/relationships")).body).toMatchObject({ relationships: [], total_count: 0 });
    expectNotFound(await world.as(carla).get(`/api/v1/relationship-requests/${requestId}`), "Relationship request");

    expect((await world.as(ana).get(path)).status).toBe(200);
  });

  it("keeps a request to an unregistered email from anyone but its sender until its owner signs up", async () => {
    const requestId = (await send(ana, `eva-${randomUUID().slice(0, 6)}@example.com`)).body.relationship_request.id;

    expectNotFound(await world.as(bruno).get(`/api/v1/relationship-requests/${requestId}`), "Relationship request");
    expectNotFound(await world.as(bruno).post(`/api/v1/relationship-requests/${requestId}/approve`), "Relationship request");
  });

  it("makes one relationship of approvals at once by the same person: each answers 200 with that one relationship", async () => {
    const requestId = (await send(ana, bruno.email)).body.relationship_request.id;

    const answers = await Promise.all([1, 2, 3].map(() => world.as(bruno).post(`/api/v1/relationship-requests/${requestId}/approve`)));

    // The same answer again is done already (a double click, a retry): a success, not a 409.
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.relationship.id)).size).toBe(1);
    expect((await world.as(ana).get("/api/v1/relationships")).body.total_count).toBe(1);
    expect(await world.relationships.db.collection("relationships").countDocuments()).toBe(1);
  });

  it("takes back the relationship of an approval that lost to the requester deleting the request", async () => {
    const requestId = (await send(ana, bruno.email)).body.relationship_request.id;

    const [approved, deleted] = await Promise.all([
      world.as(bruno).post(`/api/v1/relationship-requests/${requestId}/approve`),
      world.as(ana).delete(`/api/v1/relationship-requests/${requestId}`),
    ]);

    // Either order is fine; what must never happen is a relationship without an accepted request.
    expect(deleted.status).toBe(204);
    const total = (await world.as(ana).get("/api/v1/relationships")).body.total_count;
    expect(total).toBe(approved.status === 200 ? 1 : 0);
    if (approved.status !== 200) expect(approved.status).toBe(404);
  });

  it("serves signed-in users only", async () => {
    expect((await world.relationships.anonymous.get("/api/v1/relationships")).status).toBe(401);
    expect((await world.relationships.asService("bff").get("/api/v1/relationship-requests/sent")).status).toBe(403);
  });
});
