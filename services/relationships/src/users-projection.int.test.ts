import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEvent, createOutbox } from "@amia/kit";
import type { TEventOf } from "@amia/contracts";
import { createTestHarness, eventually, quietLogger, type MountedService, type TestHarness } from "@amia/kit/testing";
import { createRelationshipsService } from "./app.ts";
import { sendRequest } from "./operations/send-request.ts";
import { createStores } from "./store/stores.ts";

/** The users projection, fed with identity's events directly, so their order and timing are ours. */
let harness: TestHarness;
let relationships: MountedService;

beforeEach(async () => {
  harness = await createTestHarness("relusers");
  relationships = await harness.mount("relationships", createRelationshipsService);
});
afterEach(() => harness.close());

function userEvent(type: "user.registered" | "user.updated", user: { id: string; email: string; name: string; isVerified?: boolean }, occurredAt: string) {
  const snapshot = { user_id: user.id, email: user.email, name: user.name, full_name: user.name, provider: "google", email_verified: user.isVerified ?? true };
  const event =
    type === "user.registered"
      ? createEvent("identity", type, { subject: user.id, actor_id: user.id, data: { ...snapshot, created_at: occurredAt } })
      : createEvent("identity", type, { subject: user.id, actor_id: user.id, data: { ...snapshot, updated_at: occurredAt } });
  return { ...event, occurred_at: occurredAt } as TEventOf<typeof type>;
}

const projected = (userId: string) => relationships.db.collection("users").findOne({ _id: userId as never });
// A boolean, not the document: `eventually` takes null for an answer.
const isKnown = async (user: { id: string }) => (await projected(user.id)) !== null;
const person = (name: string) => ({ id: randomUUID(), email: `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`, name });

describe("users projection", () => {
  it("applies a user's states in version order: a repeated or older one changes nothing", async () => {
    const users = createStores(relationships.db, createOutbox({ db: relationships.db, publish: harness.bus.publish, logger: quietLogger() })).users;
    const ana = { _id: randomUUID(), email: "ana@example.com", name: "Ana", full_name: "Ana", email_verified: true };

    const outcomes = [
      await users.apply(ana, "2026-01-01T10:00:00.000Z"),
      await users.apply({ ...ana, full_name: "Ana Silva" }, "2026-01-03T10:00:00.000Z"),
      await users.apply({ ...ana, full_name: "Ana Old" }, "2026-01-02T10:00:00.000Z"),
      await users.apply(ana, "2026-01-01T10:00:00.000Z"),
      await users.apply({ ...ana, full_name: "Ana Silva" }, "2026-01-03T10:00:00.000Z"),
    ];

    expect(outcomes).toEqual(["applied", "applied", "stale", "stale", "stale"]);
    expect(await projected(ana._id)).toEqual({ ...ana, full_name: "Ana Silva", updated_at: "2026-01-03T10:00:00.000Z" });
  });

  it("builds the projection from identity's events, redelivered and out of order", async () => {
    const ana = person("Ana");
    const registered = userEvent("user.registered", ana, "2026-01-01T10:00:00.000Z");
    const renamed = userEvent("user.updated", { ...ana, name: "Ana Silva" }, "2026-01-02T10:00:00.000Z");
    const stale = userEvent("user.updated", { ...ana, name: "Ana Old" }, "2026-01-01T12:00:00.000Z");

    await harness.bus.publish([registered, renamed, registered, stale, renamed]);

    await eventually(async () => (await projected(ana.id))?.full_name === "Ana Silva");
    // Nothing marks "all five handled" (they share a partition, so the later ones follow soon).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await projected(ana.id)).toEqual({ _id: ana.id, email: ana.email, name: "Ana Silva", full_name: "Ana Silva", email_verified: true, updated_at: "2026-01-02T10:00:00.000Z" });
    expect(await relationships.db.collection("users").countDocuments()).toBe(1);
  });

  it("shows the requester's current name on requests made under the old one", async () => {
    const ana = person("Ana");
    const bruno = person("Bruno");
    await harness.bus.publish([userEvent("user.registered", ana, "2026-01-01T10:00:00.000Z"), userEvent("user.registered", bruno, "2026-01-01T10:00:00.000Z")]);
    await eventually(async () => (await isKnown(ana)) && (await isKnown(bruno)));
    const requestId = (await relationships.as(ana).post("/api/v1/relationship-requests", { requested_email: bruno.email })).body.relationship_request.id;

    await harness.bus.publish([userEvent("user.updated", { ...ana, name: "Ana Silva" }, "2026-01-03T10:00:00.000Z")]);

    await eventually(async () => (await relationships.as(bruno).get(`/api/v1/relationship-requests/${requestId}`)).body.relationship_request.requester.full_name === "Ana Silva");
  });

  it("delivers a waiting request to someone who changes their email to the one it was sent to", async () => {
    const ana = person("Ana");
    const bruno = person("Bruno");
    await harness.bus.publish([userEvent("user.registered", ana, "2026-01-01T10:00:00.000Z"), userEvent("user.registered", bruno, "2026-01-01T10:00:00.000Z")]);
    await eventually(async () => (await isKnown(ana)) && (await isKnown(bruno)));
    const newEmail = `bruno.new-${randomUUID().slice(0, 6)}@example.com`;
    const requestId = (await relationships.as(ana).post("/api/v1/relationship-requests", { requested_email: newEmail })).body.relationship_request.id;

    await harness.bus.publish([userEvent("user.updated", { ...bruno, email: newEmail }, "2026-01-02T10:00:00.000Z")]);

    await eventually(async () => (await relationships.as(bruno).get("/api/v1/relationship-requests/received")).body.relationship_requests.length === 1);
    expect((await relationships.as(bruno).get(`/api/v1/relationship-requests/${requestId}`)).status).toBe(200);
  });
});

