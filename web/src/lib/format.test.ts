import { describe, expect, it } from "vitest";
import { formatCost, formatDateTime, formatEventWhen, formatShortDate, formatTime } from "./format.ts";

describe("formatCost", () => {
  it("shows dollars with 3 or 4 decimals", () => {
    expect(formatCost(0.0123, 4)).toBe("$0.0123");
    expect(formatCost(0.0123, 3)).toBe("$0.012");
    expect(formatCost(0, 4)).toBe("$0.0000");
    expect(formatCost(12.5, 3)).toBe("$12.500");
  });
  it("shows a placeholder when the cost is unknown", () => {
    expect(formatCost(null, 4)).toBe("$-.----");
    expect(formatCost(undefined, 3)).toBe("$-.---");
    expect(formatCost(Number.NaN, 4)).toBe("$-.----");
  });
});

describe("formatShortDate / formatDateTime", () => {
  it("shows a calendar date as written, whatever the zone", () => {
    expect(formatShortDate("2026-03-11")).toBe("Mar 11, 2026");
    expect(formatShortDate("2026-03-11", "Pacific/Kiritimati")).toBe("Mar 11, 2026");
    expect(formatDateTime("2026-03-11")).toBe("Mar 11, 2026");
  });
  it("shows a local date-time as written", () => {
    expect(formatDateTime("2026-03-11T14:05", "Asia/Tokyo")).toBe("Mar 11, 2026, 2:05 PM");
  });
  it("shows an instant on the given zone's clocks", () => {
    expect(formatDateTime("2026-03-11T23:30:00Z", "UTC")).toBe("Mar 11, 2026, 11:30 PM");
    expect(formatDateTime("2026-03-11T23:30:00Z", "Asia/Tokyo")).toBe("Mar 12, 2026, 8:30 AM");
    expect(formatShortDate(new Date(Date.UTC(2026, 0, 5, 12)), "UTC")).toBe("Jan 5, 2026");
  });
  it("gives empty text for missing or unreadable values", () => {
    expect(formatShortDate(null)).toBe("");
    expect(formatShortDate("")).toBe("");
    expect(formatDateTime("not a date")).toBe("");
    expect(formatTime("2026-03-11")).toBe("");
  });
});

describe("formatEventWhen", () => {
  const tz = "Europe/Lisbon";
  it("all-day events", () => {
    expect(formatEventWhen({ date: "2026-03-11", time_zone: tz }, { date: "2026-03-11", time_zone: tz })).toBe(
      "Mar 11, 2026 (all day)",
    );
    expect(formatEventWhen({ date: "2026-03-11", time_zone: tz }, { date: "2026-03-13", time_zone: tz })).toBe(
      "Mar 11, 2026 – Mar 13, 2026 (all day)",
    );
  });
  it("timed events on one day and across days", () => {
    expect(
      formatEventWhen({ date_time: "2026-03-11T12:00", time_zone: tz }, { date_time: "2026-03-11T13:30", time_zone: tz }),
    ).toBe("Mar 11, 2026, 12:00 PM – 1:30 PM");
    expect(
      formatEventWhen({ date_time: "2026-03-11T23:00", time_zone: tz }, { date_time: "2026-03-12T01:00", time_zone: tz }),
    ).toBe("Mar 11, 2026, 11:00 PM – Mar 12, 2026, 1:00 AM");
  });
  it("reads ISO instants in the event's zone", () => {
    expect(
      formatEventWhen(
        { date_time: "2026-07-11T11:00:00Z", time_zone: tz },
        { date_time: "2026-07-11T12:00:00Z", time_zone: tz },
      ),
    ).toBe("Jul 11, 2026, 12:00 PM – 1:00 PM");
  });
  it("copes with a missing end or start", () => {
    expect(formatEventWhen({ date_time: "2026-03-11T12:00", time_zone: tz }, null)).toBe("Mar 11, 2026, 12:00 PM");
    expect(formatEventWhen(null, null)).toBe("");
  });
});
