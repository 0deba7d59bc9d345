import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withoutOutbox } from "@amia/kit";
import { createWorld, type Person, type World } from "./testing/identity-and-relationships.ts";

let world: World;
let ana: Person;
let bruno: Person;

beforeEach(async () => {
  world = await createWorld("relrules");
  ana = await world.signIn("Ana Silva");
  bruno = await world.signIn("Bruno Costa");
});
afterEach(() => world.harness.close());

const send = (from: Person, email: string) => world.as(from).post("/api/v1/relationship-requests", { requested_email: email });

/** Everything the service stores, to show that a refused call changed nothing. */
async function stored() {
  const { db } = world.relationships;
  // The outbox fields change as the events go out, which is not the call's doing.
  const strip = (doc: Record<string, unknown>) => withoutOutbox(doc);
  return {
    requests: (await db.collection("relationship_requests").find().sort({ _id: 1 }).toArray()).map(strip),
    relationships: (await db.collection("relationships").find().sort({ _id: 1 }).toArray()).map(strip),
  };
}

async function expectRefusal(call: Promise<{ status: number; body: any }>, status: number, code: string, message: string) {
  const before = await stored();
  const response = await call;
  expect(response.status).toBe(status);
  expect(response.body).toMatchObject({ code, message });
  expect(await stored()).toEqual(before);
}

describe("sending a request", () => {
  it("refuses a request to yourself, however the email is typed", async () => {
    const response = await send(ana, ` ${ana.email.toUpperCase()}`);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: "validation_failed",
      message: "You cannot send a relationship request to yourself",
      details: { fields: [{ path: "requested_email", message: "You cannot send a relationship request to yourself" }] },
    });
    expect((await stored()).requests).toEqual([]);
  });

  it("knows your email from the users projection when the token carries none", async () => {
    const withoutEmail = world.relationships.as({ id: ana.id });

    expect((await withoutEmail.post("/api/v1/relationship-requests", { requested_email: ana.email })).status).toBe(400);
    const sent = await withoutEmail.post("/api/v1/relationship-requests", { requested_email: bruno.email });
    expect(sent.status).toBe(201);
    expect(sent.body.relationship_request.requester).toEqual({ id: ana.id, full_name: "Ana Silva", email: ana.email });
  });

  it("asks a user it has not heard of yet, with no email in the token, to try again in a moment", async () => {
    const response = await world.relationships.as({ id: randomUUID() }).post("/api/v1/relationship-requests", { requested_email: bruno.email });

    expect(response.status).toBe(503);
    expect(response.body).toEqual({ code: "upstream_unavailable", message: "Your account is still being set up; please try again in a moment" });
  });

  it("names requested_email when it is malformed or missing", async () => {
    for (const body of [{ requested_email: "not-an-email" }, { requested_email: "" }, {}, { requested_email: 42 }]) {
      const response = await world.as(ana).post("/api/v1/relationship-requests", body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe("validation_failed");
      expect(response.body.details.fields.map((field: { path: string }) => field.path)).toEqual(["requested_email"]);
      expect(response.body.message).toContain("requested_email");
    }
    expect((await world.as(ana).post("/api/v1/relationships", { requested_email: "nope" })).body.details.fields[0].path).toBe("requested_email");
    expect((await stored()).requests).toEqual([]);
  });

  it("refuses a second pending request between the same two people, in either direction", async () => {
    expect((await send(ana, bruno.email)).status).toBe(201);
    const message = (email: string) => `A relationship request between you and ${email} is already pending`;

    await expectRefusal(send(ana, bruno.email.toUpperCase()), 409, "conflict", message(bruno.email));
    await expectRefusal(send(bruno, ana.email), 409, "conflict", message(ana.email));
    await expectRefusal(world.as(bruno).post("/api/v1/relationships", { requested_email: ana.email }), 409, "conflict", message(ana.email));
  });

  it("refuses a second request to the same unregistered email", async () => {
    const email = `nobody-${randomUUID().slice(0, 6)}@example.com`;
    expect((await send(ana, email)).status).toBe(201);

    await expectRefusal(send(ana, email), 409, "conflict", `A relationship request between you and ${email} is already pending`);
    expect((await send(bruno, email)).status).toBe(201);
  });

  it("holds one pending request per pair when both send at once (the unique index, not only the check)", async () => {
    const responses = await Promise.all([send(ana, bruno.email), send(bruno, ana.email), send(ana, bruno.email), send(bruno, ana.email)]);

    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);
    expect((await stored()).requests.filter((request) => request.status === "pending")).toHaveLength(1);
  });

  it("refuses a request when the two are already connected", async () => {
    const requestId = (await send(ana, bruno.email)).body.relationship_request.id;
    expect((await world.as(bruno).post(`/api/v1/relationship-requests/${requestId}/approve`)).status).toBe(200);

    await expectRefusal(send(ana, bruno.email), 409, "conflict", `You are already connected with ${bruno.email}`);
    await expectRefusal(send(bruno, ana.email), 409, "conflict", `You are already connected with ${ana.email}`);
  });
});

