import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "@amia/kit/testing";
import { createEventsService } from "../../services/events/src/app.ts";
import { createIdentityService } from "../../services/identity/src/app.ts";
import { createNotificationsService } from "../../services/notifications/src/app.ts";
import { createRecipesService } from "../../services/recipes/src/app.ts";
import { createRelationshipsService } from "../../services/relationships/src/app.ts";
import type { TestBrowser } from "./testing/test-browser.ts";
import { createWorld, type World } from "./testing/world.ts";

/**
 * Issue 14: a create retried with the same Idempotency-Key (after an answer that never arrived)
 * answers the first result and creates nothing new; an answer (approve, accept) repeated by the
 * same person succeeds and changes nothing. Through the BFF, on the real services.
 */

let world: World;
beforeAll(async () => {
  world = await createWorld({
    label: "bff-idem",
    services: { identity: createIdentityService, relationships: createRelationshipsService, events: createEventsService, notifications: createNotificationsService, recipes: createRecipesService },
  });
});
afterAll(() => world.close());

interface Person {
  browser: TestBrowser;
  id: string;
  email: string;
}

async function person(name: string): Promise<Person> {
  const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const browser = await world.signedIn(email, name);
  const id = (await browser.json("GET", "/api/v1/auth/session")).body.user.id as string;
  await eventually(async () => (await world.services.relationships!.db.collection("users").countDocuments({ _id: id as never })) === 1);
  return { browser, id, email };
}

const keyed = (key: string) => ({ headers: { "Idempotency-Key": key } });

/** Connects the two (a request and its acceptance) and waits until the events service knows it. */
async function connect(from: Person, to: Person): Promise<void> {
  const request = (await from.browser.json("POST", "/api/v1/relationship-requests", { requested_email: to.email })).body.relationship_request;
  expect((await to.browser.json("POST", `/api/v1/relationship-requests/${request.id}/approve`)).status).toBe(200);
  await eventually(async () => (await world.services.events!.db.collection("relationships").countDocuments({ user_ids: { $all: [from.id, to.id] }, is_deleted: false } as never)) === 1);
}

const lunch = (reviewerId: string, title = "Lunch") => ({
  title,
  start_date: { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" },
  end_date: { date_time: "2026-03-11T13:00", time_zone: "Europe/Lisbon" },
  approvers: [{ user_id: reviewerId, required: true }],
});

const notificationsOf = (userId: string, filter: Record<string, unknown> = {}) =>
  world.services.notifications!.db.collection("notifications").countDocuments({ user_id: userId, ...filter } as never);

describe("creating an event request with an Idempotency-Key", () => {
  it("answers a retry with the first request, creates one request and asks the reviewer once", async () => {
    const ana = await person("Ana");
    const bruno = await person("Bruno");
    await connect(ana, bruno);
    const key = randomUUID();

    const first = await ana.browser.json("POST", "/api/v1/event-requests", lunch(bruno.id), keyed(key));
    const retry = await ana.browser.json("POST", "/api/v1/event-requests", lunch(bruno.id), keyed(key));

    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await world.services.events!.db.collection("event_requests").countDocuments({ created_by: ana.id })).toBe(1);

    // A later request (another key) is the marker: once Bruno is asked about it, the first
    // request's "asks you to review" has long been delivered — exactly once.
    const marker = await ana.browser.json("POST", "/api/v1/event-requests", lunch(bruno.id, "Marker"), keyed(randomUUID()));
    expect(marker.status).toBe(201);
    await eventually(async () => (await notificationsOf(bruno.id, { subject_id: marker.body.event_request.id })) === 1);
    expect(await notificationsOf(bruno.id, { kind: "event_request_review_requested" })).toBe(2);
  });

  it("answers a double submit (two at once, same key) with one request, the same for both", async () => {
    const ana = await person("Ana");
    const bruno = await person("Bruno");
    await connect(ana, bruno);
    const key = randomUUID();

    const [a, b] = await Promise.all([1, 2].map(() => ana.browser.json("POST", "/api/v1/event-requests", lunch(bruno.id), keyed(key))));

    expect([a!.status, b!.status]).toEqual([201, 201]);
    expect(a!.body.event_request.id).toBe(b!.body.event_request.id);
    expect(await world.services.events!.db.collection("event_requests").countDocuments({ created_by: ana.id })).toBe(1);
  });

  it("refuses the same key with a different body (422 idempotency_key_reused) and a malformed key (400 naming the header), creating nothing", async () => {
    const ana = await person("Ana");
    const bruno = await person("Bruno");
    await connect(ana, bruno);
    const key = randomUUID();
    expect((await ana.browser.json("POST", "/api/v1/event-requests", lunch(bruno.id), keyed(key))).status).toBe(201);

    const reused = await ana.browser.json("POST", "/api/v1/event-requests", lunch(bruno.id, "Dinner"), keyed(key));
    expect(reused).toMatchObject({ status: 422, body: { code: "idempotency_key_reused" } });

    const malformed = await ana.browser.json("POST", "/api/v1/event-requests", lunch(bruno.id, "Dinner"), keyed("short"));
    expect(malformed).toMatchObject({ status: 400, body: { code: "validation_failed", details: { fields: [{ path: "Idempotency-Key" }] } } });
    expect(malformed.body.message).toContain("Idempotency-Key");

    expect(await world.services.events!.db.collection("event_requests").countDocuments({ created_by: ana.id })).toBe(1);
  });

  it("keeps keys per user: another person's request with the same key is their own", async () => {
    const ana = await person("Ana");
    const bruno = await person("Bruno");
    await connect(ana, bruno);
    const key = randomUUID();
    const anas = await ana.browser.json("POST", "/api/v1/event-requests", lunch(bruno.id), keyed(key));
    const brunos = await bruno.browser.json("POST", "/api/v1/event-requests", lunch(ana.id), keyed(key));
    expect([anas.status, brunos.status]).toEqual([201, 201]);
    expect(brunos.body.event_request.id).not.toBe(anas.body.event_request.id);
    expect(brunos.body.event_request.created_by).toBe(bruno.id);
  });
});

