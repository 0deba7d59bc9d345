import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TEventOf, TNotification } from "@amia/contracts";
import { createTestHarness, eventually, type MountedService, type TestClient, type TestHarness } from "@amia/kit/testing";
import { notificationsService } from "./app.ts";

let harness: TestHarness;
let notifications: MountedService;
let ana: TestClient;
let bruno: TestClient;

beforeEach(async () => {
  harness = await createTestHarness("notifications-api");
  // Room for the paging test's 55; the hourly limit has its own test (self-notification-quota.int.test.ts).
  notifications = await harness.mount("notifications", notificationsService({ selfNotificationsPerHour: 100 }));
  ana = notifications.as({ id: randomUUID() });
  bruno = notifications.as({ id: randomUUID() });
});
afterEach(() => harness.close());

const stored = () => notifications.db.collection("notifications");

/** Creates notifications through the API, oldest first. */
async function given(client: TestClient, ...titles: string[]): Promise<TNotification[]> {
  const created: TNotification[] = [];
  for (const title of titles) {
    const response = await client.post("/api/v1/notifications", { title });
    expect(response.status).toBe(201);
    created.push(response.body.notification);
  }
  return created;
}

const titlesOf = async (client: TestClient, query = "") => ((await client.get(`/api/v1/notifications${query}`)).body.notifications as TNotification[]).map((n) => n.title);

describe("notifications API: creating and reading", () => {
  it("creates a notification for the caller, announces it, and reads it back", async () => {
    const announced: Array<TEventOf<"notification.created">> = [];
    await harness.bus.consumer({ groupId: "observer", handlers: {
      "notification.created": async (event) => void announced.push(event),
    } }).start();

    const response = await ana.post("/api/v1/notifications", { title: "  Buy flowers " });

    expect(response.status).toBe(201);
    const notification = response.body.notification;
    expect(notification).toEqual({ id: expect.any(String), title: "Buy flowers", kind: "general", subject_id: null, is_read: false, is_deleted: false, created_at: expect.any(String) });
    expect((await ana.get(`/api/v1/notifications/${notification.id}`)).body).toEqual({ notification });
    await eventually(() => announced.length === 1);
    expect(announced[0]).toMatchObject({ type: "notification.created", subject: notification.id, data: { notification } });
  });

  it("pages newest first, 50 by default, with the total over all pages", async () => {
    await Promise.all(Array.from({ length: 55 }, (_, i) => ana.post("/api/v1/notifications", { title: `n${i}` })));
    await given(bruno, "not Ana's");

    const first = await ana.get("/api/v1/notifications");
    const rest = await ana.get("/api/v1/notifications?skip=50&take=10");
    const whole = await ana.get("/api/v1/notifications?take=100");

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ skip: 0, take: 50, total_count: 55 });
    expect(first.body.notifications).toHaveLength(50);
    expect(rest.body).toMatchObject({ skip: 50, take: 10, total_count: 55 });
    expect(rest.body.notifications).toHaveLength(5);
    // The pages are consecutive slices of one order: newest first, ties in a fixed order.
    const all: TNotification[] = whole.body.notifications;
    expect([...first.body.notifications, ...rest.body.notifications]).toEqual(all);
    expect(new Set(all.map((n) => n.id)).size).toBe(55);
    expect(all.map((n) => n.created_at)).toEqual(all.map((n) => n.created_at).sort().reverse());
    expect((await ana.get("/api/v1/notifications?take=0")).body).toEqual({ notifications: [], skip: 0, take: 0, total_count: 55 });
    expect((await ana.get("/api/v1/notifications?take=")).body.take).toBe(50);
  });

  it("filters by read and deleted; marks read and unread; deletes softly", async () => {
    const [first, second] = await given(ana, "first", "second", "third");

    const read = await ana.patch(`/api/v1/notifications/${first!.id}`, { is_read: true });
    expect(read.status).toBe(200);
    expect(read.body.notification).toEqual({ ...first, is_read: true });
    expect(await ana.delete(`/api/v1/notifications/${second!.id}`)).toEqual({ status: 204, body: undefined });

    expect(await titlesOf(ana)).toEqual(["third", "first"]);
    expect(await titlesOf(ana, "?is_read=false")).toEqual(["third"]);
    expect(await titlesOf(ana, "?is_read=true")).toEqual(["first"]);
    expect(await titlesOf(ana, "?is_deleted=true")).toEqual(["second"]);
    expect((await ana.get(`/api/v1/notifications/${second!.id}`)).body.notification).toMatchObject({ is_deleted: true });
    expect((await ana.delete(`/api/v1/notifications/${second!.id}`)).status).toBe(204);

    const unread = await ana.patch(`/api/v1/notifications/${first!.id}`, { is_read: false });
    expect(unread.body.notification.is_read).toBe(false);
    expect(await titlesOf(ana, "?is_read=false")).toEqual(["third", "first"]);
  });

  it("marks all the caller's visible unread notifications read and says how many", async () => {
    const [, alreadyRead, deleted] = await given(ana, "one", "two", "three", "four");
    await given(bruno, "Bruno's");
    await ana.patch(`/api/v1/notifications/${alreadyRead!.id}`, { is_read: true });
    await ana.delete(`/api/v1/notifications/${deleted!.id}`);

    const marked = await ana.post("/api/v1/notifications/mark-all-read");

    expect(marked).toEqual({ status: 200, body: { updated_count: 2 } });
    expect(await titlesOf(ana, "?is_read=false")).toEqual([]);
    expect(await titlesOf(bruno, "?is_read=false")).toEqual(["Bruno's"]);
    expect((await ana.post("/api/v1/notifications/mark-all-read", {})).body).toEqual({ updated_count: 0 });
  });
});

