import { describe, expect, it } from "vitest";
import { createdAtRangeOf } from "./usage-range.ts";

describe("the records a date range covers", () => {
  it("takes whole days in UTC when no time zone is given", () => {
    expect(createdAtRangeOf({ startDate: "2026-03-01", endDate: "2026-03-31" })).toEqual({
      from: "2026-03-01T00:00:00.000Z",
      toExclusive: "2026-04-01T00:00:00.000Z",
    });
  });

  it("takes whole days in the caller's time zone", () => {
    expect(createdAtRangeOf({ startDate: "2026-03-01", endDate: "2026-03-31", timeZone: "America/New_York" })).toEqual({
      from: "2026-03-01T05:00:00.000Z",
      toExclusive: "2026-04-01T04:00:00.000Z", // daylight saving time began on 8 March
    });
  });

  it("takes exact instants as they are, the end included", () => {
    expect(createdAtRangeOf({ startDate: "2026-03-01T10:00:00+02:00", endDate: "2026-03-01T12:00:00Z" })).toEqual({
      from: "2026-03-01T08:00:00.000Z",
      toExclusive: "2026-03-01T12:00:00.001Z",
    });
  });
});
