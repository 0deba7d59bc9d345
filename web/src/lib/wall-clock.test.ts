import { describe, expect, it } from "vitest";
import { zonedTimeToEpochMs } from "@amia/contracts";
import {
  addDaysToDate,
  addMinutesToTime,
  formatMinutes,
  knownTimeZones,
  parseTime,
  resolveWallClock,
  splitDateTime,
  viewerTimeZone,
  wallClockAt,
  zoneOffsetMinutes,
} from "./wall-clock.ts";

describe("wallClockAt", () => {
  it("reads an instant on a zone's clocks", () => {
    const instant = Date.UTC(2026, 2, 11, 23, 30);
    expect(wallClockAt(instant, "UTC")).toEqual({ date: "2026-03-11", time: "23:30" });
    expect(wallClockAt(instant, "Asia/Tokyo")).toEqual({ date: "2026-03-12", time: "08:30" });
    expect(wallClockAt(Date.UTC(2026, 0, 1, 0, 5), "UTC")).toEqual({ date: "2026-01-01", time: "00:05" });
  });
});

describe("splitDateTime", () => {
  it("splits a local date_time as written", () => {
    expect(splitDateTime("2026-03-11T09:05", "Asia/Tokyo")).toEqual({ date: "2026-03-11", time: "09:05" });
    expect(splitDateTime("2026-03-11T09:05:30", "UTC")).toEqual({ date: "2026-03-11", time: "09:05" });
  });
  it("shows an ISO instant on the clocks of the time zone", () => {
    expect(splitDateTime("2026-03-11T12:00:00Z", "Europe/Lisbon")).toEqual({ date: "2026-03-11", time: "12:00" });
    expect(splitDateTime("2026-07-11T12:00:00Z", "Europe/Lisbon")).toEqual({ date: "2026-07-11", time: "13:00" });
    expect(splitDateTime("2026-03-11T20:00:00-05:00", "UTC")).toEqual({ date: "2026-03-12", time: "01:00" });
  });
  it("refuses garbage", () => {
    expect(splitDateTime("tomorrow", "UTC")).toBeNull();
  });
});

describe("time arithmetic", () => {
  it("parses and formats HH:MM", () => {
    expect(parseTime("09:30")).toBe(570);
    expect(parseTime("24:00")).toBeNull();
    expect(parseTime("")).toBeNull();
    expect(formatMinutes(570)).toBe("09:30");
  });
  it("wraps past midnight both ways", () => {
    expect(addMinutesToTime("23:50", 15)).toBe("00:05");
    expect(addMinutesToTime("00:10", -15)).toBe("23:55");
    expect(addMinutesToTime("nope", 15)).toBe("");
  });
  it("moves dates across month and year ends", () => {
    expect(addDaysToDate("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysToDate("2028-03-01", -1)).toBe("2028-02-29");
  });
});

describe("zoneOffsetMinutes", () => {
  it("is the zone's offset at that instant, daylight saving included", () => {
    expect(zoneOffsetMinutes(Date.UTC(2026, 10, 26, 15), "America/Los_Angeles")).toBe(-480);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 1, 15), "America/Los_Angeles")).toBe(-420);
    expect(zoneOffsetMinutes(Date.UTC(2026, 10, 26, 15), "Europe/Lisbon")).toBe(0);
    expect(zoneOffsetMinutes(Date.UTC(2026, 10, 26, 15), "Asia/Kolkata")).toBe(330);
  });
});

describe("resolveWallClock", () => {
  it("an ordinary wall time is one instant", () => {
    expect(resolveWallClock("2026-11-26", "15:00", "UTC")).toEqual({ kind: "exact", instant: Date.UTC(2026, 10, 26, 15) });
    expect(resolveWallClock("2026-11-26", "07:00", "America/Los_Angeles")).toEqual({ kind: "exact", instant: Date.UTC(2026, 10, 26, 15) });
  });

  it("a wall time the clocks skip is a gap, with the jump's two sides", () => {
    expect(resolveWallClock("2026-03-08", "02:30", "America/Los_Angeles")).toEqual({ kind: "gap", jumpFrom: "02:00", jumpTo: "03:00" });
    expect(resolveWallClock("2026-03-29", "01:15", "Europe/Lisbon")).toEqual({ kind: "gap", jumpFrom: "01:00", jumpTo: "02:00" });
    // A half-hour jump (Lord Howe Island, 02:00 → 02:30): 02:30 itself exists.
    expect(resolveWallClock("2026-10-04", "02:10", "Australia/Lord_Howe")).toEqual({ kind: "gap", jumpFrom: "02:00", jumpTo: "02:30" });
    expect(resolveWallClock("2026-10-04", "02:30", "Australia/Lord_Howe")?.kind).toBe("exact");
  });

  it("a wall time the clocks show twice is an overlap; its first is the instant the server stores", () => {
    const overlap = resolveWallClock("2026-11-01", "01:30", "America/Los_Angeles");
    expect(overlap).toEqual({ kind: "overlap", earlier: Date.UTC(2026, 10, 1, 8, 30), later: Date.UTC(2026, 10, 1, 9, 30) });
    expect(zonedTimeToEpochMs({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, "America/Los_Angeles")).toBe(Date.UTC(2026, 10, 1, 8, 30));
  });

  it("is null for what it cannot read", () => {
    expect(resolveWallClock("", "10:00", "UTC")).toBeNull();
    expect(resolveWallClock("2026-11-26", "25:00", "UTC")).toBeNull();
    expect(resolveWallClock("2026-11-26", "10:00", "Mars/Olympus")).toBeNull();
  });
});

describe("viewerTimeZone", () => {
  it("is the Settings zone when there is one, else the browser's, canonically spelled", () => {
    expect(viewerTimeZone("Europe/Lisbon", "America/Los_Angeles")).toBe("Europe/Lisbon");
    expect(viewerTimeZone("us/pacific", "UTC")).toBe("America/Los_Angeles");
    expect(viewerTimeZone(null, "America/Los_Angeles")).toBe("America/Los_Angeles");
    expect(viewerTimeZone("Mars/Olympus", "Asia/Tokyo")).toBe("Asia/Tokyo");
  });
});

describe("knownTimeZones", () => {
  it("lists the browser's zones with UTC and the current value, once each", () => {
    const zones = knownTimeZones("Etc/GMT+5");
    expect(zones).toContain("UTC");
    expect(zones).toContain("Europe/Lisbon");
    expect(zones).toContain("Etc/GMT+5");
    expect(new Set(zones).size).toBe(zones.length);
  });
});
