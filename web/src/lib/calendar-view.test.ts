import { describe, expect, it } from "vitest";
import type { TCalendarEvent } from "@amia/contracts";
import {
  addMonths,
  agendaDays,
  calendarItems,
  calendarPath,
  dayAfterKey,
  itemsOnDay,
  layoutDay,
  parseCalendarLocation,
  rangeOfDays,
  shiftLocation,
  startOfWeek,
  visibleDays,
  type CalendarItem,
} from "./calendar-view.ts";

const google = (id: string, fields: Partial<TCalendarEvent> & { from?: string; to?: string; day?: string; untilDay?: string } = {}): TCalendarEvent => ({
  id,
  title: fields.title ?? id,
  description: null,
  location: fields.location ?? null,
  start: fields.day ? { is_all_day: true, date: fields.day, date_time: null, time_zone: null } : { is_all_day: false, date: null, date_time: fields.from ?? "2026-11-24T09:00:00Z", time_zone: "UTC" },
  end: fields.day ? { is_all_day: true, date: fields.untilDay ?? fields.day, date_time: null, time_zone: null } : { is_all_day: false, date: null, date_time: fields.to ?? "2026-11-24T10:00:00Z", time_zone: "UTC" },
  html_link: fields.html_link ?? `https://calendar.google.com/event?eid=${id}`,
  event_request_id: fields.event_request_id ?? null,
});

const request = (id: string, status: "pending" | "approved" | "rejected", fields: { from?: string; to?: string; zone?: string; google_event_id?: string | null; allDay?: [string, string] } = {}) => ({
  id,
  title: `Request ${id}`,
  location: "Café",
  status,
  google_event_id: fields.google_event_id ?? null,
  start_date: fields.allDay ? { date: fields.allDay[0], time_zone: "UTC" } : { date_time: fields.from ?? "2026-11-25T14:00", time_zone: fields.zone ?? "Europe/Lisbon" },
  end_date: fields.allDay ? { date: fields.allDay[1], time_zone: "UTC" } : { date_time: fields.to ?? "2026-11-25T15:00", time_zone: fields.zone ?? "Europe/Lisbon" },
});

describe("where the calendar is (URL)", () => {
  it("reads view and date from the URL, falling back to this week for anything unreadable", () => {
    expect(parseCalendarLocation(new URLSearchParams("view=month&date=2026-02-14"), "2026-11-23")).toEqual({ view: "month", date: "2026-02-14" });
    expect(parseCalendarLocation(new URLSearchParams("view=year&date=2026-02-30"), "2026-11-23")).toEqual({ view: "week", date: "2026-11-23" });
    expect(parseCalendarLocation(new URLSearchParams(""), "2026-11-23")).toEqual({ view: "week", date: "2026-11-23" });
    expect(calendarPath({ view: "week", date: "2026-11-23" })).toBe("/calendar?view=week&date=2026-11-23");
  });
});

