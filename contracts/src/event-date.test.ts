import { describe, expect, it } from "vitest";
import {
  END_BEFORE_START_MESSAGE,
  MIXED_EVENT_DATES_MESSAGE,
  ZCreateEventRequestBodySchema,
  ZStartDateSchema,
  ZUpdateEventRequestBodySchema,
  eventDateToEpochMs,
  canonicalTimeZone,
  isIanaTimeZone,
} from "./index.ts";

/** What a caller sees of a failure: each issue's dotted path and message. */
function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

function body(start: object, end: object) {
  return { title: "Lunch", start_date: start, end_date: end };
}

describe("an event date ({date | date_time, time_zone})", () => {
  it("accepts an all-day date", () => {
    const parsed = ZStartDateSchema.parse({ date: "2026-03-11", time_zone: "Europe/Lisbon" });
    expect(parsed).toEqual({ date: "2026-03-11", time_zone: "Europe/Lisbon" });
  });

  it("accepts a local date_time with or without seconds", () => {
    expect(ZStartDateSchema.safeParse({ date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" }).success).toBe(true);
    expect(ZStartDateSchema.safeParse({ date_time: "2026-03-11T12:00:30", time_zone: "Europe/Lisbon" }).success).toBe(true);
  });

  it("accepts an ISO date_time with Z or an offset", () => {
    for (const dateTime of ["2026-03-11T12:00:00.000Z", "2026-03-11T12:00:00+05:30", "2026-03-11T12:00-03:00"]) {
      expect(ZStartDateSchema.safeParse({ date_time: dateTime, time_zone: "UTC" }).success, dateTime).toBe(true);
    }
  });

  it("refuses a date that is not on the calendar, naming the field", () => {
    const issues = issuesOf(ZStartDateSchema.safeParse({ date: "2026-02-30", time_zone: "UTC" }));
    expect(issues).toEqual([
      { path: "date", message: "start_date.date must be a real calendar date in YYYY-MM-DD form" },
    ]);
  });

  it("accepts 29 February in a leap year only", () => {
    expect(ZStartDateSchema.safeParse({ date: "2028-02-29", time_zone: "UTC" }).success).toBe(true);
    expect(ZStartDateSchema.safeParse({ date: "2027-02-29", time_zone: "UTC" }).success).toBe(false);
  });

  it("refuses malformed date_times", () => {
    for (const dateTime of ["2026-03-11 12:00", "2026-03-11T24:00", "2026-03-11T12:60", "2026-02-30T10:00", "2026-03-11T12", "2026-03-11T12:00+25:00"]) {
      const issues = issuesOf(ZStartDateSchema.safeParse({ date_time: dateTime, time_zone: "UTC" }));
      expect(issues[0]?.path, dateTime).toBe("date_time");
      expect(issues[0]?.message).toMatch(/^start_date\.date_time must be/);
    }
  });

  it("refuses an unknown or offset-style time zone, naming the field", () => {
    for (const timeZone of ["Mars/Olympus_Mons", "+05:00", "", "Europe/"]) {
      const issues = issuesOf(ZStartDateSchema.safeParse({ date: "2026-03-11", time_zone: timeZone }));
      expect(issues, timeZone).toEqual([
        { path: "time_zone", message: "start_date.time_zone must be an IANA time zone such as Europe/Lisbon" },
      ]);
    }
  });

  it("stores a case variant or a link of a known zone under its canonical name", () => {
    const cases = [
      ["europe/LISBON", "Europe/Lisbon"],
      ["US/Pacific", "America/Los_Angeles"],
      ["Etc/UTC", "UTC"],
      ["America/Argentina/Buenos_Aires", "America/Buenos_Aires"],
    ] as const;
    for (const [timeZone, canonical] of cases) {
      expect(canonicalTimeZone(timeZone)).toBe(canonical);
      expect(ZStartDateSchema.parse({ date: "2026-03-11", time_zone: timeZone }), timeZone).toEqual({ date: "2026-03-11", time_zone: canonical });
    }
  });

  it("requires the time zone", () => {
    const issues = issuesOf(ZStartDateSchema.safeParse({ date: "2026-03-11" }));
    expect(issues).toEqual([
      { path: "time_zone", message: "start_date.time_zone is required: an IANA time zone such as Europe/Lisbon" },
    ]);
  });

  it("knows UTC and legacy aliases browsers still report", () => {
    expect(isIanaTimeZone("UTC")).toBe(true);
    expect(isIanaTimeZone("Asia/Calcutta")).toBe(true);
    expect(isIanaTimeZone("America/Argentina/Buenos_Aires")).toBe(true);
  });

  it("refuses both date and date_time", () => {
    const issues = issuesOf(
      ZStartDateSchema.safeParse({ date: "2026-03-11", date_time: "2026-03-11T12:00", time_zone: "UTC" }),
    );
    expect(issues).toEqual([
      { path: "", message: "start_date must have either date (all-day) or date_time (timed), not both" },
    ]);
  });

  it("refuses neither date nor date_time", () => {
    const issues = issuesOf(ZStartDateSchema.safeParse({ time_zone: "UTC" }));
    expect(issues).toEqual([{ path: "", message: "start_date needs date (all-day) or date_time (timed)" }]);
  });
});

describe("eventDateToEpochMs", () => {
  it("reads a local date_time in its time zone, daylight saving included", () => {
    expect(eventDateToEpochMs({ date_time: "2026-01-15T12:00", time_zone: "Europe/Lisbon" })).toBe(
      Date.parse("2026-01-15T12:00:00Z"),
    );
    expect(eventDateToEpochMs({ date_time: "2026-07-15T12:00", time_zone: "Europe/Lisbon" })).toBe(
      Date.parse("2026-07-15T11:00:00Z"),
    );
    expect(eventDateToEpochMs({ date_time: "2026-03-11T12:00", time_zone: "America/New_York" })).toBe(
      Date.parse("2026-03-11T16:00:00Z"),
    );
  });

  it("takes an ISO date_time's own offset over its time zone", () => {
    expect(eventDateToEpochMs({ date_time: "2026-03-11T12:00:00+05:30", time_zone: "America/New_York" })).toBe(
      Date.parse("2026-03-11T06:30:00Z"),
    );
  });

  it("puts an all-day date at midnight in its time zone", () => {
    expect(eventDateToEpochMs({ date: "2026-03-11", time_zone: "Asia/Tokyo" })).toBe(Date.parse("2026-03-10T15:00:00Z"));
  });

  it("reads a wall-clock time skipped by a daylight-saving jump with the offset before the jump", () => {
    // Lisbon jumps from 01:00 to 02:00 on 29 March 2026; 01:30 does not exist there: 02:30 WEST.
    expect(eventDateToEpochMs({ date_time: "2026-03-29T01:30", time_zone: "Europe/Lisbon" })).toBe(
      Date.parse("2026-03-29T01:30:00Z"),
    );
    // Los Angeles jumps from 02:00 to 03:00 on 8 March 2026: 02:30 is read as PST, i.e. 03:30 PDT.
    expect(eventDateToEpochMs({ date_time: "2026-03-08T02:30", time_zone: "America/Los_Angeles" })).toBe(
      Date.parse("2026-03-08T10:30:00Z"),
    );
    // Sydney jumps from 02:00 to 03:00 on 4 October 2026 (southern spring): 02:30 is 03:30 AEDT.
    expect(eventDateToEpochMs({ date_time: "2026-10-04T02:30", time_zone: "Australia/Sydney" })).toBe(
      Date.parse("2026-10-03T16:30:00Z"),
    );
  });

  it("reads a wall-clock time the clocks show twice as the first of the two", () => {
    // Los Angeles falls back from 02:00 PDT to 01:00 PST on 1 November 2026: 01:30 PDT comes first.
    expect(eventDateToEpochMs({ date_time: "2026-11-01T01:30", time_zone: "America/Los_Angeles" })).toBe(
      Date.parse("2026-11-01T08:30:00Z"),
    );
    // Lisbon falls back from 02:00 WEST to 01:00 WET on 25 October 2026: 01:30 WEST comes first.
    expect(eventDateToEpochMs({ date_time: "2026-10-25T01:30", time_zone: "Europe/Lisbon" })).toBe(
      Date.parse("2026-10-25T00:30:00Z"),
    );
  });
});

describe("start and end of a new event request", () => {
  it("allows an all-day event that ends on the day it starts", () => {
    const day = { date: "2026-03-11", time_zone: "Europe/Lisbon" };
    const parsed = ZCreateEventRequestBodySchema.parse(body(day, day));
    expect(parsed.end_date).toEqual(day);
    expect(parsed.importance_level).toBe(1);
    expect(parsed.approvers).toEqual([]);
  });

  it("rejects an all-day end before the start, on end_date", () => {
    const issues = issuesOf(
      ZCreateEventRequestBodySchema.safeParse(
        body({ date: "2026-03-11", time_zone: "UTC" }, { date: "2026-03-10", time_zone: "UTC" }),
      ),
    );
    expect(issues).toEqual([{ path: "end_date", message: END_BEFORE_START_MESSAGE }]);
  });

  it("rejects a timed end before the start, on end_date", () => {
    const issues = issuesOf(
      ZCreateEventRequestBodySchema.safeParse(
        body(
          { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" },
          { date_time: "2026-03-11T11:45", time_zone: "Europe/Lisbon" },
        ),
      ),
    );
    expect(issues).toEqual([{ path: "end_date", message: "end_date must not be before start_date" }]);
  });

  it("compares timed values as instants, so zones may differ", () => {
    // 12:00 in Lisbon (winter, UTC) ends at 08:30 in New York (UTC-4 in March after the switch) = 12:30 UTC.
    const result = ZCreateEventRequestBodySchema.safeParse(
      body(
        { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" },
        { date_time: "2026-03-11T08:30", time_zone: "America/New_York" },
      ),
    );
    expect(result.success).toBe(true);
  });

  it("rejects an all-day start with a timed end, with a clear message", () => {
    const issues = issuesOf(
      ZCreateEventRequestBodySchema.safeParse(
        body({ date: "2026-03-11", time_zone: "UTC" }, { date_time: "2026-03-11T12:00", time_zone: "UTC" }),
      ),
    );
    expect(issues).toEqual([{ path: "end_date", message: MIXED_EVENT_DATES_MESSAGE }]);
  });

  it("reports malformed timed values as field issues instead of throwing", () => {
    const issues = issuesOf(
      ZCreateEventRequestBodySchema.safeParse(
        body(
          { date_time: "2026-03-11T12:00", time_zone: "Nowhere/Land" },
          { date_time: "2026-03-11T25:00", time_zone: "UTC" },
        ),
      ),
    );
    expect(issues.map((issue) => issue.path)).toEqual(["start_date.time_zone", "end_date.date_time"]);
  });

  it("names the nested field of a bad date", () => {
    const issues = issuesOf(
      ZCreateEventRequestBodySchema.safeParse(
        body({ date: "2026-03-11", time_zone: "UTC" }, { date: "2026-13-01", time_zone: "UTC" }),
      ),
    );
    expect(issues).toEqual([
      { path: "end_date.date", message: "end_date.date must be a real calendar date in YYYY-MM-DD form" },
    ]);
  });

  it("refuses the same approver twice, at the second entry", () => {
    const day = { date: "2026-03-11", time_zone: "UTC" };
    const issues = issuesOf(
      ZCreateEventRequestBodySchema.safeParse({
        ...body(day, day),
        approvers: [{ user_id: "u1", required: true }, { user_id: "u1" }],
      }),
    );
    expect(issues).toEqual([{ path: "approvers.1.user_id", message: "names user u1 a second time" }]);
  });
});

describe("an event request PATCH", () => {
  it("checks the range when both dates change", () => {
    const issues = issuesOf(
      ZUpdateEventRequestBodySchema.safeParse({
        start_date: { date: "2026-03-11", time_zone: "UTC" },
        end_date: { date: "2026-03-01", time_zone: "UTC" },
      }),
    );
    expect(issues).toEqual([{ path: "end_date", message: END_BEFORE_START_MESSAGE }]);
  });

  it("refuses approvers and other unknown keys instead of dropping them", () => {
    const issues = issuesOf(ZUpdateEventRequestBodySchema.safeParse({ title: "x", approvers: [] }));
    expect(issues[0]?.message).toMatch(/approvers/);
  });

  it("refuses an empty change", () => {
    const issues = issuesOf(ZUpdateEventRequestBodySchema.safeParse({}));
    expect(issues).toEqual([{ path: "", message: "Nothing to update: send at least one field to change" }]);
  });
});
