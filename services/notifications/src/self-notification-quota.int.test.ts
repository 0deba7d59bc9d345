import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestHarness, type MountedService, type TestHarness } from "@amia/kit/testing";
import { notificationsService } from "./app.ts";

let harness: TestHarness;
let notifications: MountedService;
const ana = { id: randomUUID() };

beforeEach(async () => {
  harness = await createTestHarness("notifications-self-quota");
  notifications = await harness.mount("notifications", notificationsService({ selfNotificationsPerHour: 3 }));
});
afterEach(() => harness.close());

/** POST as the person, as the BFF would call; the whole answer, headers included. */
async function create(who: { id: string }, title: string) {
  const token = await harness.authority.mint({ id: who.id, kind: "user" }, "notifications");
  const response = await notifications.app.request("/api/v1/notifications", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ title }),
  });
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: (await response.json()) as any };
}

describe("notifications a person creates for themselves", () => {
  it("are limited per hour, deleted ones included: 429 with Retry-After and words, nothing stored", async () => {
    const first = await create(ana, "One");
    expect(first.status).toBe(201);
    expect((await notifications.as(ana).delete(`/api/v1/notifications/${first.body.notification.id}`)).status).toBe(204);
    for (const title of ["Two", "Three"]) expect((await create(ana, title)).status).toBe(201);

    const refused = await create(ana, "Four");

    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.retryAfter);
    expect(retryAfter).toBeGreaterThan(3600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.body).toEqual({
      message: "You have created 3 notifications in the last hour, the most one person may; try again in 60 minutes",
      code: "rate_limited",
      details: { limit: "self_notifications", retry_after_seconds: retryAfter },
    });
    expect(await notifications.db.collection("notifications").countDocuments({ user_id: ana.id })).toBe(3);
    // Someone else's are theirs to count.
    expect((await create({ id: randomUUID() }, "Mine")).status).toBe(201);
  });
});
