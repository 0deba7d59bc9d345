import { describe, expect, it } from "vitest";
import { eventDateTime, eventShortDate } from "./event-dates.ts";

describe("event dates", () => {
  it("shows an all-day side as its date", () => {
    expect(eventShortDate({ date: "2026-03-11", time_zone: "Europe/Lisbon" })).toBe("Mar 11, 2026");
    expect(eventDateTime({ date: "2026-03-11", time_zone: "Europe/Lisbon" })).toBe("Mar 11, 2026 (all day)");
  });

  it("shows a local date_time as written", () => {
    const side = { date_time: "2026-03-11T14:05", time_zone: "America/New_York" };
    expect(eventShortDate(side)).toBe("Mar 11, 2026");
    expect(eventDateTime(side)).toBe("Mar 11, 2026, 2:05 PM");
  });

  it("shows an instant on the clocks of its time zone", () => {
    const side = { date_time: "2026-03-11T23:30:00Z", time_zone: "Asia/Tokyo" };
    expect(eventShortDate(side)).toBe("Mar 12, 2026");
    expect(eventDateTime(side)).toBe("Mar 12, 2026, 8:30 AM");
  });

  it("gives an empty string for a missing side", () => {
    expect(eventShortDate(null)).toBe("");
    expect(eventDateTime(undefined)).toBe("");
  });
});
