import { describe, expect, it } from "vitest";
import { ZSmartParseResultSchema } from "@amia/contracts";
import { parseSchedule, referenceFrom, toSmartParseResult } from "./schedule-parser.ts";

// Fixed "now": Tuesday 10 March 2026, 09:30 in Lisbon.
const TZ = "Europe/Lisbon";
const ref = referenceFrom("2026-03-10T09:30", TZ);
const timed = (start: string, end: string) => ({ start_date: { date_time: start, time_zone: TZ }, end_date: { date_time: end, time_zone: TZ } });
const allDay = (start: string, end = start) => ({ start_date: { date: start, time_zone: TZ }, end_date: { date: end, time_zone: TZ } });

const CASES: Array<[string, Record<string, unknown>]> = [
  // Relative days and times.
  ["Lunch with Sarah tomorrow at noon at Joe's Pizza", { title: "Lunch with Sarah", location: "Joe's Pizza", ...timed("2026-03-11T12:00", "2026-03-11T12:15") }],
  ["Team sync tomorrow at 9am", { title: "Team sync", ...timed("2026-03-11T09:00", "2026-03-11T09:15") }],
  ["Call mom today at 6pm", { title: "Call mom", ...timed("2026-03-10T18:00", "2026-03-10T18:15") }],
  ["Dinner tonight at 8", { title: "Dinner", ...timed("2026-03-10T20:00", "2026-03-10T20:15") }],
  ["Stand-up in 2 hours", { title: "Stand-up", ...timed("2026-03-10T11:30", "2026-03-10T11:45") }],
  ["Coffee in 30 minutes", { title: "Coffee", ...timed("2026-03-10T10:00", "2026-03-10T10:15") }],
  ["Review in 3 days at 10am", { title: "Review", ...timed("2026-03-13T10:00", "2026-03-13T10:15") }],
  // Weekdays.
  ["Planning next Monday 10am", { title: "Planning", ...timed("2026-03-16T10:00", "2026-03-16T10:15") }],
  ["Dentist on Friday at 3pm", { title: "Dentist", ...timed("2026-03-13T15:00", "2026-03-13T15:15") }],
  ["Drinks this Friday 6pm at The Old Pub", { title: "Drinks", location: "The Old Pub", ...timed("2026-03-13T18:00", "2026-03-13T18:15") }],
  ["Yoga Thursday 7:30am", { title: "Yoga", ...timed("2026-03-12T07:30", "2026-03-12T07:45") }],
  ["Brunch on Sunday at 11", { title: "Brunch", ...timed("2026-03-15T11:00", "2026-03-15T11:15") }],
  // Ranges.
  ["Holiday March 20 to March 27", { title: "Holiday", ...allDay("2026-03-20", "2026-03-27") }],
  ["Workshop 2-3pm tomorrow", { title: "Workshop", ...timed("2026-03-11T14:00", "2026-03-11T15:00") }],
  ["Offsite from 9 to 11am on Thursday", { title: "Offsite", ...timed("2026-03-12T09:00", "2026-03-12T11:00") }],
  ["Interview Mar 12 10:00-11:30", { title: "Interview", ...timed("2026-03-12T10:00", "2026-03-12T11:30") }],
  ["Conference April 2 - April 4 in Porto", { title: "Conference", location: "Porto", ...allDay("2026-04-02", "2026-04-04") }],
  // Durations.
  ["Call with Ana at 4:30pm for 30 minutes", { title: "Call with Ana", ...timed("2026-03-10T16:30", "2026-03-10T17:00") }],
  ["Gym tomorrow at 7am for 1 hour", { title: "Gym", ...timed("2026-03-11T07:00", "2026-03-11T08:00") }],
  ["Workshop Friday 2pm for 2 hours", { title: "Workshop", ...timed("2026-03-13T14:00", "2026-03-13T16:00") }],
  ["Chat tomorrow 3pm for half an hour", { title: "Chat", ...timed("2026-03-11T15:00", "2026-03-11T15:30") }],
  ["Run at 6pm for an hour", { title: "Run", ...timed("2026-03-10T18:00", "2026-03-10T19:00") }],
  ["Demo Monday at 1pm for 45 min", { title: "Demo", ...timed("2026-03-16T13:00", "2026-03-16T13:45") }],
  // All-day.
  ["Sarah's birthday on March 14", { title: "Sarah's birthday", ...allDay("2026-03-14") }],
  ["Day off tomorrow", { title: "Day off", ...allDay("2026-03-11") }],
  ["Moving day on Saturday", { title: "Moving day", ...allDay("2026-03-14") }],
  ["Trip next Monday", { title: "Trip", ...allDay("2026-03-16") }],
  ["Anniversary 2026-04-01", { title: "Anniversary", ...allDay("2026-04-01") }],
  // Explicit dates and times.
  ["Haircut 3/15 at 5pm", { title: "Haircut", ...timed("2026-03-15T17:00", "2026-03-15T17:15") }],
  ["Board meeting on April 3rd at 14:00 at HQ", { title: "Board meeting", location: "HQ", ...timed("2026-04-03T14:00", "2026-04-03T14:15") }],
  // 08:15 has passed today (09:30), so the next one.
  ["Breakfast at 8:15am @ Café Central", { title: "Breakfast", location: "Café Central", ...timed("2026-03-11T08:15", "2026-03-11T08:30") }],
  ["Please schedule a doctor appointment tomorrow at 10am", { title: "Doctor appointment", ...timed("2026-03-11T10:00", "2026-03-11T10:15") }],
  // Locations and nothing else.
  ["Book club at the Library", { title: "Book club", location: "the Library" }],
  ["Quarterly review", { title: "Quarterly review" }],
];

describe("the offline schedule parser (now: Tue 10 Mar 2026 09:30, Europe/Lisbon)", () => {
  it("has at least 30 phrasings", () => expect(CASES.length).toBeGreaterThanOrEqual(30));

  it.each(CASES)("%s", (description, expected) => {
    const result = toSmartParseResult(parseSchedule(description, ref));
    expect(result).toEqual(expected);
    expect(ZSmartParseResultSchema.safeParse(result).success).toBe(true);
  });

  it("reads an instant current_date in the zone and a bare day at 09:00", () => {
    expect(referenceFrom("2026-03-10T23:30:00Z", "Asia/Tokyo").now).toEqual({ year: 2026, month: 3, day: 11, hour: 8, minute: 30 });
    expect(referenceFrom("2026-03-10", TZ).now).toEqual({ year: 2026, month: 3, day: 10, hour: 9, minute: 0 });
  });

  it("says whether a date was found at all", () => {
    expect(parseSchedule("What can you do?", ref).hasWhen).toBe(false);
    expect(parseSchedule("Lunch tomorrow", ref).hasWhen).toBe(true);
  });
});
