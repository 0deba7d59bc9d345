import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_DEADLINE_HEADER } from "@amia/contracts";
import { createTestHarness, type MountedService, type TestHarness } from "@amia/kit/testing";
import { eventsService } from "./app.ts";

/**
 * Issue 14: the BFF sends each call's deadline; a service starts no write after it, so a write
 * never lands after the user was told it failed. Here the request reaches the service late.
 */

let harness: TestHarness;
let events: MountedService;
const ana = { id: randomUUID() };

beforeAll(async () => {
  harness = await createTestHarness("events-deadline");
  events = await harness.mount("events", eventsService());
});
afterAll(() => harness.close());

/** A request with nobody to review: approved at once, one write. */
const alone = (title: string) => ({
  title,
  start_date: { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" },
  end_date: { date_time: "2026-03-11T13:00", time_zone: "Europe/Lisbon" },
  approvers: [],
});

async function createWithDeadline(title: string, deadline: string) {
  const token = await harness.authority.mint({ id: ana.id, kind: "user" }, "events");
  const response = await events.app.request("/api/v1/event-requests", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", [REQUEST_DEADLINE_HEADER]: deadline },
    body: JSON.stringify(alone(title)),
  });
  return { status: response.status, body: await response.json() };
}

const storedTitles = async () => (await events.db.collection("event_requests").find({ created_by: ana.id }).toArray()).map((doc) => doc.title);

describe("a call's deadline", () => {
  it("refuses a write that arrives after its deadline with 504 deadline_exceeded, and writes nothing", async () => {
    const late = await createWithDeadline("Too late", String(Date.now() - 1));
    expect(late).toMatchObject({ status: 504, body: { code: "deadline_exceeded" } });

    // The same write within its deadline is made: the refusal was the deadline's, nothing else.
    const inTime = await createWithDeadline("In time", String(Date.now() + 5_000));
    expect(inTime.status).toBe(201);
    expect(await storedTitles()).toEqual(["In time"]);
  });

  it("refuses a malformed deadline with a 400 naming the header", async () => {
    const malformed = await createWithDeadline("Malformed", "soon");
    expect(malformed).toMatchObject({ status: 400, body: { code: "validation_failed", details: { fields: [{ path: REQUEST_DEADLINE_HEADER }] } } });
    expect(await storedTitles()).not.toContain("Malformed");
  });
});
