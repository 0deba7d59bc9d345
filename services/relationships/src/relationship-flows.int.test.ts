import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eventually } from "@amia/kit/testing";
import { createWorld, type Person, type World } from "./testing/identity-and-relationships.ts";

let world: World;

beforeEach(async () => {
  world = await createWorld("relationships");
});
afterEach(() => world.harness.close());

const idsOf = (body: { relationship_requests: Array<{ id: string }> }) => body.relationship_requests.map((request) => request.id);
const send = (from: Person, email: string) => world.as(from).post("/api/v1/relationship-requests", { requested_email: email });

describe("relationship requests", () => {
  it("shows a new request in the recipient's received list and the requester's sent list", async () => {
    const ana = await world.signIn("Ana Silva");
    const bruno = await world.signIn("Bruno Costa");

    const sent = await send(ana, ` ${bruno.email.toUpperCase()} `);

    expect(sent.status).toBe(201);
    const request = sent.body.relationship_request;
    expect(request).toMatchObject({ status: "pending", requested_email: bruno.email, requester: { id: ana.id, full_name: "Ana Silva", email: ana.email } });
    expect(idsOf((await world.as(bruno).get("/api/v1/relationship-requests/received")).body)).toEqual([request.id]);
    expect(idsOf((await world.as(ana).get("/api/v1/relationship-requests/sent")).body)).toEqual([request.id]);
    expect(idsOf((await world.as(ana).get("/api/v1/relationship-requests/received")).body)).toEqual([]);
    expect((await world.as(bruno).get(`/api/v1/relationship-requests/${request.id}`)).body.relationship_request).toEqual(request);

    const [created] = await world.eventsOf("relationship-request.created");
    expect(created).toMatchObject({
      subject: request.id,
      actor_id: ana.id,
      producer: "relationships",
      data: { request_id: request.id, requester_id: ana.id, requester_full_name: "Ana Silva", requester_email: ana.email, requested_email: bruno.email, requested_user_id: bruno.id },
    });
  });

  it("takes the same request through POST /relationships, which needs the other's consent", async () => {
    const ana = await world.signIn("Ana Silva");
    const bruno = await world.signIn("Bruno Costa");

    const sent = await world.as(ana).post("/api/v1/relationships", { requested_email: bruno.email });

    expect(sent.status).toBe(201);
    expect(sent.body.relationship_request).toMatchObject({ status: "pending", requested_email: bruno.email });
    expect((await world.as(ana).get("/api/v1/relationships")).body.total_count).toBe(0);
    expect(idsOf((await world.as(bruno).get("/api/v1/relationship-requests/received")).body)).toEqual([sent.body.relationship_request.id]);
  });

  it("on approval makes one relationship both see, with the other person in it, and accepts the request", async () => {
    const ana = await world.signIn("Ana Silva");
    const bruno = await world.signIn("Bruno Costa");
    const requestId = (await send(ana, bruno.email)).body.relationship_request.id;

    const approved = await world.as(bruno).post(`/api/v1/relationship-requests/${requestId}/approve`);

    expect(approved.status).toBe(200);
    expect(approved.body.relationship_request).toMatchObject({ id: requestId, status: "accepted" });
    const relationship = approved.body.relationship;
    expect(relationship.other_user).toEqual({ id: ana.id, full_name: "Ana Silva", email: ana.email });

    const anaSees = (await world.as(ana).get("/api/v1/relationships")).body;
    const brunoSees = (await world.as(bruno).get("/api/v1/relationships")).body;
    expect(anaSees).toEqual({ relationships: [{ id: relationship.id, created_at: relationship.created_at, other_user: { id: bruno.id, full_name: "Bruno Costa", email: bruno.email } }], skip: 0, take: 10, total_count: 1 });
    expect(brunoSees.relationships).toEqual([relationship]);
    expect((await world.as(ana).get(`/api/v1/relationships/${relationship.id}`)).body.relationship.other_user.id).toBe(bruno.id);
    expect((await world.as(ana).get(`/api/v1/relationship-requests/${requestId}`)).body.relationship_request.status).toBe("accepted");
    expect((await world.as(bruno).get("/api/v1/relationship-requests/received?status=pending")).body.relationship_requests).toEqual([]);
    expect(idsOf((await world.as(bruno).get("/api/v1/relationship-requests/received?status=accepted")).body)).toEqual([requestId]);

    const [accepted] = await world.eventsOf("relationship-request.accepted");
    expect(accepted).toMatchObject({
      subject: requestId,
      actor_id: bruno.id,
      data: { request_id: requestId, requester_id: ana.id, requested_user_id: bruno.id, requested_full_name: "Bruno Costa", requested_email: bruno.email, relationship_id: relationship.id },
    });
    const [created] = await world.eventsOf("relationship.created");
    expect(created).toMatchObject({ subject: relationship.id, actor_id: bruno.id, data: { relationship_id: relationship.id, request_id: requestId } });
    expect(created!.data.users).toEqual([
      { user_id: ana.id, full_name: "Ana Silva", email: ana.email },
      { user_id: bruno.id, full_name: "Bruno Costa", email: bruno.email },
    ]);
  });

  it("accepts and declines through PATCH {status} as approve and reject do", async () => {
    const ana = await world.signIn("Ana Silva");
    const bruno = await world.signIn("Bruno Costa");
    const carla = await world.signIn("Carla Dias");
    const toBruno = (await send(ana, bruno.email)).body.relationship_request.id;
    const toCarla = (await send(ana, carla.email)).body.relationship_request.id;

    const accepted = await world.as(bruno).patch(`/api/v1/relationship-requests/${toBruno}`, { status: "accepted" });
    const declined = await world.as(carla).patch(`/api/v1/relationship-requests/${toCarla}`, { status: "rejected" });

    expect(accepted.status).toBe(200);
    expect(accepted.body.relationship.other_user.id).toBe(ana.id);
    expect(declined.status).toBe(200);
    expect(declined.body).toEqual({ relationship_request: expect.objectContaining({ id: toCarla, status: "rejected" }) });
    expect((await world.as(ana).get("/api/v1/relationships")).body.relationships.map((r: { other_user: { id: string } }) => r.other_user.id)).toEqual([bruno.id]);
  });

  it("on decline rejects the request and makes no relationship", async () => {
    const ana = await world.signIn("Ana Silva");
    const carla = await world.signIn("Carla Dias");
    const requestId = (await send(ana, carla.email)).body.relationship_request.id;

    const declined = await world.as(carla).post(`/api/v1/relationship-requests/${requestId}/reject`);

    expect(declined.status).toBe(200);
    expect(declined.body.relationship_request).toMatchObject({ id: requestId, status: "rejected" });
    expect((await world.as(ana).get("/api/v1/relationships")).body.total_count).toBe(0);
    expect((await world.as(carla).get("/api/v1/relationship-requests/received?status=pending")).body.relationship_requests).toEqual([]);
    expect(idsOf((await world.as(ana).get("/api/v1/relationship-requests/sent?status=rejected")).body)).toEqual([requestId]);
    const [rejected] = await world.eventsOf("relationship-request.rejected");
    expect(rejected).toMatchObject({ subject: requestId, actor_id: carla.id, data: { request_id: requestId, requester_id: ana.id, requested_user_id: carla.id, requested_full_name: "Carla Dias", requested_email: carla.email } });
    expect(world.published.some((event) => event.type === "relationship.created")).toBe(false);
  });

  it("delivers a request sent to an email with no account when that person first signs in", async () => {
    const ana = await world.signIn("Ana Silva");
    const futureEmail = `dora-${randomUUID().slice(0, 6)}@example.com`;
    const sent = await send(ana, futureEmail);
    expect(sent.status).toBe(201);
    const requestId = sent.body.relationship_request.id;
    const [created] = await world.eventsOf("relationship-request.created");
    expect(created!.data.requested_user_id).toBeNull();

    const dora = await world.signIn("Dora Reis", futureEmail);

    await eventually(async () => idsOf((await world.as(dora).get("/api/v1/relationship-requests/received")).body).includes(requestId));
    const [delivered] = await world.eventsOf("relationship-request.delivered");
    expect(delivered).toMatchObject({
      subject: requestId,
      actor_id: null,
      data: { request_id: requestId, requester_id: ana.id, requester_full_name: "Ana Silva", requester_email: ana.email, requested_email: futureEmail, requested_user_id: dora.id },
    });
    const approved = await world.as(dora).post(`/api/v1/relationship-requests/${requestId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.relationship.other_user).toEqual({ id: ana.id, full_name: "Ana Silva", email: ana.email });
  });

  it("lets the requester delete a request: gone from both lists and reads, the pair free again", async () => {
    const ana = await world.signIn("Ana Silva");
    const bruno = await world.signIn("Bruno Costa");
    const requestId = (await send(ana, bruno.email)).body.relationship_request.id;

    const deleted = await world.as(ana).delete(`/api/v1/relationship-requests/${requestId}`);

    expect(deleted).toEqual({ status: 204, body: undefined });
    expect(idsOf((await world.as(ana).get("/api/v1/relationship-requests/sent")).body)).toEqual([]);
    expect(idsOf((await world.as(bruno).get("/api/v1/relationship-requests/received")).body)).toEqual([]);
    expect((await world.as(ana).get(`/api/v1/relationship-requests/${requestId}`)).status).toBe(404);
    expect((await world.as(ana).delete(`/api/v1/relationship-requests/${requestId}`)).status).toBe(404);
    expect(await world.relationships.db.collection("relationship_requests").countDocuments({ _id: requestId })).toBe(1);
    const [gone] = await world.eventsOf("relationship-request.deleted");
    expect(gone).toMatchObject({ subject: requestId, actor_id: ana.id, data: { request_id: requestId, requester_id: ana.id, requested_email: bruno.email, requested_user_id: bruno.id, status: "pending" } });
    expect((await send(bruno, ana.email)).status).toBe(201);
  });

  it("lets either side end a relationship, after which the two may connect again", async () => {
    const ana = await world.signIn("Ana Silva");
    const bruno = await world.signIn("Bruno Costa");
    const first = (await send(ana, bruno.email)).body.relationship_request.id;
    const relationshipId = (await world.as(bruno).post(`/api/v1/relationship-requests/${first}/approve`)).body.relationship.id;

    expect((await world.as(bruno).delete(`/api/v1/relationships/${relationshipId}`)).status).toBe(204);

    expect((await world.as(ana).get("/api/v1/relationships")).body).toMatchObject({ relationships: [], total_count: 0 });
    expect((await world.as(ana).get(`/api/v1/relationships/${relationshipId}`)).status).toBe(404);
    const [ended] = await world.eventsOf("relationship.deleted");
    expect(ended).toMatchObject({ subject: relationshipId, actor_id: bruno.id, data: { relationship_id: relationshipId, user_ids: [ana.id, bruno.id] } });

    const again = (await send(bruno, ana.email)).body.relationship_request.id;
    const renewed = await world.as(ana).post(`/api/v1/relationship-requests/${again}/approve`);
    expect(renewed.status).toBe(200);
    expect(renewed.body.relationship.id).not.toBe(relationshipId);
    expect((await world.as(ana).delete(`/api/v1/relationships/${renewed.body.relationship.id}`)).status).toBe(204);
  });

  it("pages relationships newest first, with the total over all pages", async () => {
    const ana = await world.signIn("Ana Silva");
    const others = [await world.signIn("Bruno Costa"), await world.signIn("Carla Dias"), await world.signIn("Dora Reis")];
    for (const other of others) {
      const requestId = (await send(ana, other.email)).body.relationship_request.id;
      expect((await world.as(other).post(`/api/v1/relationship-requests/${requestId}/approve`)).status).toBe(200);
    }

    const page = (await world.as(ana).get("/api/v1/relationships?skip=1&take=1")).body;
    const all = (await world.as(ana).get("/api/v1/relationships")).body;

    expect(all.relationships.map((r: { other_user: { id: string } }) => r.other_user.id)).toEqual(others.map((other) => other.id).reverse());
    expect(page).toMatchObject({ skip: 1, take: 1, total_count: 3 });
    expect(page.relationships).toEqual([all.relationships[1]]);
    expect((await world.as(ana).get("/api/v1/relationships?take=0")).body).toMatchObject({ relationships: [], total_count: 3 });
  });

  it("answers PATCH of a relationship with {} by returning it unchanged", async () => {
    const ana = await world.signIn("Ana Silva");
    const bruno = await world.signIn("Bruno Costa");
    const requestId = (await send(ana, bruno.email)).body.relationship_request.id;
    const relationship = (await world.as(bruno).post(`/api/v1/relationship-requests/${requestId}/approve`)).body.relationship;

    const patched = await world.as(bruno).patch(`/api/v1/relationships/${relationship.id}`, {});

    expect(patched).toEqual({ status: 200, body: { relationship } });
  });
});
