import { describe, expect, it } from "vitest";
import { describeDuration, describeInstants, describeWhen } from "./describe.ts";

describe("describe", () => {
  it("names the zone of a timed event", () => {
    expect(describeWhen({ date_time: "2026-11-27T13:00", time_zone: "Europe/Lisbon" }, { date_time: "2026-11-27T14:00", time_zone: "Europe/Lisbon" })).toBe(
      "Fri 27 Nov, 1:00 PM – 2:00 PM (Europe/Lisbon)",
    );
  });

  it("adds the reader's time when their clocks differ, and only then", () => {
    const at = (dateTime: string, timeZone: string) => ({ date_time: dateTime, time_zone: timeZone });
    expect(describeWhen(at("2026-11-26T15:00", "UTC"), at("2026-11-26T16:00", "UTC"), "America/Los_Angeles")).toBe(
      "Thu 26 Nov, 3:00 PM – 4:00 PM (UTC) · 7:00 AM – 8:00 AM your time",
    );
    // Lisbon keeps UTC's clocks in winter: nothing to add, whatever the zones are called.
    expect(describeWhen(at("2026-11-26T15:00", "UTC"), at("2026-11-26T16:00", "UTC"), "Europe/Lisbon")).toBe("Thu 26 Nov, 3:00 PM – 4:00 PM (UTC)");
    // In summer it does not.
    expect(describeWhen(at("2026-07-02T15:00", "UTC"), at("2026-07-02T16:00", "UTC"), "Europe/Lisbon")).toBe("Thu 2 Jul, 3:00 PM – 4:00 PM (UTC) · 4:00 PM – 5:00 PM your time");
    // The reader's day is named when it is another day.
    expect(describeWhen(at("2026-11-26T09:00", "Asia/Tokyo"), at("2026-11-26T10:00", "Asia/Tokyo"), "America/New_York")).toBe(
      "Thu 26 Nov, 9:00 AM – 10:00 AM (Asia/Tokyo) · Wed 25 Nov, 7:00 PM – 8:00 PM your time",
    );
    // All-day events are dates, in any zone.
    expect(describeWhen({ date: "2026-11-28", time_zone: "UTC" }, { date: "2026-11-28", time_zone: "UTC" }, "Asia/Tokyo")).toBe("Sat 28 Nov (all day)");
  });

  it("says all day, and spans days", () => {
    expect(describeWhen({ date: "2026-11-28", time_zone: "UTC" }, { date: "2026-11-29", time_zone: "UTC" })).toBe("Sat 28 Nov – Sun 29 Nov (all day)");
    expect(describeWhen({ date: "2026-11-28", time_zone: "UTC" }, { date: "2026-11-28", time_zone: "UTC" })).toBe("Sat 28 Nov (all day)");
  });

  it("shows instants in the zone asked for", () => {
    expect(describeInstants(Date.parse("2026-11-27T15:00:00Z"), Date.parse("2026-11-27T16:00:00Z"), "America/Los_Angeles")).toBe("Fri 27 Nov, 7:00 AM – 8:00 AM (America/Los_Angeles)");
  });

  it("says durations in words", () => {
    expect([describeDuration(60), describeDuration(45), describeDuration(90)]).toEqual(["1 hour", "45 minutes", "1 hour 30 minutes"]);
  });
});
