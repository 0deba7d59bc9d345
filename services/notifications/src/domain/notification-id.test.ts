import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { notificationIdFor } from "./notification-id.ts";

describe("notification id", () => {
  it("is the same for the same event and recipient, so a redelivery finds the first one", () => {
    const eventId = randomUUID();
    expect(notificationIdFor(eventId, "user-a")).toBe(notificationIdFor(eventId, "user-a"));
  });

  it("differs per recipient and per event", () => {
    const eventId = randomUUID();
    expect(notificationIdFor(eventId, "user-a")).not.toBe(notificationIdFor(eventId, "user-b"));
    expect(notificationIdFor(randomUUID(), "user-a")).not.toBe(notificationIdFor(eventId, "user-a"));
  });

  it("is shaped as a version 8 UUID", () => {
    expect(notificationIdFor(randomUUID(), "user-a")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("is stable across releases (stored ids depend on it)", () => {
    expect(notificationIdFor("00000000-0000-4000-8000-000000000000", "user-a")).toBe("db30222e-54e2-8a36-bf36-d223215c4e24");
  });
});
