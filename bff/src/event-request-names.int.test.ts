import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eventually } from "@amia/kit/testing";
import { createEventsService } from "../../services/events/src/app.ts";
import { createIdentityService } from "../../services/identity/src/app.ts";
import { createRelationshipsService } from "../../services/relationships/src/app.ts";
import type { TestBrowser } from "./testing/test-browser.ts";
import { createWorld, type World } from "./testing/world.ts";

let world: World;
beforeEach(async () => {
  world = await createWorld({ label: "bff-names", services: { identity: createIdentityService, relationships: createRelationshipsService, events: createEventsService } });
});
afterEach(() => world.close());

async function person(name: string): Promise<{ browser: TestBrowser; id: string; email: string }> {
  const email = `${name.split(" ")[0]!.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const browser = await world.signedIn(email, name);
  const id = (await browser.json("GET", "/api/v1/auth/session")).body.user.id as string;
  await eventually(async () => (await world.services.relationships!.db.collection("users").countDocuments({ _id: id as never })) === 1);
  return { browser, id, email };
}

describe("GET /api/v1/event-requests/:id/with-approvers through the BFF", () => {
  it("names each approver: the creator sees related people's names, a reviewer their own", async () => {
    const ana = await person("Ana Silva");
    const bruno = await person("Bruno Costa");
    const carla = await person("Carla Dias");
    for (const other of [bruno, carla]) {
      const request = (await ana.browser.json("POST", "/api/v1/relationship-requests", { requested_email: other.email })).body.relationship_request;
      expect((await other.browser.json("POST", `/api/v1/relationship-requests/${request.id}/approve`)).status).toBe(200);
    }
    await eventually(async () => (await world.services.events!.db.collection("relationships").countDocuments({ is_deleted: false })) >= 2);

    const created = await ana.browser.json("POST", "/api/v1/event-requests", {
      title: "Lunch",
      start_date: { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" },
      end_date: { date_time: "2026-03-11T13:00", time_zone: "Europe/Lisbon" },
      approvers: [{ user_id: bruno.id, required: true }, { user_id: carla.id, required: false }],
    });
    expect(created.status).toBe(201);
    const id = created.body.event_request.id as string;

    const seenByAna = await ana.browser.json("GET", `/api/v1/event-requests/${id}/with-approvers`);
    expect(seenByAna.status).toBe(200);
    expect(seenByAna.body.event_request.approvers.map((a: { user_id: string; full_name: string }) => [a.user_id, a.full_name])).toEqual([
      [bruno.id, "Bruno Costa"],
      [carla.id, "Carla Dias"],
    ]);

    // Bruno reviews it: his own name comes from identity; Carla is not among his relationships.
    const seenByBruno = await bruno.browser.json("GET", `/api/v1/event-requests/${id}/with-approvers`);
    expect(seenByBruno.body.event_request.approvers.map((a: { full_name: string | null }) => a.full_name)).toEqual(["Bruno Costa", null]);

    // Everything else is forwarded as the service answers it: the plain read, a 400 with its
    // field errors, someone else's request as a 404.
    expect((await ana.browser.json("GET", `/api/v1/event-requests/${id}`)).body.event_request.approvers[0]).not.toHaveProperty("full_name");
    const refused = await ana.browser.json("POST", "/api/v1/event-requests", { title: "No dates" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "validation_failed", message: expect.stringContaining("start_date"), details: { fields: expect.any(Array) } });
    const stranger = await person("Eva Reis");
    expect(await stranger.browser.json("GET", `/api/v1/event-requests/${id}/with-approvers`)).toMatchObject({ status: 404, body: { code: "not_found" } });
  });
});
