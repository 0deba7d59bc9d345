import { describe, expect, it } from "vitest";
import { DEFAULT_WORKING_HOURS } from "@amia/contracts";
import { freeBetween, myFreeTime } from "./reads.ts";

const at = (iso: string) => Date.parse(iso);

describe("free time", () => {
  it("finds the free stretches between busy intervals", () => {
    const busy = [{ start: at("2026-03-11T10:00Z"), end: at("2026-03-11T11:00Z") }, { start: at("2026-03-11T10:30Z"), end: at("2026-03-11T12:00Z") }];
    expect(freeBetween(busy, at("2026-03-11T09:00Z"), at("2026-03-11T17:00Z"), 30)).toEqual([
      { start: at("2026-03-11T09:00Z"), end: at("2026-03-11T10:00Z") },
      { start: at("2026-03-11T12:00Z"), end: at("2026-03-11T17:00Z") },
    ]);
  });

  it("keeps to the part of day asked about, else working hours on working days", () => {
    const me = { user_id: "u1", time_zone: "Europe/Lisbon", working_hours: DEFAULT_WORKING_HOURS, shared: true, reason: null, busy: [{ start: "2026-03-11T13:00:00Z", end: "2026-03-11T14:00:00Z" }] };
    const afternoon = myFreeTime({ from: at("2026-03-11T12:00Z"), to: at("2026-03-11T18:00Z"), hours: { start: 12, end: 18 } }, me, 30);
    expect(afternoon).toEqual([
      { start: at("2026-03-11T12:00Z"), end: at("2026-03-11T13:00Z") },
      { start: at("2026-03-11T14:00Z"), end: at("2026-03-11T18:00Z") },
    ]);
    // A whole week: Saturday and Sunday are not working days.
    const week = myFreeTime({ from: at("2026-03-09T00:00Z"), to: at("2026-03-16T00:00Z"), hours: null }, { ...me, busy: [] }, 30);
    expect(week).toHaveLength(5);
  });
});
