import { describe, expect, it } from "vitest";
import type { TEventDate } from "@amia/contracts";
import { formatCost, formatDateTime, formatEventSide, formatEventWhen, formatHistoryTime, formatInstantRange, formatShortDate, formatTime, zonedWhenText } from "./format.ts";

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

const at = (date_time: string, time_zone: string): TEventDate => ({ date_time, time_zone });

describe("formatEventWhen: an event in its zone, the viewer's time beside it", () => {
  const LA = "America/Los_Angeles";

  it("names the zone and gives the viewer's time when the offsets differ (issue 11's meeting)", () => {
    const shown = formatEventWhen(at("2026-11-26T15:00", "UTC"), at("2026-11-26T16:00", "UTC"), LA);
    expect(shown).toEqual({ when: "Thu, Nov 26, 2026, 3:00 PM – 4:00 PM UTC", local: "7:00 AM – 8:00 AM your time", zone: "UTC" });
    expect(zonedWhenText(shown)).toBe("Thu, Nov 26, 2026, 3:00 PM – 4:00 PM UTC · 7:00 AM – 8:00 AM your time");
    expect(zonedWhenText(formatEventSide(at("2026-11-26T15:00", "Europe/London"), LA))).toBe("Thu, Nov 26, 2026, 3:00 PM GMT · 7:00 AM your time");
  });

  it("says nothing more when the offsets are equal, even under another name", () => {
    const lunch = [at("2026-11-26T15:00", "UTC"), at("2026-11-26T16:00", "UTC")] as const;
    expect(formatEventWhen(...lunch, "UTC")).toEqual({ when: "Thu, Nov 26, 2026, 3:00 PM – 4:00 PM", local: null, zone: null });
    // Lisbon is UTC+0 in November: the same clocks.
    expect(formatEventWhen(...lunch, "Europe/Lisbon").local).toBeNull();
    // In July Lisbon is UTC+1: now they differ.
    expect(zonedWhenText(formatEventWhen(at("2026-07-26T15:00", "UTC"), at("2026-07-26T16:00", "UTC"), "Europe/Lisbon"))).toBe(
      "Sun, Jul 26, 2026, 3:00 PM – 4:00 PM UTC · 4:00 PM – 5:00 PM your time",
    );
  });

  it("dates the viewer's side when their day differs", () => {
    const shown = formatEventWhen(at("2026-11-27T20:00", "Europe/Lisbon"), at("2026-11-27T21:00", "Europe/Lisbon"), "Asia/Tokyo");
    expect(zonedWhenText(shown)).toBe("Fri, Nov 27, 2026, 8:00 PM – 9:00 PM GMT · Sat, Nov 28, 2026, 5:00 AM – 6:00 AM your time");
    expect(shown.zone).toBe("Europe/Lisbon");
  });

  it("an event across midnight names both days", () => {
    expect(formatEventWhen(at("2026-11-27T23:00", "Europe/Lisbon"), at("2026-11-28T00:30", "Europe/Lisbon"), "Europe/Lisbon").when).toBe(
      "Fri, Nov 27, 2026, 11:00 PM – Sat, Nov 28, 2026, 12:30 AM",
    );
  });

  it("daylight saving inside the event names each side's zone; the offsets are compared at both ends", () => {
    // Los Angeles falls back at 2:00 AM on Nov 1, 2026: 12:30 AM is PDT, 3:00 AM is PST.
    expect(zonedWhenText(formatEventWhen(at("2026-11-01T00:30", LA), at("2026-11-01T03:00", LA), "UTC"))).toBe(
      "Sun, Nov 1, 2026, 12:30 AM PDT – 3:00 AM PST · 7:30 AM – 11:00 AM your time",
    );
    // London springs forward at 1:00 AM on Mar 29, 2026: equal to UTC at the start, not at the end.
    expect(zonedWhenText(formatEventWhen(at("2026-03-29T00:30", "Europe/London"), at("2026-03-29T03:00", "Europe/London"), "UTC"))).toBe(
      "Sun, Mar 29, 2026, 12:30 AM GMT – 3:00 AM GMT+1 · 12:30 AM – 2:00 AM your time",
    );
    // The same event for a viewer in London: the same clocks throughout.
    expect(formatEventWhen(at("2026-03-29T00:30", "Europe/London"), at("2026-03-29T03:00", "Europe/London"), "Europe/London").local).toBeNull();
  });

  it("reads ISO instants on the event's clocks", () => {
    expect(formatEventWhen(at("2026-07-11T11:00:00Z", "Europe/Lisbon"), at("2026-07-11T12:00:00Z", "Europe/Lisbon"), "Europe/Lisbon").when).toBe(
      "Sat, Jul 11, 2026, 12:00 PM – 1:00 PM",
    );
  });

  it("all-day events are dates only: no zone, no viewer's time, wherever the viewer is", () => {
    const day = { date: "2026-11-28", time_zone: "Pacific/Kiritimati" };
    expect(formatEventWhen(day, day, "Pacific/Pago_Pago")).toEqual({ when: "Sat, Nov 28, 2026 (all day)", local: null, zone: null });
    expect(formatEventWhen(day, { date: "2026-11-29", time_zone: "Pacific/Kiritimati" }, "UTC").when).toBe("Sat, Nov 28, 2026 – Sun, Nov 29, 2026 (all day)");
    expect(formatEventSide({ date: "2026-03-14T00:00:00", time_zone: "UTC" }, "UTC").when).toBe("Sat, Mar 14, 2026 (all day)");
  });

  it("a proposal names its zone even when the clocks agree", () => {
    expect(formatEventWhen(at("2026-11-26T15:00", "UTC"), at("2026-11-26T16:00", "UTC"), "UTC", { alwaysNameZone: true })).toEqual({
      when: "Thu, Nov 26, 2026, 3:00 PM – 4:00 PM UTC",
      local: null,
      zone: "UTC",
    });
  });

  it("copes with a missing end, a missing start, and a zone it does not know (read as the viewer's)", () => {
    expect(formatEventWhen(at("2026-03-11T12:00", "UTC"), null, "UTC").when).toBe("Wed, Mar 11, 2026, 12:00 PM");
    expect(formatEventWhen(null, null, "UTC")).toEqual({ when: "", local: null, zone: null });
    expect(formatEventWhen(at("2026-11-26T15:00:00+09:00", ""), null, "Europe/Lisbon")).toEqual({ when: "Thu, Nov 26, 2026, 6:00 AM", local: null, zone: null });
  });
});

