import { describe, expect, it } from "vitest";
import { ZSmartParseResultSchema } from "@amia/contracts";
import { parseSchedule, referenceFrom, toSmartParseResult } from "./schedule-parser.ts";

// Fixed "now": Tuesday 10 March 2026, 09:30 in Lisbon.
const TZ = "Europe/Lisbon";
const ref = referenceFrom("2026-03-10T09:30", TZ);
const timed = (start: string, end: string) => ({ start_date: { date_time: start, time_zone: TZ }, end_date: { date_time: end, time_zone: TZ } });
const allDay = (start: string, end = start) => ({ start_date: { date: start, time_zone: TZ }, end_date: { date: end, time_zone: TZ } });

// A timed event without an end lasts a default by kind (a meal or a meeting an hour, a call,
// coffee or sync half an hour, anything else an hour): docs/decisions.md "Smart-fill parser".
const CASES: Array<[string, Record<string, unknown>]> = [
  // Relative days and times.
  ["Lunch with Sarah tomorrow at noon at Joe's Pizza", { title: "Lunch with Sarah", location: "Joe's Pizza", ...timed("2026-03-11T12:00", "2026-03-11T13:00") }],
  ["Team sync tomorrow at 9am", { title: "Team sync", ...timed("2026-03-11T09:00", "2026-03-11T09:30") }],
  ["Call mom today at 6pm", { title: "Call mom", ...timed("2026-03-10T18:00", "2026-03-10T18:30") }],
  ["Dinner tonight at 8", { title: "Dinner", ...timed("2026-03-10T20:00", "2026-03-10T21:00") }],
  ["Stand-up in 2 hours", { title: "Stand-up", ...timed("2026-03-10T11:30", "2026-03-10T12:00") }],
  ["Coffee in 30 minutes", { title: "Coffee", ...timed("2026-03-10T10:00", "2026-03-10T10:30") }],
  ["Review in 3 days at 10am", { title: "Review", ...timed("2026-03-13T10:00", "2026-03-13T11:00") }],
  // Weekdays.
  ["Planning next Monday 10am", { title: "Planning", ...timed("2026-03-16T10:00", "2026-03-16T11:00") }],
  ["Dentist on Friday at 3pm", { title: "Dentist", ...timed("2026-03-13T15:00", "2026-03-13T16:00") }],
  ["Drinks this Friday 6pm at The Old Pub", { title: "Drinks", location: "The Old Pub", ...timed("2026-03-13T18:00", "2026-03-13T19:00") }],
  ["Yoga Thursday 7:30am", { title: "Yoga", ...timed("2026-03-12T07:30", "2026-03-12T08:30") }],
  ["Brunch on Sunday at 11", { title: "Brunch", ...timed("2026-03-15T11:00", "2026-03-15T12:00") }],
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
  ["Haircut 3/15 at 5pm", { title: "Haircut", ...timed("2026-03-15T17:00", "2026-03-15T18:00") }],
  ["Board meeting on April 3rd at 14:00 at HQ", { title: "Board meeting", location: "HQ", ...timed("2026-04-03T14:00", "2026-04-03T15:00") }],
  // 08:15 has passed today (09:30), so the next one.
  ["Breakfast at 8:15am @ Café Central", { title: "Breakfast", location: "Café Central", ...timed("2026-03-11T08:15", "2026-03-11T09:15") }],
  ["Please schedule a doctor appointment tomorrow at 10am", { title: "Doctor appointment", ...timed("2026-03-11T10:00", "2026-03-11T11:00") }],
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

describe("what the chat's proposal card reads (now: Tue 10 Mar 2026 09:30, Europe/Lisbon)", () => {
  it("says how long and why: a default by kind, as written, or from a range", () => {
    expect(parseSchedule("Lunch with Bruno on Friday at 1pm", ref)).toMatchObject({ duration_minutes: 60, duration_source: "default", duration_reason: "default for a meal" });
    expect(parseSchedule("Coffee tomorrow at 4pm", ref)).toMatchObject({ duration_minutes: 30, duration_source: "default", duration_reason: "default for a coffee" });
    expect(parseSchedule("Call Ana at 4pm for 45 minutes", ref)).toMatchObject({ duration_minutes: 45, duration_source: "explicit" });
    expect(parseSchedule("Workshop 2-5pm tomorrow", ref)).toMatchObject({ duration_minutes: 180, duration_source: "range" });
    const allDay = parseSchedule("Day off tomorrow", ref);
    expect(allDay.duration_minutes).toBeUndefined();
    expect(allDay.duration_source).toBeUndefined();
  });

  it("names the people after \"with\", keeping them in the title", () => {
    expect(parseSchedule("Lunch with Bruno tomorrow at 1pm", ref)).toMatchObject({ title: "Lunch with Bruno", people: ["Bruno"] });
    expect(parseSchedule("Dinner with Bruno and Carla on Friday", ref).people).toEqual(["Bruno", "Carla"]);
    expect(parseSchedule("Coffee with Ana Silva at 3pm", ref).people).toEqual(["Ana Silva"]);
    expect(parseSchedule("Meeting with the team at 3pm", ref).people).toEqual([]);
    expect(parseSchedule("Lunch with bruno at 1pm", ref).people).toEqual([]);
  });

  it("says what it could not read, on which field, and fills no dates then", () => {
    const parsed = parseSchedule("Meeting on 31 February at 25:00", ref);
    expect(toSmartParseResult(parsed)).toEqual({
      title: "Meeting",
      problems: [
        { field: "start_date", text: "31 February", message: "31 February is not a date" },
        { field: "start_date", text: "25:00", message: "25:00 is not a time" },
      ],
    });
    expect(parsed.hasWhen).toBe(false);
    expect(parseSchedule("Meeting tomorrow from 9:00 to 9:75", ref).problems).toEqual([{ field: "end_date", text: "9:75", message: "9:75 is not a time" }]);
  });

  it("returns nothing its contract refuses: a year past 9999, an end before its start", () => {
    const far = parseSchedule("Launch party in 8000 years", ref);
    expect(far).toMatchObject({ title: "Launch party", hasWhen: false, problems: [{ field: "start_date", message: "That date is too far away (after the year 9999)" }] });
    expect(far.start_date).toBeUndefined();
    const backwards = toSmartParseResult(parseSchedule("Trip April 5 to April 3", ref));
    expect(backwards).toEqual({ title: "Trip", problems: [{ field: "start_date", text: "April 5 to April 3", message: "The end is before the start" }] });
    expect(ZSmartParseResultSchema.safeParse(backwards).success).toBe(true);
  });

  it("reads the night the clocks change like any other (wall clocks, not instants)", () => {
    const parsed = parseSchedule("Dinner on Sunday at 8", referenceFrom("2026-03-28T23:30", "Europe/Lisbon"));
    expect(parsed.start_date).toEqual({ date_time: "2026-03-29T20:00", time_zone: "Europe/Lisbon" });
  });
});