describe("notifications API: bad input", () => {
  it("answers 400 naming the field, and changes nothing", async () => {
    const [mine] = await given(ana, "mine");
    const fieldsOf = (body: { details: { fields: Array<{ path: string }> } }) => body.details.fields.map((field) => field.path);

    for (const [query, field] of [["take=-1", "take"], ["take=101", "take"], ["skip=abc", "skip"], ["is_read=yes", "is_read"], ["is_deleted=1", "is_deleted"]] as const) {
      const response = await ana.get(`/api/v1/notifications?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe("validation_failed");
      expect(response.body.message).toContain(field);
      expect(fieldsOf(response.body)).toEqual([field]);
    }
    const badPatch = await ana.patch(`/api/v1/notifications/${mine!.id}`, { is_read: "yes" });
    expect(badPatch.status).toBe(400);
    expect(fieldsOf(badPatch.body)).toEqual(["is_read"]);
    expect((await ana.patch(`/api/v1/notifications/${mine!.id}`, { is_read: true, title: "changed" })).status).toBe(400);
    expect((await ana.patch(`/api/v1/notifications/${mine!.id}`, {})).status).toBe(400);
    const emptyTitle = await ana.post("/api/v1/notifications", { title: "   " });
    expect(emptyTitle.status).toBe(400);
    expect(fieldsOf(emptyTitle.body)).toEqual(["title"]);
    expect((await ana.post("/api/v1/notifications", {})).status).toBe(400);
    expect((await ana.post("/api/v1/notifications", { title: "x".repeat(201) })).status).toBe(400);

    expect((await ana.get(`/api/v1/notifications/${mine!.id}`)).body.notification).toEqual(mine);
    expect(await stored().countDocuments()).toBe(1);
  });

  it("answers 404 for an id nobody has, and 401 without a token", async () => {
    expect((await ana.get(`/api/v1/notifications/${randomUUID()}`)).status).toBe(404);
    expect((await notifications.anonymous.get("/api/v1/notifications")).status).toBe(401);
    expect((await notifications.anonymous.post("/api/v1/notifications/mark-all-read")).status).toBe(401);
  });
});

describe("notifications API: each user sees only their own", () => {
  it("answers 404, never the data, for another user's notification, and changes nothing of it", async () => {
    const [anas] = await given(ana, "Ana's secret");
    const path = `/api/v1/notifications/${anas!.id}`;

    for (const response of [await bruno.get(path), await bruno.patch(path, { is_read: true }), await bruno.delete(path)]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: "Notification not found", code: "not_found" });
    }
    expect((await bruno.post("/api/v1/notifications/mark-all-read")).body).toEqual({ updated_count: 0 });
    expect(await titlesOf(bruno)).toEqual([]);
    expect(await titlesOf(bruno, "?is_deleted=true")).toEqual([]);

    expect((await ana.get(path)).body.notification).toEqual(anas);
  });
});
