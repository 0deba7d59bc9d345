import { describe, expect, it } from "vitest";
import { formatEventRange, formatInstantRange, zonedWhenText } from "./zoned-time.ts";

const lisbon = (start: string, end: string) =>
  [
    { date_time: start, time_zone: "Europe/Lisbon" },
    { date_time: end, time_zone: "Europe/Lisbon" },
  ] as const;

describe("formatEventRange", () => {
  it("names the event's zone, and says nothing more to a viewer in the same zone", () => {
    const [start, end] = lisbon("2026-11-27T13:00", "2026-11-27T14:00");
    expect(formatEventRange(start, end, "Europe/Lisbon")).toEqual({ when: "Fri, Nov 27, 2026, 13:00–14:00 Europe/Lisbon", local: null });
  });

  it("puts the viewer's own times beside it when their clocks read differently", () => {
    const [start, end] = lisbon("2026-11-27T13:00", "2026-11-27T14:00");
    const shown = formatEventRange(start, end, "America/Los_Angeles");
    expect(zonedWhenText(shown)).toBe("Fri, Nov 27, 2026, 13:00–14:00 Europe/Lisbon · 05:00–06:00 your time");
  });

  it("adds nothing for another zone whose clocks read the same", () => {
    const [start, end] = lisbon("2026-11-27T13:00", "2026-11-27T14:00");
    expect(formatEventRange(start, end, "Europe/London").local).toBeNull();
  });

  it("dates the viewer's side when it falls on another day", () => {
    const [start, end] = lisbon("2026-11-27T20:00", "2026-11-27T21:00");
    expect(formatEventRange(start, end, "Asia/Tokyo").local).toBe("Sat, Nov 28, 2026, 05:00–06:00 your time");
  });

  it("shows a range across midnight with both dates", () => {
    const [start, end] = lisbon("2026-11-27T23:00", "2026-11-28T00:30");
    expect(formatEventRange(start, end, "Europe/Lisbon").when).toBe("Fri, Nov 27, 2026, 23:00 – Sat, Nov 28, 2026, 00:30 Europe/Lisbon");
  });

  it("reads a summer date in its own zone's summer time", () => {
    const [start, end] = lisbon("2026-07-10T09:00", "2026-07-10T10:00");
    expect(formatEventRange(start, end, "UTC").local).toBe("08:00–09:00 your time");
  });

  it("shows all-day events as dates, with no zone and no local times", () => {
    const day = { date: "2026-11-28", time_zone: "Europe/Lisbon" };
    expect(formatEventRange(day, day, "Asia/Tokyo")).toEqual({ when: "Sat, Nov 28, 2026 (all day)", local: null });
    expect(formatEventRange(day, { date: "2026-11-29", time_zone: "Europe/Lisbon" }, "UTC").when).toBe(
      "Sat, Nov 28, 2026 – Sun, Nov 29, 2026 (all day)",
    );
  });
});

describe("formatInstantRange", () => {
  it("shows a free slot (two instants) in the answer's zone, with the viewer's times", () => {
    const shown = formatInstantRange(Date.parse("2026-11-30T10:00:00Z"), Date.parse("2026-11-30T11:00:00Z"), "Europe/Berlin", "Europe/Lisbon");
    expect(zonedWhenText(shown)).toBe("Mon, Nov 30, 2026, 11:00–12:00 Europe/Berlin · 10:00–11:00 your time");
  });
});
