import { describe, expect, it } from "vitest";
import { DEFAULT_WORKING_HOURS } from "@amia/contracts";
import { findMutualSlots, type SlotPerson } from "./mutual-free-time.ts";

const weekdays9to5 = DEFAULT_WORKING_HOURS;
const person = (user_id: string, time_zone: string | null, busy?: SlotPerson["busy"], working_hours = weekdays9to5): SlotPerson => ({ user_id, time_zone, working_hours, ...(busy ? { busy } : {}) });
const starts = (slots: Array<{ start: string }>) => slots.map((slot) => slot.start);

// Mon 16 – Fri 20 March 2026. Lisbon is on UTC (+00:00) until 29 March; New York on EDT (−04:00) from 8 March.
const week = { from: "2026-03-16T00:00:00Z", to: "2026-03-21T00:00:00Z" };

describe("findMutualSlots", () => {
  it("offers the earliest free hour of three different days, avoiding both people's busy times", () => {
    const ana = person("ana", "Europe/Lisbon", [{ start: "2026-03-16T09:00:00Z", end: "2026-03-16T10:00:00Z" }]);
    const bruno = person("bruno", "Europe/Lisbon", [{ start: "2026-03-16T10:00:00Z", end: "2026-03-16T11:00:00Z" }, { start: "2026-03-17T08:00:00Z", end: "2026-03-17T12:30:00Z" }]);

    const slots = findMutualSlots({ ...week, durationMinutes: 60, people: [ana, bruno] });

    expect(slots).toEqual([
      { start: "2026-03-16T11:00:00.000Z", end: "2026-03-16T12:00:00.000Z" },
      { start: "2026-03-17T12:30:00.000Z", end: "2026-03-17T13:30:00.000Z" },
      { start: "2026-03-18T09:00:00.000Z", end: "2026-03-18T10:00:00.000Z" },
    ]);
  });

  it("keeps inside both people's working hours across time zones", () => {
    // Lisbon 09:00–17:00 is 09:00–17:00Z; New York 09:00–17:00 EDT is 13:00–21:00Z: both, 13:00–17:00Z.
    const slots = findMutualSlots({ ...week, durationMinutes: 90, people: [person("ana", "Europe/Lisbon"), person("nina", "America/New_York")] });

    expect(starts(slots)).toEqual(["2026-03-16T13:00:00.000Z", "2026-03-17T13:00:00.000Z", "2026-03-18T13:00:00.000Z"]);
  });

  it("follows a daylight-saving change: Lisbon's 09:00 is 09:00Z on Friday and 08:00Z the Monday after", () => {
    const slots = findMutualSlots({ from: "2026-03-27T00:00:00Z", to: "2026-04-01T00:00:00Z", durationMinutes: 60, people: [person("ana", "Europe/Lisbon")] });

    // Friday 27, then (no weekend) Monday 30 and Tuesday 31 after the clocks went forward on Sunday 29.
    expect(starts(slots)).toEqual(["2026-03-27T09:00:00.000Z", "2026-03-30T08:00:00.000Z", "2026-03-31T08:00:00.000Z"]);
  });

  it("spreads the slots of a single free day instead of offering three adjacent ones", () => {
    const oneDay = { from: "2026-03-16T00:00:00Z", to: "2026-03-17T00:00:00Z" };

    const slots = findMutualSlots({ ...oneDay, durationMinutes: 60, people: [person("ana", "UTC"), person("bruno", "UTC")] });

    expect(starts(slots)).toEqual(["2026-03-16T09:00:00.000Z", "2026-03-16T12:00:00.000Z", "2026-03-16T15:00:00.000Z"]);
  });

  it("falls back to slots closer together when the day has no room to spread them, never overlapping", () => {
    const morning = { from: "2026-03-16T09:00:00Z", to: "2026-03-16T11:00:00Z" };

    const slots = findMutualSlots({ ...morning, durationMinutes: 30, people: [person("ana", "UTC")] });

    expect(starts(slots)).toEqual(["2026-03-16T09:00:00.000Z", "2026-03-16T09:30:00.000Z", "2026-03-16T10:00:00.000Z"]);
  });

  it("starts on the asker's half hour, or quarter hour for a short meeting", () => {
    const ana = person("ana", "UTC", [{ start: "2026-03-16T09:00:00Z", end: "2026-03-16T10:10:00Z" }]);
    const oneDay = { from: "2026-03-16T00:00:00Z", to: "2026-03-17T00:00:00Z", people: [ana], max: 1 };

    expect(starts(findMutualSlots({ ...oneDay, durationMinutes: 45 }))).toEqual(["2026-03-16T10:30:00.000Z"]);
    expect(starts(findMutualSlots({ ...oneDay, durationMinutes: 15 }))).toEqual(["2026-03-16T10:15:00.000Z"]);
    // Kathmandu is UTC+05:45: its 09:00 is 03:15Z, and that is where a slot starts.
    expect(starts(findMutualSlots({ ...oneDay, durationMinutes: 60, people: [person("kiran", "Asia/Kathmandu")] }))).toEqual(["2026-03-16T03:15:00.000Z"]);
  });

  it("counts only the working hours of someone who does not share their busy times", () => {
    const ana = person("ana", "UTC", [{ start: "2026-03-16T09:00:00Z", end: "2026-03-16T16:00:00Z" }]);
    const notSharing = person("bruno", "UTC", undefined, { start: "15:00", end: "18:00", days: ["mon"] });

    const slots = findMutualSlots({ ...week, durationMinutes: 60, people: [ana, notSharing] });

    expect(slots).toEqual([{ start: "2026-03-16T16:00:00.000Z", end: "2026-03-16T17:00:00.000Z" }]);
  });

  it("reads the hours of someone with no zone in the fallback zone", () => {
    const slots = findMutualSlots({ ...week, durationMinutes: 60, max: 1, fallbackTimeZone: "America/New_York", people: [person("ana", null)] });

    expect(starts(slots)).toEqual(["2026-03-16T13:00:00.000Z"]);
  });

  it("finds nothing when working hours never overlap, the window is empty, or the meeting is longer than any gap", () => {
    // Tokyo 09:00–17:00 is 00:00–08:00Z; New York's is 13:00–21:00Z.
    expect(findMutualSlots({ ...week, durationMinutes: 30, people: [person("aiko", "Asia/Tokyo"), person("nina", "America/New_York")] })).toEqual([]);
    expect(findMutualSlots({ from: week.to, to: week.from, durationMinutes: 30, people: [person("ana", "UTC")] })).toEqual([]);
    expect(findMutualSlots({ ...week, durationMinutes: 9 * 60, people: [person("ana", "UTC")] })).toEqual([]);
    // The weekend is nobody's working day by default.
    expect(findMutualSlots({ from: "2026-03-21T00:00:00Z", to: "2026-03-23T00:00:00Z", durationMinutes: 30, people: [person("ana", "UTC")] })).toEqual([]);
  });

  it("never starts before the window or ends after it", () => {
    const slots = findMutualSlots({ from: "2026-03-16T16:20:00Z", to: "2026-03-17T09:45:00Z", durationMinutes: 30, people: [person("ana", "UTC")] });

    expect(slots).toEqual([
      { start: "2026-03-16T16:30:00.000Z", end: "2026-03-16T17:00:00.000Z" },
      { start: "2026-03-17T09:00:00.000Z", end: "2026-03-17T09:30:00.000Z" },
    ]);
  });
});
