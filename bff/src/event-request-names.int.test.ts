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

type Named = { created_by_full_name: string | null; approvers: Array<{ user_id: string; full_name: string | null }> };
const namesIn = (request: Named) => [request.created_by_full_name, ...request.approvers.map((a) => [a.user_id, a.full_name])];

describe("approvers' names through the BFF, from the events service", () => {
  it("names every reviewer for everyone who may see the request: a reviewer sees a co-reviewer they are not connected with", async () => {
    const ana = await person("Ana Silva");
    const bruno = await person("Bruno Costa");
    const carla = await person("Carla Dias");
    // Ana is connected with Bruno and with Carla; Bruno and Carla are not connected.
    for (const other of [bruno, carla]) {
      const request = (await ana.browser.json("POST", "/api/v1/relationship-requests", { requested_email: other.email })).body.relationship_request;
      expect((await other.browser.json("POST", `/api/v1/relationship-requests/${request.id}/approve`)).status).toBe(200);
    }
    const events = world.services.events!.db;
    await eventually(async () => (await events.collection("relationships").countDocuments({ is_deleted: false })) >= 2);
    await eventually(async () => (await events.collection("people").countDocuments({ _id: { $in: [ana.id, bruno.id, carla.id] } as never })) === 3);

    const created = await ana.browser.json("POST", "/api/v1/event-requests", {
      title: "Lunch",
      start_date: { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" },
      end_date: { date_time: "2026-03-11T13:00", time_zone: "Europe/Lisbon" },
      approvers: [{ user_id: bruno.id, required: true }, { user_id: carla.id, required: false }],
    });
    expect(created.status).toBe(201);
    const id = created.body.event_request.id as string;
    const everyone = ["Ana Silva", [bruno.id, "Bruno Costa"], [carla.id, "Carla Dias"]];
    expect(namesIn(created.body.event_request)).toEqual(everyone);

    for (const viewer of [ana, bruno, carla]) {
      const detail = await viewer.browser.json("GET", `/api/v1/event-requests/${id}/with-approvers`);
      expect(detail.status).toBe(200);
      expect(namesIn(detail.body.event_request)).toEqual(everyone);
    }
    // The plain read and the reviewer's list carry the same names.
    expect(namesIn((await bruno.browser.json("GET", `/api/v1/event-requests/${id}`)).body.event_request)).toEqual(everyone);
    expect(namesIn((await carla.browser.json("GET", "/api/v1/event-requests/with-approvals?role=reviewer")).body.event_requests[0])).toEqual(everyone);

    // Forwarded as the service answers: a 400 with its field errors, someone else's request as a 404.
    const refused = await ana.browser.json("POST", "/api/v1/event-requests", { title: "No dates" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "validation_failed", message: expect.stringContaining("start_date"), details: { fields: expect.any(Array) } });
    const stranger = await person("Eva Reis");
    expect(await stranger.browser.json("GET", `/api/v1/event-requests/${id}/with-approvers`)).toMatchObject({ status: 404, body: { code: "not_found" } });
  });
});
