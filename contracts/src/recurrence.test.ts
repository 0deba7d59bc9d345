import { describe, expect, it } from "vitest";
import {
  ZCreateEventRequestBodySchema,
  ZUpdateEventRequestBodySchema,
  describeRecurrence,
  describeRecurrenceText,
  formatRecurrence,
  lastEndMs,
  nextOccurrences,
  ordinal,
  parseRecurrence,
  recurrenceForGoogle,
  recurrenceRuleOf,
  recurrenceStartProblem,
  type TEventDate,
} from "./index.ts";

const lisbon = (dateTime: string): TEventDate => ({ date_time: dateTime, time_zone: "Europe/Lisbon" });
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);

function messageOf(text: string): string {
  const parsed = parseRecurrence(text);
  expect(parsed.ok, text).toBe(false);
  return parsed.ok ? "" : parsed.message;
}

describe("reading an RRULE (the subset)", () => {
  it("reads what the form makes and stores it canonical: prefix dropped, parts ordered, INTERVAL=1 left out", () => {
    const cases: [string, string][] = [
      ["FREQ=DAILY", "FREQ=DAILY"],
      ["RRULE:FREQ=WEEKLY;BYDAY=TU", "FREQ=WEEKLY;BYDAY=TU"],
      ["byday=we,mo;freq=weekly;interval=1", "FREQ=WEEKLY;BYDAY=MO,WE"],
      ["FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=10", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=10"],
      ["UNTIL=20261231;FREQ=MONTHLY;BYMONTHDAY=1", "FREQ=MONTHLY;BYMONTHDAY=1;UNTIL=20261231"],
      ["FREQ=YEARLY;INTERVAL=3", "FREQ=YEARLY;INTERVAL=3"],
      ["FREQ=WEEKLY;BYDAY=FR,MO,TU,WE,TH,MO", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"],
    ];
    for (const [input, canonical] of cases) {
      const parsed = parseRecurrence(input);
      expect(parsed.ok, input).toBe(true);
      if (parsed.ok) expect(formatRecurrence(parsed.rule), input).toBe(canonical);
    }
  });

  it("refuses anything outside the subset, saying what, starting with the field's name", () => {
    expect(messageOf("")).toMatch(/^recurrence must not be empty/);
    expect(messageOf("FREQ=HOURLY")).toBe("recurrence FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY (got HOURLY)");
    expect(messageOf("INTERVAL=2")).toMatch(/needs FREQ/);
    expect(messageOf("FREQ=WEEKLY;BYSETPOS=1")).toMatch(/BYSETPOS is not supported/);
    expect(messageOf("FREQ=MONTHLY;BYDAY=1MO")).toMatch(/BYDAY is supported with FREQ=WEEKLY only/);
    expect(messageOf("FREQ=WEEKLY;BYDAY=1MO")).toMatch(/BYDAY must list days/);
    expect(messageOf("FREQ=WEEKLY;BYMONTHDAY=3")).toMatch(/BYMONTHDAY is supported with FREQ=MONTHLY only/);
    expect(messageOf("FREQ=MONTHLY;BYMONTHDAY=32")).toMatch(/from 1 to 31/);
    expect(messageOf("FREQ=MONTHLY;BYMONTHDAY=1,15")).toMatch(/one day of the month/);
    expect(messageOf("FREQ=DAILY;INTERVAL=0")).toMatch(/INTERVAL must be a whole number from 1 to 99/);
    expect(messageOf("FREQ=DAILY;INTERVAL=100")).toMatch(/INTERVAL/);
    expect(messageOf("FREQ=DAILY;COUNT=0")).toMatch(/COUNT must be a whole number from 1 to 730/);
    expect(messageOf("FREQ=DAILY;COUNT=731")).toMatch(/COUNT/);
    expect(messageOf("FREQ=DAILY;COUNT=3;UNTIL=20261231")).toMatch(/COUNT or UNTIL, not both/);
    expect(messageOf("FREQ=DAILY;UNTIL=20261231T235959Z")).toMatch(/UNTIL must be a date YYYYMMDD/);
    expect(messageOf("FREQ=DAILY;UNTIL=20260230")).toMatch(/UNTIL must be a date/);
    expect(messageOf("FREQ=DAILY;FREQ=WEEKLY")).toMatch(/FREQ twice/);
    expect(messageOf("every tuesday")).toMatch(/must be RRULE parts/);
  });
});

describe("a rule and its start", () => {
  const monday10 = lisbon("2026-11-23T10:00");
  it("lets a weekly rule start only on one of its days (the start is the first occurrence)", () => {
    expect(recurrenceStartProblem(recurrenceRuleOf("FREQ=WEEKLY;BYDAY=MO,WE"), monday10)).toBeNull();
    expect(recurrenceStartProblem(recurrenceRuleOf("FREQ=WEEKLY;BYDAY=TU,TH"), monday10)).toBe(
      "recurrence repeats on Tuesday and Thursday, but the event starts on a Monday: start it on one of those days",
    );
    expect(recurrenceStartProblem(recurrenceRuleOf("FREQ=WEEKLY"), monday10)).toBeNull();
  });

  it("lets a monthly rule start only on its day, and UNTIL not before the start nor over 5 years on", () => {
    expect(recurrenceStartProblem(recurrenceRuleOf("FREQ=MONTHLY;BYMONTHDAY=23"), monday10)).toBeNull();
    expect(recurrenceStartProblem(recurrenceRuleOf("FREQ=MONTHLY;BYMONTHDAY=1"), monday10)).toMatch(/the 1st of the month, but the event starts on the 23rd/);
    expect(recurrenceStartProblem(recurrenceRuleOf("FREQ=DAILY;UNTIL=20261123"), monday10)).toBeNull();
    expect(recurrenceStartProblem(recurrenceRuleOf("FREQ=DAILY;UNTIL=20261122"), monday10)).toMatch(/before the event starts/);
    expect(recurrenceStartProblem(recurrenceRuleOf("FREQ=DAILY;UNTIL=20311123"), monday10)).toBeNull();
    expect(recurrenceStartProblem(recurrenceRuleOf("FREQ=DAILY;UNTIL=20311124"), monday10)).toMatch(/within 5 years/);
  });

  it("reads an instant with an offset on the event zone's clock: 23:30Z on Sunday is Monday in Tokyo", () => {
    const start: TEventDate = { date_time: "2026-11-22T23:30:00Z", time_zone: "Asia/Tokyo" };
    expect(recurrenceStartProblem(recurrenceRuleOf("FREQ=WEEKLY;BYDAY=MO"), start)).toBeNull();
    expect(describeRecurrence(recurrenceRuleOf("FREQ=WEEKLY;BYDAY=MO"), start)).toBe("Every Monday at 08:30");
  });
});

describe("request bodies carry recurrence", () => {
  const body = { title: "Standup", start_date: lisbon("2026-11-23T10:00"), end_date: lisbon("2026-11-23T10:15") };
  it("stores the canonical value, and null or nothing for a one-off", () => {
    expect(ZCreateEventRequestBodySchema.parse({ ...body, recurrence: "RRULE:byday=mo,tu,we,th,fr;freq=weekly" }).recurrence).toBe("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR");
    expect(ZCreateEventRequestBodySchema.parse({ ...body, recurrence: null }).recurrence).toBeNull();
    expect(ZCreateEventRequestBodySchema.parse(body).recurrence).toBeUndefined();
  });

  it("refuses a bad rule, or one that does not fit the start, on the path recurrence", () => {
    for (const recurrence of ["FREQ=SECONDLY", 42, "FREQ=WEEKLY;BYDAY=TU"]) {
      const result = ZCreateEventRequestBodySchema.safeParse({ ...body, recurrence });
      expect(result.success, String(recurrence)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["recurrence"]);
      expect(result.error?.issues[0]?.message).toMatch(/^recurrence /);
    }
  });

  it("lets an edit set or clear recurrence alone", () => {
    expect(ZUpdateEventRequestBodySchema.parse({ recurrence: "FREQ=DAILY;COUNT=5" })).toEqual({ recurrence: "FREQ=DAILY;COUNT=5" });
    expect(ZUpdateEventRequestBodySchema.parse({ recurrence: null })).toEqual({ recurrence: null });
    expect(ZUpdateEventRequestBodySchema.safeParse({ recurrence: "FREQ=DAILY;BYSECOND=1" }).success).toBe(false);
  });
});

describe("the rule in words", () => {
  const words = (rule: string, start: TEventDate) => describeRecurrence(recurrenceRuleOf(rule), start);
  it("says how often, at what time, and how it ends", () => {
    expect(words("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", lisbon("2026-11-23T10:00"))).toBe("Every weekday at 10:00");
    expect(words("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", lisbon("2026-11-24T09:30"))).toBe("Every 2 weeks on Tuesday at 09:30");
    expect(words("FREQ=MONTHLY;BYMONTHDAY=1", { date: "2026-12-01", time_zone: "Europe/Lisbon" })).toBe("Monthly on the 1st");
    expect(words("FREQ=MONTHLY", lisbon("2026-12-22T18:00"))).toBe("Monthly on the 22nd at 18:00");
    expect(words("FREQ=DAILY;COUNT=10", lisbon("2026-11-23T09:15"))).toBe("Every day at 09:15, 10 times");
    expect(words("FREQ=DAILY;INTERVAL=3;COUNT=1", lisbon("2026-11-23T09:15"))).toBe("Every 3 days at 09:15, once");
    expect(words("FREQ=WEEKLY;BYDAY=FR;UNTIL=20261225", lisbon("2026-11-27T17:00"))).toBe("Every Friday at 17:00, until 25 Dec 2026");
    expect(words("FREQ=WEEKLY;BYDAY=MO,WE", lisbon("2026-11-23T08:00"))).toBe("Every Monday and Wednesday at 08:00");
    expect(words("FREQ=WEEKLY;BYDAY=MO,WE,FR", lisbon("2026-11-23T08:00"))).toBe("Every Monday, Wednesday and Friday at 08:00");
    expect(words("FREQ=WEEKLY", lisbon("2026-11-26T08:00"))).toBe("Every Thursday at 08:00");
    expect(words("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR", lisbon("2026-11-23T08:00"))).toBe("Every 2 weeks on weekdays at 08:00");
    expect(words("FREQ=YEARLY", { date: "2026-12-25", time_zone: "UTC" })).toBe("Every year on 25 Dec");
    expect(words("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15", lisbon("2026-12-15T12:00"))).toBe("Every 3 months on the 15th at 12:00");
  });

  it("writes the 12-hour clock when asked, and names the zone when asked", () => {
    expect(describeRecurrence(recurrenceRuleOf("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), lisbon("2026-11-23T10:00"), { clock: "12h" })).toBe("Every weekday at 10:00 AM");
    expect(describeRecurrence(recurrenceRuleOf("FREQ=DAILY;COUNT=3"), lisbon("2026-11-23T00:05"), { clock: "12h", nameZone: true })).toBe("Every day at 12:05 AM (Europe/Lisbon), 3 times");
    expect(describeRecurrence(recurrenceRuleOf("FREQ=DAILY"), lisbon("2026-11-23T12:30"), { clock: "12h" })).toBe("Every day at 12:30 PM");
  });

  it("has the ordinals right", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual(["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "31st"]);
  });

  it("describes a stored value, or nothing for none", () => {
    expect(describeRecurrenceText(null, lisbon("2026-11-23T10:00"))).toBeNull();
    expect(describeRecurrenceText("FREQ=DAILY", lisbon("2026-11-23T10:00"))).toBe("Every day at 10:00");
  });
});

describe("occurrences", () => {
  it("repeats weekdays, skipping the weekend", () => {
    const days = nextOccurrences(recurrenceRuleOf("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), lisbon("2026-11-26T10:00"), { limit: 4 });
    expect(days.map(iso)).toEqual(["2026-11-26T10:00", "2026-11-27T10:00", "2026-11-30T10:00", "2026-12-01T10:00"]);
  });

  it("every other Tuesday counts weeks from the start's week", () => {
    const days = nextOccurrences(recurrenceRuleOf("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"), lisbon("2026-11-24T09:30"), { limit: 3 });
    expect(days.map(iso)).toEqual(["2026-11-24T09:30", "2026-12-08T09:30", "2026-12-22T09:30"]);
  });

  it("keeps the wall-clock time across daylight saving (Lisbon, 25 Oct 2026): the UTC instant moves", () => {
    const days = nextOccurrences(recurrenceRuleOf("FREQ=WEEKLY;BYDAY=MO"), lisbon("2026-10-19T10:00"), { limit: 2 });
    expect(days.map(iso)).toEqual(["2026-10-19T09:00", "2026-10-26T10:00"]);
  });

  it("keeps it across the spring change in New York too (8 Mar 2026), for a daily event", () => {
    const start: TEventDate = { date_time: "2026-03-07T09:00", time_zone: "America/New_York" };
    expect(nextOccurrences(recurrenceRuleOf("FREQ=DAILY"), start, { limit: 2 }).map(iso)).toEqual(["2026-03-07T14:00", "2026-03-08T13:00"]);
  });

  it("reads a time the clocks skip as the clocks read it: 02:30 on the spring-forward day is 03:30", () => {
    const start: TEventDate = { date_time: "2026-03-07T02:30", time_zone: "America/New_York" };
    const [, skipped] = nextOccurrences(recurrenceRuleOf("FREQ=DAILY"), start, { limit: 2 });
    expect(iso(skipped!)).toBe("2026-03-08T07:30"); // 03:30 EDT
  });

  it("skips months without the day, and ends at COUNT or on the UNTIL day (inclusive)", () => {
    const monthly = nextOccurrences(recurrenceRuleOf("FREQ=MONTHLY;COUNT=3"), lisbon("2027-01-31T12:00"), { limit: 10 });
    expect(monthly.map(iso)).toEqual(["2027-01-31T12:00", "2027-03-31T11:00", "2027-05-31T11:00"]);
    const until = nextOccurrences(recurrenceRuleOf("FREQ=DAILY;UNTIL=20261125"), lisbon("2026-11-23T23:30"), { limit: 10 });
    expect(until.map(iso)).toEqual(["2026-11-23T23:30", "2026-11-24T23:30", "2026-11-25T23:30"]);
  });

  it("answers from a moment on, counting COUNT from the start", () => {
    const rule = recurrenceRuleOf("FREQ=DAILY;COUNT=3");
    const from = Date.parse("2026-11-24T12:00:00Z");
    expect(nextOccurrences(rule, lisbon("2026-11-23T10:00"), { fromMs: from, limit: 5 }).map(iso)).toEqual(["2026-11-25T10:00"]);
  });

  it("repeats all-day events by day, and a yearly 29 Feb only in leap years", () => {
    const leap = nextOccurrences(recurrenceRuleOf("FREQ=YEARLY"), { date: "2028-02-29", time_zone: "UTC" }, { limit: 2 });
    expect(leap.map(iso)).toEqual(["2028-02-29T00:00", "2032-02-29T00:00"]);
  });
});

describe("when an event ends for good", () => {
  it("is its end when it does not repeat; an all-day one's is the midnight after its last day in its zone", () => {
    expect(iso(lastEndMs(null, lisbon("2026-11-23T10:00"), lisbon("2026-11-23T11:30"))!)).toBe("2026-11-23T11:30");
    const tokyo = (date: string): TEventDate => ({ date, time_zone: "Asia/Tokyo" });
    expect(iso(lastEndMs(null, tokyo("2026-12-30"), tokyo("2026-12-31"))!)).toBe("2026-12-31T15:00"); // 1 Jan 00:00 in Tokyo
  });

  it("is the last occurrence's end when COUNT or UNTIL ends the series, on the zone's clock", () => {
    const weekly = recurrenceRuleOf("FREQ=WEEKLY;BYDAY=MO;COUNT=3");
    expect(iso(lastEndMs(weekly, lisbon("2026-10-12T10:00"), lisbon("2026-10-12T11:00"))!)).toBe("2026-10-26T11:00"); // after the October change
    const daily = recurrenceRuleOf("FREQ=DAILY;UNTIL=20270301");
    expect(iso(lastEndMs(daily, lisbon("2026-11-23T23:30"), lisbon("2026-11-24T00:15"))!)).toBe("2027-03-02T00:15");
  });

  it("is null for a series without end", () => {
    expect(lastEndMs(recurrenceRuleOf("FREQ=MONTHLY;BYMONTHDAY=1"), lisbon("2026-12-01T09:00"), lisbon("2026-12-01T09:30"))).toBeNull();
  });
});

describe("the rule for Google", () => {
  it("adds the RRULE: prefix and turns UNTIL into the end of that day in the event's zone, in UTC", () => {
    expect(recurrenceForGoogle(recurrenceRuleOf("FREQ=WEEKLY;BYDAY=TU"), lisbon("2026-11-24T09:30"))).toEqual(["RRULE:FREQ=WEEKLY;BYDAY=TU"]);
    expect(recurrenceForGoogle(recurrenceRuleOf("FREQ=DAILY;UNTIL=20261231"), lisbon("2026-11-24T09:30"))).toEqual(["RRULE:FREQ=DAILY;UNTIL=20261231T235959Z"]);
    const newYork: TEventDate = { date_time: "2026-11-24T09:30", time_zone: "America/New_York" };
    expect(recurrenceForGoogle(recurrenceRuleOf("FREQ=DAILY;UNTIL=20261231"), newYork)).toEqual(["RRULE:FREQ=DAILY;UNTIL=20270101T045959Z"]);
  });

  it("keeps UNTIL a date for an all-day event", () => {
    expect(recurrenceForGoogle(recurrenceRuleOf("FREQ=MONTHLY;BYMONTHDAY=1;UNTIL=20270601"), { date: "2026-12-01", time_zone: "Europe/Lisbon" })).toEqual([
      "RRULE:FREQ=MONTHLY;BYMONTHDAY=1;UNTIL=20270601",
    ]);
  });
});
