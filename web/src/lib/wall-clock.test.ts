import { describe, expect, it } from "vitest";
import { addDaysToDate, addMinutesToTime, formatMinutes, parseTime, splitDateTime, wallClockAt } from "./wall-clock.ts";

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