describe("the days a view shows (weeks start on Monday)", () => {
  it("a week is Monday to Sunday around the focused day", () => {
    expect(startOfWeek("2026-11-29")).toBe("2026-11-23"); // a Sunday belongs to the week before
    expect(startOfWeek("2026-11-23")).toBe("2026-11-23");
    expect(visibleDays({ view: "week", date: "2026-11-26" })).toEqual(["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]);
    // Across a year's end.
    expect(visibleDays({ view: "week", date: "2027-01-01" })[0]).toBe("2026-12-28");
  });

  it("a month is every whole week touching it: November 2026 is 30 Oct … 6 Dec (6 rows); February 2027 fits 4 rows", () => {
    const november = visibleDays({ view: "month", date: "2026-11-23" });
    expect(november[0]).toBe("2026-10-26");
    expect(november.at(-1)).toBe("2026-12-06");
    expect(november).toHaveLength(42);
    const february = visibleDays({ view: "month", date: "2027-02-10" });
    expect([february[0], february.at(-1), february.length]).toEqual(["2027-02-01", "2027-02-28", 28]);
  });

  it("prev/next move a week or a month (kept in a shorter month); keys move by a day or a week", () => {
    expect(shiftLocation({ view: "week", date: "2026-11-23" }, 1)).toEqual({ view: "week", date: "2026-11-30" });
    expect(shiftLocation({ view: "month", date: "2027-01-31" }, 1)).toEqual({ view: "month", date: "2027-02-28" });
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-01-15", -1)).toBe("2025-12-15");
    const here = { view: "week" as const, date: "2026-11-29" };
    expect(dayAfterKey("ArrowRight", here, "2026-11-23")).toEqual({ view: "week", date: "2026-11-30" });
    expect(dayAfterKey("ArrowUp", here, "2026-11-23")).toEqual({ view: "week", date: "2026-11-22" });
    expect(dayAfterKey("PageUp", here, "2026-11-23")).toEqual({ view: "week", date: "2026-11-22" });
    expect(dayAfterKey("Home", here, "2026-11-23")).toEqual({ view: "week", date: "2026-11-23" });
    expect(dayAfterKey("a", here, "2026-11-23")).toBeNull();
  });

  it("asks for the shown days from midnight to midnight on the viewer's clocks, a DST week being an hour shorter", () => {
    expect(rangeOfDays(visibleDays({ view: "week", date: "2026-11-23" }), "Europe/Lisbon")).toEqual({ timeMin: "2026-11-23T00:00:00.000Z", timeMax: "2026-11-30T00:00:00.000Z" });
    expect(rangeOfDays(visibleDays({ view: "week", date: "2026-11-23" }), "America/New_York")).toEqual({ timeMin: "2026-11-23T05:00:00.000Z", timeMax: "2026-11-30T05:00:00.000Z" });
    // Lisbon moves its clocks forward on Sunday 29 March 2026: the week lasts 167 hours.
    const spring = rangeOfDays(visibleDays({ view: "week", date: "2026-03-25" }), "Europe/Lisbon");
    expect(spring).toEqual({ timeMin: "2026-03-23T00:00:00.000Z", timeMax: "2026-03-29T23:00:00.000Z" });
    // A month view stays within the API's 62 days.
    const month = rangeOfDays(visibleDays({ view: "month", date: "2026-11-23" }), "Pacific/Auckland");
    expect(Date.parse(month.timeMax) - Date.parse(month.timeMin)).toBeLessThanOrEqual(62 * 86_400_000);
  });
});

describe("items from Google and from the user's requests", () => {
  it("shows an approved request's Google event once, as the request, with Google's link; pending is tentative, rejected left out", () => {
    const items = calendarItems(
      [
        google("g-approved", { event_request_id: "r-approved", from: "2026-11-25T14:00:00Z", to: "2026-11-25T15:00:00Z" }),
        google("g-by-stored-id", { from: "2026-11-26T10:00:00Z", to: "2026-11-26T11:00:00Z" }),
        google("g-own", { title: "Dentist", from: "2026-11-24T09:00:00Z", to: "2026-11-24T10:00:00Z" }),
      ],
      [
        request("r-approved", "approved"),
        request("r-stored", "approved", { from: "2026-11-26T10:00", to: "2026-11-26T11:00", google_event_id: "g-by-stored-id" }),
        request("r-pending", "pending", { from: "2026-11-27T09:00", to: "2026-11-27T10:00" }),
        request("r-rejected", "rejected"),
      ],
      "Europe/Lisbon",
    );
    expect(items.map((item) => [item.key, item.style])).toEqual([
      ["google:g-own", "confirmed"],
      ["request:r-approved", "confirmed"],
      ["request:r-stored", "confirmed"],
      ["request:r-pending", "tentative"],
    ]);
    expect(items[1]).toMatchObject({ eventRequestId: "r-approved", htmlLink: "https://calendar.google.com/event?eid=g-approved", location: "Café" });
    expect(items[0]).toMatchObject({ title: "Dentist", eventRequestId: null, google: expect.objectContaining({ id: "g-own" }) });
  });

  it("draws a repeating request on each of its days in the window, its Google instances as twins (issue 16)", () => {
    // Every weekday 09:00–09:30 in Lisbon from Wednesday 25 Nov; the week of 23–29 Nov is shown.
    const standup = { ...request("r-standup", "approved", { from: "2026-11-25T09:00", to: "2026-11-25T09:30" }), recurrence: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" };
    const week = { timeMin: "2026-11-23T00:00:00.000Z", timeMax: "2026-11-30T00:00:00.000Z" };
    const instances = ["2026-11-25", "2026-11-26", "2026-11-27"].map((day) => google(`g_${day}`, { event_request_id: "r-standup", from: `${day}T09:00:00Z`, to: `${day}T09:30:00Z` }));
    const items = calendarItems(instances, [standup], "Europe/Lisbon", week);
    expect(items.map((item) => [item.firstDay, item.source, item.eventRequestId])).toEqual([
      ["2026-11-25", "request", "r-standup"],
      ["2026-11-26", "request", "r-standup"],
      ["2026-11-27", "request", "r-standup"],
    ]);
    expect(new Set(items.map((item) => item.key)).size).toBe(3);
    // Without a window (and for a one-off) the first day only, as before.
    expect(calendarItems([], [standup], "Europe/Lisbon")).toHaveLength(1);
  });

  it("keeps a Google event from a request that is not in the list (it links to the request)", () => {
    const [item] = calendarItems([google("g1", { event_request_id: "r-elsewhere" })], [], "UTC");
    expect(item).toMatchObject({ source: "google", eventRequestId: "r-elsewhere" });
  });

  it("places items on the viewer's days: Google's all-day end is exclusive, ours inclusive; a late-evening UTC event is the next day in Auckland", () => {
    const items = calendarItems(
      [google("trip", { day: "2026-11-24", untilDay: "2026-11-26" }), google("late", { from: "2026-11-24T22:00:00Z", to: "2026-11-24T23:00:00Z" })],
      [request("offsite", "approved", { allDay: ["2026-11-27", "2026-11-28"] })],
      "Pacific/Auckland",
    );
    const byKey = Object.fromEntries(items.map((item) => [item.key, item]));
    expect([byKey["google:trip"]!.firstDay, byKey["google:trip"]!.lastDay]).toEqual(["2026-11-24", "2026-11-25"]);
    expect([byKey["request:offsite"]!.firstDay, byKey["request:offsite"]!.lastDay]).toEqual(["2026-11-27", "2026-11-28"]);
    expect([byKey["google:late"]!.firstDay, byKey["google:late"]!.lastDay]).toEqual(["2026-11-25", "2026-11-25"]);
    expect(itemsOnDay(items, "2026-11-25")).toMatchObject({ allDay: [{ key: "google:trip" }], timed: [{ key: "google:late" }] });
    expect(agendaDays(items, ["2026-11-23", "2026-11-24", "2026-11-25"]).map((entry) => [entry.day, entry.items.map((item) => item.key)])).toEqual([
      ["2026-11-24", ["google:trip"]],
      ["2026-11-25", ["google:trip", "google:late"]],
    ]);
  });
});

describe("a day's grid", () => {
  const timed = (key: string, from: string, to: string): CalendarItem =>
    calendarItems([google(key, { from, to })], [], "Europe/Lisbon")[0]!;

  it("puts overlapping items side by side and the rest full width", () => {
    const placed = layoutDay(
      [
        timed("a", "2026-11-24T09:00:00Z", "2026-11-24T10:30:00Z"),
        timed("b", "2026-11-24T09:30:00Z", "2026-11-24T10:00:00Z"),
        timed("c", "2026-11-24T10:00:00Z", "2026-11-24T11:00:00Z"),
        timed("d", "2026-11-24T13:00:00Z", "2026-11-24T14:00:00Z"),
      ],
      "2026-11-24",
      "Europe/Lisbon",
    );
    const byKey = Object.fromEntries(placed.map((entry) => [entry.item.key, [entry.startMinute, entry.endMinute, entry.column, entry.columns]]));
    expect(byKey).toEqual({
      "google:a": [540, 630, 0, 2],
      "google:b": [570, 600, 1, 2],
      // b has ended at 10:00: c takes its column, still beside a.
      "google:c": [600, 660, 1, 2],
      "google:d": [780, 840, 0, 1],
    });
  });

  it("cuts an item crossing midnight at each day's edge and gives a short one a readable height", () => {
    const overnight = timed("night", "2026-11-24T22:00:00Z", "2026-11-25T02:00:00Z");
    expect(layoutDay([overnight], "2026-11-24", "Europe/Lisbon")[0]).toMatchObject({ startMinute: 1320, endMinute: 1440 });
    expect(layoutDay([overnight], "2026-11-25", "Europe/Lisbon")[0]).toMatchObject({ startMinute: 0, endMinute: 120 });
    const short = timed("short", "2026-11-24T09:00:00Z", "2026-11-24T09:05:00Z");
    expect(layoutDay([short], "2026-11-24", "Europe/Lisbon")[0]).toMatchObject({ startMinute: 540, endMinute: 560 });
  });

  it("reads wall clocks on daylight-saving days (Lisbon 29 March, New York 1 November)", () => {
    // Before the change Lisbon is UTC+0, after it UTC+1: the same 09:00 on the wall is 09:00Z, then 08:00Z.
    const before = timed("before", "2026-03-28T09:00:00Z", "2026-03-28T10:00:00Z");
    const after = timed("after", "2026-03-30T08:00:00Z", "2026-03-30T09:00:00Z");
    expect(layoutDay([before], "2026-03-28", "Europe/Lisbon")[0]).toMatchObject({ startMinute: 540, endMinute: 600 });
    expect(layoutDay([after], "2026-03-30", "Europe/Lisbon")[0]).toMatchObject({ startMinute: 540, endMinute: 600 });
    // On the change day itself, 00:30–03:30 on the wall (01:00 does not exist) is 0:30Z–2:30Z.
    const across = timed("across", "2026-03-29T00:30:00Z", "2026-03-29T02:30:00Z");
    expect(layoutDay([across], "2026-03-29", "Europe/Lisbon")[0]).toMatchObject({ startMinute: 30, endMinute: 210 });
    // New York falls back on 1 November 2026: 01:30 happens twice; both land at 01:30 on the wall.
    const first = calendarItems([google("first", { from: "2026-11-01T05:30:00Z", to: "2026-11-01T06:00:00Z" })], [], "America/New_York")[0]!;
    const second = calendarItems([google("second", { from: "2026-11-01T06:30:00Z", to: "2026-11-01T07:00:00Z" })], [], "America/New_York")[0]!;
    const placed = layoutDay([first, second], "2026-11-01", "America/New_York");
    expect(Object.fromEntries(placed.map((entry) => [entry.item.key, [entry.startMinute, entry.columns]]))).toEqual({ "google:first": [90, 2], "google:second": [90, 2] });
  });
});
