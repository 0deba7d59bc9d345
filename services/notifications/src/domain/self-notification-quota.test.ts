import { describe, expect, it } from "vitest";
import { mayNotifySelf } from "./self-notification-quota.ts";

const MINUTE = 60_000;
const now = 1_000 * MINUTE;

describe("notifications a person creates for themselves", () => {
  it("allows up to the hourly number, counting only the last hour", () => {
    expect(mayNotifySelf([], 2, now)).toEqual({ allowed: true });
    expect(mayNotifySelf([now - 61 * MINUTE, now - 70 * MINUTE, now - MINUTE], 2, now)).toEqual({ allowed: true });
  });

  it("refuses the next until the oldest of the hour leaves it, with the wait in words", () => {
    expect(mayNotifySelf([now - 48 * MINUTE, now - MINUTE], 2, now)).toEqual({
      allowed: false,
      limit: "self_notifications",
      message: "You have created 2 notifications in the last hour, the most one person may; try again in 12 minutes",
      retryAfterSeconds: 12 * 60,
    });
  });
});
