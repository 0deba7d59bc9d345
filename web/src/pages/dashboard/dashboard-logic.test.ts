import { describe, expect, it } from "vitest";
import { zonedWhenText } from "../../lib/format.ts";
import {
  calendarEventLink,
  calendarEventTitle,
  calendarEventWhen,
  calendarSideToEventDate,
  chatUrl,
  deleteDraftMessage,
  eventRequestPath,
  hasMoreThanShown,
  isEventRequestNotification,
  isRelationshipRequestNotification,
  notificationLink,
  relativeTime,
} from "./dashboard-logic.ts";

describe("chat input", () => {
  it("opens /chat with the encoded, trimmed message", () => {
    expect(chatUrl("  Lunch with Ana & Bo?  ")).toBe("/chat?message=Lunch%20with%20Ana%20%26%20Bo%3F");
  });

  it("does nothing for blank text", () => {
    expect(chatUrl("")).toBeNull();
    expect(chatUrl("  \n\t ")).toBeNull();
  });
});

describe("notification links", () => {
  it("links event request notifications to the request's page", () => {
    for (const kind of ["event_request_review_requested", "event_request_review_recorded", "event_request_approved", "event_request_rejected"] as const) {
      expect(isEventRequestNotification({ kind })).toBe(true);
      expect(notificationLink({ kind, subject_id: "abc 1" })).toBe("/events/abc%201");
    }
  });

  it("gives no link for an event request notification without a subject", () => {
    expect(notificationLink({ kind: "event_request_approved", subject_id: null })).toBeNull();
  });

  it("links relationship request notifications to the profile's relationships tab", () => {
    for (const kind of ["relationship_request_received", "relationship_request_accepted", "relationship_request_rejected"] as const) {
      expect(isRelationshipRequestNotification({ kind })).toBe(true);
      expect(notificationLink({ kind, subject_id: "r1" })).toBe("/profile?tab=relationships");
    }
  });

  it("gives no link for other kinds", () => {
    expect(notificationLink({ kind: "general", subject_id: null })).toBeNull();
    expect(notificationLink({ kind: "calendar_sync_failed", subject_id: "e1" })).toBeNull();
    expect(isEventRequestNotification({ kind: "general" })).toBe(false);
    expect(isRelationshipRequestNotification({ kind: "calendar_sync_failed" })).toBe(false);
  });
});

describe("relativeTime", () => {
  const now = new Date("2026-03-11T12:00:00Z");

  it("reads short ages", () => {
    expect(relativeTime("2026-03-11T11:59:30Z", now)).toBe("Just now");
    expect(relativeTime("2026-03-11T12:05:00Z", now)).toBe("Just now");
    expect(relativeTime("2026-03-11T11:55:00Z", now)).toBe("5m ago");
    expect(relativeTime("2026-03-11T09:00:00Z", now)).toBe("3h ago");
    expect(relativeTime("2026-03-09T12:00:00Z", now)).toBe("2d ago");
  });

  it("gives the date from a week on, and nothing for an unreadable value", () => {
    expect(relativeTime("2026-03-01T12:00:00Z", now)).toMatch(/^(Feb 28|Mar 1), 2026$/);
    expect(relativeTime("not a date", now)).toBe("");
  });
});

describe("View All", () => {
  it("is shown disabled only above 3", () => {
    expect(hasMoreThanShown(undefined)).toBe(false);
    expect(hasMoreThanShown(3)).toBe(false);
    expect(hasMoreThanShown(4)).toBe(true);
  });
});

describe("upcoming calendar events", () => {
  it("formats a timed event in its own zone", () => {
    const event = {
      start: { is_all_day: false, date: null, date_time: "2026-03-11T12:00:00Z", time_zone: "Europe/Lisbon" },
      end: { is_all_day: false, date: null, date_time: "2026-03-11T13:30:00Z", time_zone: "Europe/Lisbon" },
    };
    expect(calendarEventWhen(event, "Europe/Lisbon").when).toBe("Wed, Mar 11, 2026, 12:00 PM – 1:30 PM");
    expect(zonedWhenText(calendarEventWhen(event, "America/New_York"))).toBe("Wed, Mar 11, 2026, 12:00 PM – 1:30 PM GMT · 8:00 AM – 9:30 AM your time");
  });

  it("reads Google's exclusive all-day end as the day before", () => {
    const oneDay = {
      start: { is_all_day: true, date: "2026-03-11", date_time: null, time_zone: null },
      end: { is_all_day: true, date: "2026-03-12", date_time: null, time_zone: null },
    };
    expect(calendarEventWhen(oneDay, "UTC").when).toBe("Wed, Mar 11, 2026 (all day)");
    const threeDays = { ...oneDay, end: { ...oneDay.end, date: "2026-03-14" } };
    expect(calendarEventWhen(threeDays, "Asia/Tokyo")).toEqual({ when: "Wed, Mar 11, 2026 – Fri, Mar 13, 2026 (all day)", local: null, zone: null });
  });

  it("gives nothing for an unreadable side", () => {
    expect(calendarSideToEventDate({ is_all_day: true, date: null, date_time: null, time_zone: null })).toBeNull();
    expect(calendarSideToEventDate({ is_all_day: false, date: null, date_time: null, time_zone: "UTC" })).toBeNull();
    const empty = { is_all_day: false, date: null, date_time: null, time_zone: null };
    expect(calendarEventWhen({ start: empty, end: empty }, "UTC").when).toBe("");
  });

  it("links to the event request when it came from one, otherwise to the calendar at its day on the viewer's clocks", () => {
    const event = {
      id: "g1",
      title: "Late call",
      description: null,
      location: null,
      start: { is_all_day: false, date: null, date_time: "2026-03-11T23:30:00Z", time_zone: "UTC" },
      end: { is_all_day: false, date: null, date_time: "2026-03-12T00:30:00Z", time_zone: "UTC" },
      html_link: null,
      event_request_id: null,
    };
    expect(calendarEventLink({ ...event, event_request_id: "er1" }, "UTC")).toBe("/events/er1");
    expect(calendarEventLink(event, "UTC")).toBe("/calendar?view=week&date=2026-03-11");
    expect(calendarEventLink(event, "Europe/Berlin")).toBe("/calendar?view=week&date=2026-03-12");
    const unreadable = { is_all_day: false, date: null, date_time: null, time_zone: null };
    expect(calendarEventLink({ ...event, start: unreadable, end: unreadable }, "UTC")).toBeNull();
  });

  it("names an untitled event", () => {
    expect(calendarEventTitle({ title: null })).toBe("Untitled Event");
    expect(calendarEventTitle({ title: "  " })).toBe("Untitled Event");
    expect(calendarEventTitle({ title: "Standup" })).toBe("Standup");
  });
});

describe("event request details", () => {
  it("asks before deleting, naming the draft", () => {
    expect(deleteDraftMessage("Lunch")).toBe('Are you sure you want to delete "Lunch"? This action cannot be undone.');
  });

  it("builds the request's path", () => {
    expect(eventRequestPath("a/b")).toBe("/events/a%2Fb");
  });
});
