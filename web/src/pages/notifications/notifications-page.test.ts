import { describe, expect, it } from "vitest";
import { markAllStatus, unreadSummary } from "./notifications-page.ts";

describe("notifications page words", () => {
  it("counts what is unread, and says nothing until it knows", () => {
    expect(unreadSummary(undefined)).toBe("");
    expect(unreadSummary(0)).toBe("You're all caught up.");
    expect(unreadSummary(1)).toBe("1 unread");
    expect(unreadSummary(120)).toBe("120 unread");
  });

  it("tells a screen reader what Mark all read did", () => {
    expect(markAllStatus("pending", 4)).toBe("Marking all notifications as read…");
    expect(markAllStatus("done", 0)).toBe("You had no unread notifications.");
    expect(markAllStatus("done", 1)).toBe("Marked 1 notification as read.");
    expect(markAllStatus("done", 7)).toBe("Marked 7 notifications as read.");
  });
});