describe("answering and deleting a request", () => {
  let requestId: string;
  beforeEach(async () => {
    requestId = (await send(ana, bruno.email)).body.relationship_request.id;
  });

  it("lets only the requested person accept or decline", async () => {
    const message = "Only the person this request was sent to can accept or decline it";
    await expectRefusal(world.as(ana).post(`/api/v1/relationship-requests/${requestId}/approve`), 403, "forbidden", message);
    await expectRefusal(world.as(ana).post(`/api/v1/relationship-requests/${requestId}/reject`), 403, "forbidden", message);
    await expectRefusal(world.as(ana).patch(`/api/v1/relationship-requests/${requestId}`, { status: "accepted" }), 403, "forbidden", message);
  });

  it("answers only while pending; the same decline again is done already (a retry), changing nothing", async () => {
    expect((await world.as(bruno).post(`/api/v1/relationship-requests/${requestId}/reject`)).status).toBe(200);

    const declined = "This request has already been declined";
    await expectRefusal(world.as(bruno).post(`/api/v1/relationship-requests/${requestId}/approve`), 409, "conflict", declined);
    await expectRefusal(world.as(bruno).patch(`/api/v1/relationship-requests/${requestId}`, { status: "accepted" }), 409, "conflict", declined);
    const before = await stored();
    const again = await world.as(bruno).post(`/api/v1/relationship-requests/${requestId}/reject`);
    expect(again).toMatchObject({ status: 200, body: { relationship_request: { id: requestId, status: "rejected" } } });
    expect(await stored()).toEqual(before);
  });

  it("takes the same acceptance again as done (a retry), and refuses a decline after it", async () => {
    const first = await world.as(bruno).post(`/api/v1/relationship-requests/${requestId}/approve`);
    expect(first.status).toBe(200);

    const before = await stored();
    const again = await world.as(bruno).post(`/api/v1/relationship-requests/${requestId}/approve`);
    expect(again).toMatchObject({ status: 200, body: { relationship: { id: first.body.relationship.id } } });
    expect(await stored()).toEqual(before);
    await expectRefusal(world.as(bruno).post(`/api/v1/relationship-requests/${requestId}/reject`), 409, "conflict", "This request has already been accepted");
  });

  it("lets only the requester delete it; the requested person gets a 403", async () => {
    await expectRefusal(world.as(bruno).delete(`/api/v1/relationship-requests/${requestId}`), 403, "forbidden", "Only the person who sent this request can delete it");
    expect((await world.as(ana).delete(`/api/v1/relationship-requests/${requestId}`)).status).toBe(204);
  });

  it("refuses a PATCH that is not an answer, and unknown list filters", async () => {
    for (const body of [{ status: "pending" }, {}, { status: "accepted", requested_email: "x@example.com" }]) {
      const before = await stored();
      const response = await world.as(bruno).patch(`/api/v1/relationship-requests/${requestId}`, body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe("validation_failed");
      expect(await stored()).toEqual(before);
    }
    const filtered = await world.as(bruno).get("/api/v1/relationship-requests/received?status=maybe");
    expect(filtered.status).toBe(400);
    expect(filtered.body.message).toBe("status must be one of: pending, accepted, rejected");
  });
});

describe("relationships", () => {
  it("accepts only {} as a PATCH, and a page size of at most 100", async () => {
    const requestId = (await send(ana, bruno.email)).body.relationship_request.id;
    const relationshipId = (await world.as(bruno).post(`/api/v1/relationship-requests/${requestId}/approve`)).body.relationship.id;

    const patched = await world.as(ana).patch(`/api/v1/relationships/${relationshipId}`, { nickname: "B" });
    expect(patched.status).toBe(400);
    expect(patched.body).toMatchObject({ code: "validation_failed", message: 'Unrecognized key: "nickname"' });
    expect((await world.as(ana).get("/api/v1/relationships?take=101")).status).toBe(400);
    expect((await world.as(ana).get("/api/v1/relationships?skip=-1")).status).toBe(400);
  });
});
