import { describe, expect, it } from "vitest";
import type { TEventDate } from "@amia/contracts";
import { eventTimeText } from "./event-time-text.ts";

const at = (date_time: string, time_zone: string): TEventDate => ({ date_time, time_zone });
const day = (date: string, time_zone = "Europe/London"): TEventDate => ({ date, time_zone });
/** A one-hour event starting at `date_time`; the text names only its start. */
const timed = (date_time: string, time_zone: string) => [at(date_time, time_zone), at(date_time, time_zone)] as const;
const NOV_2026 = new Date("2026-11-19T10:00:00.000Z");

describe("event time text: a timed event", () => {
  it("names the event's zone, with the recipient's time beside it, when their clocks read otherwise", () => {
    expect(eventTimeText(...timed("2026-11-26T15:00", "Europe/London"), "America/Los_Angeles", NOV_2026)).toBe("Thu 26 Nov, 15:00 GMT · 07:00 your time");
    expect(eventTimeText(...timed("2026-11-26T15:00", "UTC"), "America/Los_Angeles", NOV_2026)).toBe("Thu 26 Nov, 15:00 UTC · 07:00 your time");
  });

  it("gives the recipient's day too when it is another day on their clocks", () => {
    expect(eventTimeText(...timed("2026-11-26T23:30", "Europe/London"), "Asia/Tokyo", NOV_2026)).toBe("Thu 26 Nov, 23:30 GMT · Fri 27 Nov, 08:30 your time");
    expect(eventTimeText(...timed("2026-11-26T01:00", "Europe/London"), "America/New_York", NOV_2026)).toBe("Thu 26 Nov, 01:00 GMT · Wed 25 Nov, 20:00 your time");
  });

  it("names no zone when the recipient's clocks read the same, whatever the zone is called", () => {
    expect(eventTimeText(...timed("2026-11-26T15:00", "Europe/London"), "Europe/London", NOV_2026)).toBe("Thu 26 Nov, 15:00");
    expect(eventTimeText(...timed("2026-11-26T15:00", "Europe/London"), "Europe/Lisbon", NOV_2026)).toBe("Thu 26 Nov, 15:00");
    expect(eventTimeText(...timed("2026-11-26T15:00", "Europe/London"), "europe/lisbon", NOV_2026)).toBe("Thu 26 Nov, 15:00");
  });

  it("says the event's own time with its zone named when the recipient's zone is unknown or unusable", () => {
    expect(eventTimeText(...timed("2026-11-26T15:00", "America/Los_Angeles"), null, NOV_2026)).toBe("Thu 26 Nov, 15:00 PST");
    expect(eventTimeText(...timed("2026-11-26T15:00", "America/Los_Angeles"), "Not/AZone", NOV_2026)).toBe("Thu 26 Nov, 15:00 PST");
  });

  it("reads an instant given with an offset on the event zone's clocks", () => {
    expect(eventTimeText(...timed("2026-11-26T15:00:00Z", "America/Los_Angeles"), null, NOV_2026)).toBe("Thu 26 Nov, 07:00 PST");
  });

  it("says the year only when it is not the year the notification is written in", () => {
    expect(eventTimeText(...timed("2027-01-07T09:00", "Europe/London"), null, NOV_2026)).toBe("Thu 7 Jan 2027, 09:00 GMT");
    expect(eventTimeText(...timed("2027-01-07T09:00", "Europe/London"), "Asia/Tokyo", NOV_2026)).toBe("Thu 7 Jan 2027, 09:00 GMT · 18:00 your time");
  });
});

describe("event time text: daylight saving", () => {
  it("compares offsets at the event's instant: Reykjavik reads as London in winter, not in summer", () => {
    expect(eventTimeText(...timed("2026-12-10T12:00", "Europe/London"), "Atlantic/Reykjavik", NOV_2026)).toBe("Thu 10 Dec, 12:00");
    expect(eventTimeText(...timed("2026-07-09T12:00", "Europe/London"), "Atlantic/Reykjavik", NOV_2026)).toBe("Thu 9 Jul, 12:00 GMT+1 · 11:00 your time");
  });

  it("follows each side's own change: between the US and European switches the gap is an hour shorter", () => {
    // New York moved its clocks on 8 March 2026, London on 29 March: four hours apart, not five.
    expect(eventTimeText(...timed("2026-03-20T15:00", "Europe/London"), "America/New_York", NOV_2026)).toBe("Fri 20 Mar, 15:00 GMT · 11:00 your time");
    expect(eventTimeText(...timed("2026-04-20T15:00", "Europe/London"), "America/New_York", NOV_2026)).toBe("Mon 20 Apr, 15:00 GMT+1 · 10:00 your time");
  });

  it("says a time the spring change skips as the time the clocks show then", () => {
    // 01:30 on 29 March 2026 does not exist in London (clocks go from 01:00 to 02:00); read with
    // the offset before the jump, as the contracts and Google do, it is 02:30 on the clocks after.
    expect(eventTimeText(...timed("2026-03-29T01:30", "Europe/London"), null, NOV_2026)).toBe("Sun 29 Mar, 02:30 GMT+1");
  });

  it("says a time the autumn change repeats once, in the offset it was read in", () => {
    // 01:30 on 25 October 2026 happens twice in London; the contracts read it as the first
    // (BST, before the change, as RFC 5545 does), and the recipient's time beside it is that instant.
    expect(eventTimeText(...timed("2026-10-25T01:30", "Europe/London"), "UTC", NOV_2026)).toBe("Sun 25 Oct, 01:30 GMT+1 · 00:30 your time");
    expect(eventTimeText(...timed("2026-10-25T01:30", "Europe/London"), "America/New_York", NOV_2026)).toBe("Sun 25 Oct, 01:30 GMT+1 · Sat 24 Oct, 20:30 your time");
  });
});

describe("event time text: an all-day event", () => {
  it("is a date, the same everywhere: no zone, no local time", () => {
    expect(eventTimeText(day("2026-11-26"), day("2026-11-26"), "Pacific/Kiritimati", NOV_2026)).toBe("Thu 26 Nov (all day)");
    expect(eventTimeText(day("2026-11-26"), day("2026-11-28"), null, NOV_2026)).toBe("Thu 26 Nov – Sat 28 Nov (all day)");
  });

  it("says the year when it is another", () => {
    expect(eventTimeText(day("2027-01-01", "UTC"), day("2027-01-01", "UTC"), "America/Los_Angeles", NOV_2026)).toBe("Fri 1 Jan 2027 (all day)");
  });
});
