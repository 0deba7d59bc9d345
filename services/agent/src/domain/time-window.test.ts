import { describe, expect, it } from "vitest";
import { timeWindowOf } from "./time-window.ts";

// Monday 23 November 2026, 10:00 in Lisbon (UTC+0 in winter) and in Los Angeles (UTC-8).
const now = { year: 2026, month: 11, day: 23, hour: 10, minute: 0 };
const iso = (ms: number) => new Date(ms).toISOString();

describe("timeWindowOf", () => {
  it("this week: from now to the end of Sunday", () => {
    const window = timeWindowOf("What events do I have this week?", now, "Europe/Lisbon");
    expect([iso(window.from), iso(window.to), window.label]).toEqual(["2026-11-23T10:00:00.000Z", "2026-11-30T00:00:00.000Z", "this week"]);
  });

  it("next week: Monday to Sunday after this one, in the user's zone", () => {
    const window = timeWindowOf("When are Bruno and I both free next week?", now, "America/Los_Angeles");
    expect([iso(window.from), iso(window.to)]).toEqual(["2026-11-30T08:00:00.000Z", "2026-12-07T08:00:00.000Z"]);
  });

  it("tomorrow afternoon: 12:00 to 18:00 tomorrow", () => {
    const window = timeWindowOf("When am I free tomorrow afternoon?", now, "Europe/Lisbon");
    expect([iso(window.from), iso(window.to), window.label]).toEqual(["2026-11-24T12:00:00.000Z", "2026-11-24T18:00:00.000Z", "tomorrow afternoon"]);
    expect(window.hours).toEqual({ start: 12, end: 18 });
  });

  it("a weekday: that whole day", () => {
    const window = timeWindowOf("Do I have anything on Friday?", now, "Europe/Lisbon");
    expect([iso(window.from), iso(window.to), window.label]).toEqual(["2026-11-27T00:00:00.000Z", "2026-11-28T00:00:00.000Z", "Fri 27 Nov"]);
  });

  it("today starts now; nothing named: the next 7 days", () => {
    expect(iso(timeWindowOf("What's on today?", now, "Europe/Lisbon").from)).toBe("2026-11-23T10:00:00.000Z");
    const window = timeWindowOf("Show my events", now, "Europe/Lisbon");
    expect(window.to - window.from).toBe(7 * 86_400_000);
  });

  it("keeps wall-clock days across a DST change (Lisbon, last Sunday of March)", () => {
    const march = { year: 2026, month: 3, day: 23, hour: 9, minute: 0 };
    const window = timeWindowOf("What do I have next week?", march, "Europe/Lisbon");
    // 30 Mar 00:00 WEST (UTC+1) = 29 Mar 23:00Z; clocks changed on 29 Mar, so the week after is all +1.
    expect([iso(window.from), iso(window.to)]).toEqual(["2026-03-29T23:00:00.000Z", "2026-04-05T23:00:00.000Z"]);
  });
});
