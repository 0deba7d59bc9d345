import { afterEach, describe, expect, it } from "vitest";
import { createEvent } from "@amia/kit";
import { eventually } from "@amia/kit/testing";
import { createWorld, type Person, type World } from "./testing/identity-and-relationships.ts";

let world: World;
afterEach(() => world.harness.close());

const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;

/** POST as the person, as the BFF would call; the whole answer, headers included. */
async function send(from: Person, email: string): Promise<{ status: number; retryAfter: number | null; body: any }> {
  const token = await world.harness.authority.mint({ id: from.id, email: from.email, kind: "user" }, "relationships");
  const response = await world.relationships.app.request("/api/v1/relationship-requests", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ requested_email: email }),
  });
  const retryAfter = response.headers.get("retry-after");
  return { status: response.status, retryAfter: retryAfter === null ? null : Number(retryAfter), body: await response.json() };
}

const withdraw = async (from: Person, requestId: string) => expect((await world.as(from).delete(`/api/v1/relationship-requests/${requestId}`)).status).toBe(204);

describe("asking one person again and again", () => {
  it("refuses a fourth request to one email within a day, withdrawn ones included, with Retry-After and words", async () => {
    world = await createWorld("relquota-daily");
    const ana = await world.signIn("Ana Silva");
    const bruno = await world.signIn("Bruno Costa");
    const carla = await world.signIn("Carla Dias");

    // Send and withdraw, as the flood did: each send would notify Bruno.
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const sent = await send(ana, bruno.email);
      answers.push(sent);
      if (sent.status === 201) await withdraw(ana, sent.body.relationship_request.id);
    }

    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 429, 429]);
    const refused = answers[3]!;
    expect(refused.retryAfter).toBeGreaterThan(DAY_S - 60);
    expect(refused.retryAfter).toBeLessThanOrEqual(DAY_S);
    expect(refused.body).toEqual({
      message: `You have asked ${bruno.email} 3 times in the last day; try again in 24 hours`,
      code: "rate_limited",
      details: { limit: "requests_to_person", retry_after_seconds: refused.retryAfter },
    });
    // Three created, three withdrawn: nothing more reached the outbox.
    expect(await world.relationships.db.collection("relationship_requests").countDocuments({ requester_id: ana.id })).toBe(3);
    // Someone else may still be asked, and someone else may still ask Bruno.
    expect((await send(ana, carla.email)).status).toBe(201);
    expect((await send(carla, bruno.email)).status).toBe(201);
  });

  it("counts requests to the person, not the address: their new email is the same person", async () => {
    world = await createWorld("relquota-account", { quotas: { requestsToPersonPerDay: 1 } });
    const ana = await world.signIn("Ana Silva");
    const bruno = await world.signIn("Bruno Costa");
    const first = await send(ana, bruno.email);
    expect(first.status).toBe(201);
    await withdraw(ana, first.body.relationship_request.id);

    // Bruno's provider now gives another (verified) email for him.
    const newEmail = `bruno.new-${bruno.id.slice(0, 6)}@example.com`;
    const snapshot = { user_id: bruno.id, email: newEmail, name: bruno.name, full_name: bruno.name, provider: "google", email_verified: true, updated_at: new Date().toISOString() };
    await world.harness.bus.publish([createEvent("identity", "user.updated", { subject: bruno.id, actor_id: bruno.id, data: snapshot })]);
    await eventually(async () => (await world.relationships.db.collection("users").findOne({ _id: bruno.id as never }))?.email === newEmail);

    const again = await send(ana, newEmail);

    expect(again).toMatchObject({ status: 429, body: { code: "rate_limited", details: { limit: "requests_to_person" } } });
  });

  it("lets a decline stand for seven days, even after the declined request is deleted", async () => {
    world = await createWorld("relquota-decline");
    const ana = await world.signIn("Ana Silva");
    const bruno = await world.signIn("Bruno Costa");
    const sent = await send(ana, bruno.email);
    const requestId = sent.body.relationship_request.id as string;
    expect((await world.as(bruno).post(`/api/v1/relationship-requests/${requestId}/reject`)).status).toBe(200);

    const again = await send(ana, bruno.email);
    await withdraw(ana, requestId);
    const afterDeleting = await send(ana, bruno.email);

    for (const refused of [again, afterDeleting]) {
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBeGreaterThan(7 * DAY_S - 60);
      expect(refused.retryAfter).toBeLessThanOrEqual(7 * DAY_S);
      expect(refused.body).toEqual({
        message: `${bruno.email} declined your last request; you can ask again in 7 days`,
        code: "rate_limited",
        details: { limit: "after_decline", retry_after_seconds: refused.retryAfter },
      });
    }
    // Bruno, who declined, may still ask Ana himself.
    expect((await send(bruno, ana.email)).status).toBe(201);
  });
});

describe("the sent and received lists", () => {
  it("are paged like every list: 10 by default, at most 100, newest first, with the total", async () => {
    world = await createWorld("relquota-paging");
    const ana = await world.signIn("Ana Silva");
    const emails = Array.from({ length: 12 }, (_, i) => `someone-${i}-${ana.id.slice(0, 6)}@example.com`);
    for (const email of emails) expect((await send(ana, email)).status).toBe(201);

    const first = await world.as(ana).get("/api/v1/relationship-requests/sent");
    const second = await world.as(ana).get("/api/v1/relationship-requests/sent?skip=10&take=10");

    expect(first.body).toMatchObject({ skip: 0, take: 10, total_count: 12 });
    expect(first.body.relationship_requests).toHaveLength(10);
    expect(second.body).toMatchObject({ skip: 10, take: 10, total_count: 12 });
    const listed = [...first.body.relationship_requests, ...second.body.relationship_requests].map((request: { requested_email: string }) => request.requested_email);
    expect(listed).toEqual([...emails].reverse());
    expect((await world.as(ana).get("/api/v1/relationship-requests/sent?take=101")).body).toMatchObject({ code: "validation_failed" });
    expect((await world.as(ana).get("/api/v1/relationship-requests/received?status=pending")).body).toEqual({ relationship_requests: [], skip: 0, take: 10, total_count: 0 });
  });
});
