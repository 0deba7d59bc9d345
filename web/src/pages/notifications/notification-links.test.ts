import { describe, expect, it } from "vitest";
import { notificationHref, notificationsSearch } from "./notification-links.ts";

describe("notificationHref", () => {
  it("leads each kind to where it is answered or read", () => {
    expect(notificationHref({ kind: "event_request_review_requested", subject_id: "er 1" })).toBe("/events/er%201");
    expect(notificationHref({ kind: "event_request_changed", subject_id: "er1" })).toBe("/events/er1");
    expect(notificationHref({ kind: "event_request_reviewer_removed", subject_id: "er1" })).toBe("/events/er1");
    expect(notificationHref({ kind: "calendar_sync_failed", subject_id: "er1" })).toBe("/events/er1");
    expect(notificationHref({ kind: "relationship_request_received", subject_id: "rr1" })).toBe("/profile?tab=relationships");
    expect(notificationHref({ kind: "ai_credits_threshold_reached", subject_id: null })).toBe("/profile?tab=ai-usage");
  });

  it("leads nowhere when there is nothing to open", () => {
    expect(notificationHref({ kind: "general", subject_id: null })).toBeNull();
    expect(notificationHref({ kind: "calendar_sync_failed", subject_id: null })).toBeNull();
    expect(notificationHref({ kind: "event_request_approved", subject_id: null })).toBeNull();
  });
});

describe("notificationsSearch", () => {
  it("leaves page 1 out of the address and keeps other parameters", () => {
    expect(notificationsSearch(new URLSearchParams("page=3&x=1"), 1).toString()).toBe("x=1");
    expect(notificationsSearch(new URLSearchParams("x=1"), 2).toString()).toBe("x=1&page=2");
  });
});