describe("requests to an email, delivered only to a verified owner", () => {
  const receivedBy = async (user: { id: string }) =>
    (await relationships.as(user).get("/api/v1/relationship-requests/received")).body.relationship_requests.map((r: { id: string }) => r.id);

  it("keeps a waiting request from an account whose provider did not verify the email, and delivers it once verified", async () => {
    const ana = person("Ana");
    await harness.bus.publish([userEvent("user.registered", ana, "2026-01-01T10:00:00.000Z")]);
    await eventually(() => isKnown(ana));
    const email = `dora-${randomUUID().slice(0, 6)}@example.com`;
    const requestId = (await relationships.as(ana).post("/api/v1/relationship-requests", { requested_email: email })).body.relationship_request.id;
    const mallory = { id: randomUUID(), email, name: "Mallory", isVerified: false };

    // Someone signs up claiming the email, unverified; a later sign-up of another person is the marker.
    const marker = person("Marker");
    await harness.bus.publish([userEvent("user.registered", mallory, "2026-01-02T10:00:00.000Z"), userEvent("user.registered", marker, "2026-01-02T10:00:01.000Z")]);
    await eventually(() => isKnown(marker));

    expect(await receivedBy(mallory)).toEqual([]);
    expect((await relationships.as(mallory).get(`/api/v1/relationship-requests/${requestId}`)).status).toBe(404);
    expect(await relationships.db.collection("relationship_requests").findOne({ _id: requestId as never })).toMatchObject({ requested_user_id: null, status: "pending" });

    // The provider vouches for the email at a later sign-in: now it is theirs.
    await harness.bus.publish([userEvent("user.updated", { ...mallory, isVerified: true }, "2026-01-03T10:00:00.000Z")]);
    await eventually(async () => (await receivedBy(mallory)).length === 1);
    expect(await receivedBy(mallory)).toEqual([requestId]);
  });

  it("does not hand a new request to an account that claims the email unverified: it waits", async () => {
    const ana = person("Ana");
    const mallory = { ...person("Mallory"), isVerified: false };
    await harness.bus.publish([userEvent("user.registered", ana, "2026-01-01T10:00:00.000Z"), userEvent("user.registered", mallory, "2026-01-01T10:00:00.000Z")]);
    await eventually(async () => (await isKnown(ana)) && (await isKnown(mallory)));

    const sent = await relationships.as(ana).post("/api/v1/relationship-requests", { requested_email: mallory.email });

    expect(sent.status).toBe(201);
    expect(await relationships.db.collection("relationship_requests").findOne({ _id: sent.body.relationship_request.id as never })).toMatchObject({ requested_user_id: null });
    expect(await receivedBy(mallory)).toEqual([]);
  });
});

describe("a request made just as its recipient signs up", () => {
  it("is delivered by the sender's own second look when the sign-up was handled first", async () => {
    const ana = person("Ana");
    const dora = person("Dora");
    await harness.bus.publish([userEvent("user.registered", ana, "2026-01-01T10:00:00.000Z"), userEvent("user.registered", dora, "2026-01-01T10:00:00.000Z")]);
    await eventually(async () => (await isKnown(ana)) && (await isKnown(dora)));
    // The first look-up misses Dora, as it would a moment before her user.registered was handled.
    const stores = createStores(relationships.db, createOutbox({ db: relationships.db, publish: harness.bus.publish, logger: quietLogger() }));
    let isFirstLook = true;
    const findVerifiedOwner = stores.users.findVerifiedOwner;
    stores.users.findVerifiedOwner = async (email) => {
      if (isFirstLook) {
        isFirstLook = false;
        return null;
      }
      return findVerifiedOwner(email);
    };

    const request = await sendRequest(stores, { id: ana.id, email: ana.email, kind: "user" }, dora.email);

    expect(request.requested_user_id).toBeNull();
    const stored = await relationships.db.collection("relationship_requests").findOne({ _id: request._id as never });
    expect(stored).toMatchObject({ requested_user_id: dora.id, pending_pair: [ana.id, dora.id].sort().join("|") });
    expect(stored!.outbox.map((event: { type: string }) => event.type)).toContain("relationship-request.delivered");
    expect((await relationships.as(dora).get("/api/v1/relationship-requests/received")).body.relationship_requests.map((r: { id: string }) => r.id)).toEqual([request._id]);
  });
});