describe("answering twice", () => {
  it("approve twice by the same reviewer: both succeed, one answer recorded, the creator told once; a different second answer is refused", async () => {
    const ana = await person("Ana");
    const bruno = await person("Bruno");
    await connect(ana, bruno);
    const [twice, once] = await Promise.all(
      ["Twice", "Once"].map(async (title) => (await ana.browser.json("POST", "/api/v1/event-requests", lunch(bruno.id, title), keyed(randomUUID()))).body.event_request.id as string),
    );

    const first = await bruno.browser.json("POST", `/api/v1/event-requests/${twice}/approvals/approve`, {});
    const again = await bruno.browser.json("POST", `/api/v1/event-requests/${twice}/approvals/approve`, {});
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.event_request).toMatchObject({ id: twice, status: "approved" });
    expect((await world.services.events!.db.collection("event_requests").findOne({ _id: twice as never }))?.version).toBe(2);

    // The marker: the same approval made once. When Ana has been told about it, she has been told
    // about the doubled one too; the two must read the same.
    expect((await bruno.browser.json("POST", `/api/v1/event-requests/${once}/approvals/approve`, {})).status).toBe(200);
    await eventually(async () => (await notificationsOf(ana.id, { subject_id: once, kind: "event_request_approved" })) === 1);
    await eventually(async () => (await notificationsOf(ana.id, { subject_id: twice, kind: "event_request_approved" })) === 1);
    expect(await notificationsOf(ana.id, { subject_id: twice })).toBe(await notificationsOf(ana.id, { subject_id: once }));

    const changedMind = await bruno.browser.json("POST", `/api/v1/event-requests/${twice}/approvals/reject`, {});
    expect(changedMind).toMatchObject({ status: 409, body: { code: "conflict" } });
  });

  it("accept a relationship request twice: both succeed with the same relationship; decline after accept is refused", async () => {
    const ana = await person("Ana");
    const bruno = await person("Bruno");
    const sent = await ana.browser.json("POST", "/api/v1/relationship-requests", { requested_email: bruno.email }, keyed(randomUUID()));
    const id = sent.body.relationship_request.id as string;

    const [a, b] = [await bruno.browser.json("POST", `/api/v1/relationship-requests/${id}/approve`), await bruno.browser.json("PATCH", `/api/v1/relationship-requests/${id}`, { status: "accepted" })];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.relationship.id).toBe(a.body.relationship.id);
    expect(await world.services.relationships!.db.collection("relationships").countDocuments({ user_ids: { $all: [ana.id, bruno.id] } } as never)).toBe(1);

    expect(await bruno.browser.json("POST", `/api/v1/relationship-requests/${id}/reject`)).toMatchObject({ status: 409, body: { code: "conflict" } });
  });
});

describe("the other creates honour a key", () => {
  it("a relationship request sent twice with one key (also at once) is one request, the same answer", async () => {
    const ana = await person("Ana");
    const bruno = await person("Bruno");
    const key = randomUUID();
    const [a, b] = await Promise.all([1, 2].map(() => ana.browser.json("POST", "/api/v1/relationship-requests", { requested_email: bruno.email }, keyed(key))));
    const later = await ana.browser.json("POST", "/api/v1/relationships", { requested_email: bruno.email }, keyed(key));
    expect([a!.status, b!.status, later.status]).toEqual([201, 201, 201]);
    expect(new Set([a!.body, b!.body, later.body].map((body) => body.relationship_request.id)).size).toBe(1);
    expect(await world.services.relationships!.db.collection("relationship_requests").countDocuments({ requester_id: ana.id })).toBe(1);
    // Without the key, the same request is refused as already pending: the key is what makes a retry safe.
    expect(await ana.browser.json("POST", "/api/v1/relationship-requests", { requested_email: bruno.email })).toMatchObject({ status: 409 });
  });

  it("a notification to oneself and a recipe, each sent twice with one key, are one each", async () => {
    const ana = await person("Ana");
    const noteKey = randomUUID();
    const notes = [await ana.browser.json("POST", "/api/v1/notifications", { title: "Water the plants" }, keyed(noteKey)), await ana.browser.json("POST", "/api/v1/notifications", { title: "Water the plants" }, keyed(noteKey))];
    expect(notes.map((note) => note.status)).toEqual([201, 201]);
    expect(notes[1]!.body).toEqual(notes[0]!.body);
    expect(await notificationsOf(ana.id, { kind: "general" })).toBe(1);
    expect(await ana.browser.json("POST", "/api/v1/notifications", { title: "Something else" }, keyed(noteKey))).toMatchObject({ status: 422, body: { code: "idempotency_key_reused" } });

    const recipe = { title: "Soup", servings: 2, steps: ["Boil"], ingredients: [{ name: "Water", quantity: 1, unit: "l" }] };
    const recipeKey = randomUUID();
    const recipes = [await ana.browser.json("POST", "/api/v1/recipes", recipe, keyed(recipeKey)), await ana.browser.json("POST", "/api/v1/recipes", recipe, keyed(recipeKey))];
    expect(recipes.map((answer) => answer.status)).toEqual([201, 201]);
    expect(recipes[1]!.body).toEqual(recipes[0]!.body);
    expect(await world.services.recipes!.db.collection("recipes").countDocuments({ owner_id: ana.id })).toBe(1);
  });
});
