import { describe, expect, it } from "vitest";
import { describeDuration, describeInstants, describeWhen } from "./describe.ts";

describe("describe", () => {
  it("names the zone of a timed event", () => {
    expect(describeWhen({ date_time: "2026-11-27T13:00", time_zone: "Europe/Lisbon" }, { date_time: "2026-11-27T14:00", time_zone: "Europe/Lisbon" })).toBe(
      "Fri 27 Nov, 13:00–14:00 (Europe/Lisbon)",
    );
  });

  it("says all day, and spans days", () => {
    expect(describeWhen({ date: "2026-11-28", time_zone: "UTC" }, { date: "2026-11-29", time_zone: "UTC" })).toBe("Sat 28 Nov – Sun 29 Nov (all day)");
    expect(describeWhen({ date: "2026-11-28", time_zone: "UTC" }, { date: "2026-11-28", time_zone: "UTC" })).toBe("Sat 28 Nov (all day)");
  });

  it("shows instants in the zone asked for", () => {
    expect(describeInstants(Date.parse("2026-11-27T15:00:00Z"), Date.parse("2026-11-27T16:00:00Z"), "America/Los_Angeles")).toBe("Fri 27 Nov, 07:00–08:00 (America/Los_Angeles)");
  });

  it("says durations in words", () => {
    expect([describeDuration(60), describeDuration(45), describeDuration(90)]).toEqual(["1 hour", "45 minutes", "1 hour 30 minutes"]);
  });
});