describe("formatInstantRange", () => {
  it("shows free slots in the asker's zone with the viewer's times", () => {
    const shown = formatInstantRange(Date.parse("2026-11-30T10:00:00Z"), Date.parse("2026-11-30T11:00:00Z"), "Europe/Berlin", "Europe/Lisbon");
    expect(zonedWhenText(shown)).toBe("Mon, Nov 30, 2026, 11:00 AM – 12:00 PM GMT+1 · 10:00 AM – 11:00 AM your time");
  });
});


describe("formatHistoryTime", () => {
  const HOUR = 60 * 60 * 1000;
  // Wednesday 11 March 2026, 15:00 UTC = 15:00 in Lisbon (winter time, UTC+0), 00:00 Thursday in Tokyo.
  const now = new Date(Date.UTC(2026, 2, 11, 15, 0));
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it("under 24 hours shows the time on the 12-hour clock the messages use", () => {
    expect(formatHistoryTime(ago(55 * 60 * 1000), now, "Europe/Lisbon")).toBe("2:05 PM");
    expect(formatHistoryTime(ago(0), now, "Europe/Lisbon")).toBe("3:00 PM");
    expect(formatHistoryTime(ago(24 * HOUR - 1), now, "UTC")).toBe("3:00 PM");
    expect(formatHistoryTime(ago(15 * HOUR), now, "UTC")).toBe("12:00 AM");
  });

  it("at exactly 24 hours switches to the weekday", () => {
    expect(formatHistoryTime(ago(24 * HOUR), now, "UTC")).toBe("Tuesday");
    expect(formatHistoryTime(ago(3 * 24 * HOUR), now, "UTC")).toBe("Sunday");
  });

  it("under 168 hours shows the weekday in the given zone", () => {
    expect(formatHistoryTime(ago(168 * HOUR - 1), now, "UTC")).toBe("Wednesday");
    // 30 h ago is Tuesday 09:00 UTC, already Tuesday 18:00 in Tokyo; 40 h ago is Monday 23:00 UTC, Tuesday in Tokyo.
    expect(formatHistoryTime(ago(40 * HOUR), now, "UTC")).toBe("Monday");
    expect(formatHistoryTime(ago(40 * HOUR), now, "Asia/Tokyo")).toBe("Tuesday");
  });

  it("at 168 hours and beyond shows month and day", () => {
    expect(formatHistoryTime(ago(168 * HOUR), now, "UTC")).toBe("Mar 4");
    expect(formatHistoryTime(new Date(Date.UTC(2025, 11, 31, 23, 30)), now, "UTC")).toBe("Dec 31");
    expect(formatHistoryTime(new Date(Date.UTC(2025, 11, 31, 23, 30)), now, "Asia/Tokyo")).toBe("Jan 1");
  });

  it("accepts ISO strings, treats the future as recent, refuses garbage", () => {
    expect(formatHistoryTime("2026-03-11T09:30:00Z", now, "UTC")).toBe("9:30 AM");
    expect(formatHistoryTime("2026-03-11T16:00:00Z", now, "UTC")).toBe("4:00 PM");
    expect(formatHistoryTime("yesterday", now, "UTC")).toBe("");
  });
});
