import { eventDateToEpochMs, nextOccurrences, parseRecurrence, type TCalendarEvent, type TEventDate, type TEventRequest, zonedTimeToEpochMs } from "@amia/contracts";
import { addDaysToDate, MINUTES_PER_DAY, parseTime, wallClockAt } from "./wall-clock.ts";

/*
 * The /calendar page's date logic (issue 16 point 4), pure: which days a week or month view
 * shows, the instants to ask for, where the URL keeps the view, and how Google events and the
 * user's event requests become one list of items placed on days and hours, all on the viewer's
 * clocks (Settings' zone, else the browser's: lib/wall-clock.ts viewerTimeZone).
 *
 * Weeks start on Monday (ISO 8601), whatever the locale: one rule for every viewer, and the
 * working week reads left to right. Days are "YYYY-MM-DD" on the viewer's clocks; a day is
 * midnight to the next midnight there, so a daylight-saving day is 23 or 25 hours long, and
 * positions on the day grid are wall-clock minutes (what a clock on the wall would read).
 */

export const CALENDAR_VIEWS = ["week", "month"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** What the URL keeps: `/calendar?view=week&date=2026-11-23`. Query names are part of shared links. */
export interface CalendarLocation {
  view: CalendarView;
  /** The day in focus, on the viewer's clocks. */
  date: string;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar day "YYYY-MM-DD". */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The view and day a URL names; a missing or unreadable one falls back to the week of `today`. */
export function parseCalendarLocation(search: URLSearchParams, today: string): CalendarLocation {
  const view = search.get("view");
  const date = search.get("date") ?? "";
  return {
    view: (CALENDAR_VIEWS as readonly string[]).includes(view ?? "") ? (view as CalendarView) : "week",
    date: isCalendarDay(date) ? date : today,
  };
}

/** The query string for a location ("view=week&date=2026-11-23"). */
export function calendarSearch(location: CalendarLocation): string {
  return new URLSearchParams({ view: location.view, date: location.date }).toString();
}

/** The calendar at that day: `/calendar?view=week&date=…`. */
export function calendarPath(location: CalendarLocation): string {
  return `/calendar?${calendarSearch(location)}`;
}

/** Day of the week, 0 = Monday … 6 = Sunday. */
export function weekdayIndex(day: string): number {
  const match = DAY_PATTERN.exec(day);
  if (!match) return 0;
  const sundayFirst = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).getUTCDay();
  return (sundayFirst + 6) % 7;
}

/** The Monday of `day`'s week. */
export function startOfWeek(day: string): string {
  return addDaysToDate(day, -weekdayIndex(day));
}

const monthOfDay = (day: string): string => day.slice(0, 7);

/** `day` moved by whole months, kept in the month when it has fewer days (31 Jan + 1 month → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const match = DAY_PATTERN.exec(day);
  if (!match) return day;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1 + months, Number(match[3])];
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const moved = new Date(Date.UTC(year, month, Math.min(date, lastDay)));
  return moved.toISOString().slice(0, 10);
}

/**
 * The days a view shows, Monday first: the week of the focused day, or every week touching its
 * month (5 or 6 rows of 7).
 */
export function visibleDays(location: CalendarLocation): string[] {
  if (location.view === "week") {
    const monday = startOfWeek(location.date);
    return Array.from({ length: 7 }, (_, index) => addDaysToDate(monday, index));
  }
  const first = `${monthOfDay(location.date)}-01`;
  const last = addDaysToDate(addMonths(first, 1), -1);
  const days: string[] = [];
  for (let day = startOfWeek(first); day <= last || weekdayIndex(day) !== 0; day = addDaysToDate(day, 1)) days.push(day);
  return days;
}

/** Whether `day` lies in the month the location is about (month view greys the others). */
export function isInFocusedMonth(location: CalendarLocation, day: string): boolean {
  return monthOfDay(day) === monthOfDay(location.date);
}

/** Previous (-1) or next (+1) week or month; the focused day moves with it. */
export function shiftLocation(location: CalendarLocation, direction: -1 | 1): CalendarLocation {
  return { ...location, date: location.view === "week" ? addDaysToDate(location.date, 7 * direction) : addMonths(location.date, direction) };
}

/** The instant a day starts on `timeZone`'s clocks (the first instant of a day starting in a DST gap). */
export function startOfDayMs(day: string, timeZone: string): number {
  const match = DAY_PATTERN.exec(day);
  if (!match) return Number.NaN;
  return zonedTimeToEpochMs({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }, timeZone);
}

/** The instants to ask the calendar for: the first shown day's midnight to the midnight after the last. */
export function rangeOfDays(days: readonly string[], timeZone: string): { timeMin: string; timeMax: string } {
  const first = days[0] ?? "1970-01-01";
  const last = days.at(-1) ?? first;
  return { timeMin: new Date(startOfDayMs(first, timeZone)).toISOString(), timeMax: new Date(startOfDayMs(addDaysToDate(last, 1), timeZone)).toISOString() };
}

/** Keyboard moves on the day grid: arrows by a day or a week; PageUp/PageDown by a view; Home to today. */
export function dayAfterKey(key: string, location: CalendarLocation, today: string): CalendarLocation | null {
  const move = (days: number): CalendarLocation => ({ ...location, date: addDaysToDate(location.date, days) });
  switch (key) {
    case "ArrowLeft":
      return move(-1);
    case "ArrowRight":
      return move(1);
    case "ArrowUp":
      return move(-7);
    case "ArrowDown":
      return move(7);
    case "PageUp":
      return shiftLocation(location, -1);
    case "PageDown":
      return shiftLocation(location, 1);
    case "Home":
      return { ...location, date: today };
    default:
      return null;
  }
}

// ---- Items ----------------------------------------------------------------------------------

/** What an item is drawn as. `tentative`: a request still waiting for approval (dashed, labelled). */
export type CalendarItemStyle = "tentative" | "confirmed";

export interface CalendarItem {
  key: string;
  source: "google" | "request";
  title: string;
  style: CalendarItemStyle;
  isAllDay: boolean;
  /** Timed: the instants. All-day: the first day's midnight to the midnight after the last, on the viewer's clocks. */
  startMs: number;
  endMs: number;
  /** The first and last day it covers on the viewer's clocks (inclusive). */
  firstDay: string;
  lastDay: string;
  location: string | null;
  /** Our request's id: from a request, or a Google event that came from an approved one. */
  eventRequestId: string | null;
  /** Google's link to the event, when there is one. */
  htmlLink: string | null;
  /** The Google event, for the detail dialog (null for a request). */
  google: TCalendarEvent | null;
}

const untitled = (title: string | null | undefined): string => (title?.trim() ? title.trim() : "Untitled Event");

/** The last day a half-open span [startMs, endMs) touches on `timeZone`'s clocks. */
function lastDayOf(startMs: number, endMs: number, timeZone: string): string {
  return wallClockAt(Math.max(startMs, endMs - 1), timeZone).date;
}

/** All-day days as an item's span: Google's end day is exclusive, ours inclusive (`isEndInclusive`). */
function allDaySpan(firstDay: string, endDay: string, isEndInclusive: boolean, timeZone: string) {
  const lastDay = isEndInclusive ? endDay : addDaysToDate(endDay, -1);
  const safeLast = lastDay < firstDay ? firstDay : lastDay;
  return { isAllDay: true, firstDay, lastDay: safeLast, startMs: startOfDayMs(firstDay, timeZone), endMs: startOfDayMs(addDaysToDate(safeLast, 1), timeZone) };
}

function timedSpan(startMs: number, endMs: number, timeZone: string) {
  const end = Math.max(startMs, endMs);
  return { isAllDay: false, startMs, endMs: end, firstDay: wallClockAt(startMs, timeZone).date, lastDay: lastDayOf(startMs, end, timeZone) };
}

function googleSpan(event: TCalendarEvent, timeZone: string) {
  if (event.start.is_all_day || (event.start.date && !event.start.date_time)) {
    const first = event.start.date?.slice(0, 10);
    if (!first) return null;
    return allDaySpan(first, event.end.date?.slice(0, 10) ?? addDaysToDate(first, 1), false, timeZone);
  }
  const [start, end] = [Date.parse(event.start.date_time ?? ""), Date.parse(event.end.date_time ?? "")];
  if (Number.isNaN(start)) return null;
  return timedSpan(start, Number.isNaN(end) ? start : end, timeZone);
}

/** The first day a Google event covers on the viewer's clocks (the dashboard links to the calendar at it), or null. */
export function firstDayOfCalendarEvent(event: TCalendarEvent, timeZone: string): string | null {
  return googleSpan(event, timeZone)?.firstDay ?? null;
}

function epochOf(side: TEventDate): number {
  try {
    return eventDateToEpochMs(side);
  } catch {
    return Number.NaN;
  }
}

function requestSpan(request: Pick<TEventRequest, "start_date" | "end_date">, timeZone: string) {
  const { start_date: start, end_date: end } = request;
  if (start.date !== undefined) return allDaySpan(start.date.slice(0, 10), (end.date ?? start.date).slice(0, 10), true, timeZone);
  const [startMs, endMs] = [epochOf(start), epochOf(end)];
  if (Number.isNaN(startMs)) return null;
  return timedSpan(startMs, Number.isNaN(endMs) ? startMs : endMs, timeZone);
}

type RequestLike = Pick<TEventRequest, "id" | "title" | "location" | "status" | "start_date" | "end_date" | "google_event_id"> & Pick<Partial<TEventRequest>, "recurrence">;

/** At most this many occurrences of one series are drawn (a daily series in a month view needs 42). */
const MAX_OCCURRENCES = 400;

/**
 * A request's spans: one, or for a repeating request (issue 16) each occurrence that can touch
 * `window`, as the series repeats in the event's own zone (contracts' nextOccurrences), each as
 * long as the first. Without a window, only the first.
 */
function requestSpans(request: RequestLike, timeZone: string, window: { timeMin: string; timeMax: string } | undefined) {
  const first = requestSpan(request, timeZone);
  const rule = request.recurrence ? parseRecurrence(request.recurrence) : null;
  if (!first || !rule?.ok || !window) return first ? [first] : [];
  const lengthMs = first.endMs - first.startMs;
  const toMs = Date.parse(window.timeMax);
  // From a day before the window (an occurrence that starts before it may still run into it).
  const fromMs = Date.parse(window.timeMin) - Math.max(lengthMs, 86_400_000);
  let starts: number[];
  try {
    starts = nextOccurrences(rule.rule, request.start_date, { fromMs, limit: MAX_OCCURRENCES }).filter((startMs) => startMs < toMs);
  } catch {
    return [first];
  }
  return starts.map((startMs) => {
    if (!first.isAllDay) return timedSpan(startMs, startMs + lengthMs, timeZone);
    // All-day: the same number of days from the occurrence's day in the event's zone.
    const day = wallClockAt(startMs, request.start_date.time_zone).date;
    const days = Math.round((Date.parse(`${first.lastDay}T00:00:00Z`) - Date.parse(`${first.firstDay}T00:00:00Z`)) / 86_400_000);
    return allDaySpan(day, addDaysToDate(day, days), true, timeZone);
  });
}

/**
 * One list from both sources, in start order. Requests: pending ones as tentative, approved ones
 * solid; rejected ones are not on anyone's calendar and are left out. A Google event that came
 * from one of these requests (its `event_request_id`, from our iCalUID, or the request's stored
 * `google_event_id`) is the same event: it appears once, as the request (with Google's link).
 * A repeating request appears on each of its days in `window` (the instants the view asked for);
 * Google's instances of it are its twins too.
 */
export function calendarItems(googleEvents: readonly TCalendarEvent[], requests: readonly RequestLike[], timeZone: string, window?: { timeMin: string; timeMax: string }): CalendarItem[] {
  const shown = requests.filter((request) => request.status === "pending" || request.status === "approved");
  const byRequestId = new Map(shown.map((request) => [request.id, request]));
  const byGoogleId = new Map(shown.filter((request) => request.google_event_id).map((request) => [request.google_event_id!, request]));
  const linkOf = new Map<string, string | null>();
  const items: CalendarItem[] = [];

  for (const event of googleEvents) {
    const twin = (event.event_request_id ? byRequestId.get(event.event_request_id) : undefined) ?? byGoogleId.get(event.id);
    if (twin) {
      linkOf.set(twin.id, event.html_link);
      continue;
    }
    const span = googleSpan(event, timeZone);
    if (!span) continue;
    items.push({
      key: `google:${event.id}`,
      source: "google",
      title: untitled(event.title),
      style: "confirmed",
      ...span,
      location: event.location?.trim() || null,
      eventRequestId: event.event_request_id,
      htmlLink: event.html_link,
      google: event,
    });
  }
  for (const request of shown) {
    for (const span of requestSpans(request, timeZone, window)) {
      items.push({
        key: request.recurrence ? `request:${request.id}:${span.startMs}` : `request:${request.id}`,
        source: "request",
        title: untitled(request.title),
        style: request.status === "pending" ? "tentative" : "confirmed",
        ...span,
        location: request.location?.trim() || null,
        eventRequestId: request.id,
        htmlLink: linkOf.get(request.id) ?? null,
        google: null,
      });
    }
  }
  return items.sort((a, b) => a.startMs - b.startMs || Number(b.isAllDay) - Number(a.isAllDay) || a.title.localeCompare(b.title) || a.key.localeCompare(b.key));
}

/** The items that touch `day`, all-day ones (and timed ones spanning whole days) apart from the timed. */
export function itemsOnDay(items: readonly CalendarItem[], day: string): { allDay: CalendarItem[]; timed: CalendarItem[] } {
  const touching = items.filter((item) => item.firstDay <= day && day <= item.lastDay);
  return { allDay: touching.filter((item) => item.isAllDay), timed: touching.filter((item) => !item.isAllDay) };
}

/** A timed item placed on one day's grid: wall-clock minutes from that day's midnight, and its column among overlapping ones. */
export interface PlacedItem {
  item: CalendarItem;
  /** 0 … 1440. */
  startMinute: number;
  endMinute: number;
  column: number;
  /** How many columns its cluster of overlapping items needs (each takes 1/columns of the width). */
  columns: number;
}

/** The shortest height an item is drawn with, so a 5-minute item can still be read and clicked. */
export const MIN_ITEM_MINUTES = 20;

function minuteOnDay(instant: number, day: string, timeZone: string): number {
  const clock = wallClockAt(instant, timeZone);
  if (clock.date < day) return 0;
  if (clock.date > day) return MINUTES_PER_DAY;
  return parseTime(clock.time) ?? 0;
}

/**
 * Timed items of one day side by side where they overlap: each cluster of items that overlap
 * (directly or through one another) shares the width; an item takes the leftmost column free
 * when it starts. Overlap is judged on the drawn heights, so short items drawn taller do not cover one another.
 */
export function layoutDay(timed: readonly CalendarItem[], day: string, timeZone: string): PlacedItem[] {
  const placed = timed
    .map((item) => {
      const startMinute = minuteOnDay(item.startMs, day, timeZone);
      const endMinute = Math.max(minuteOnDay(item.endMs, day, timeZone), Math.min(startMinute + MIN_ITEM_MINUTES, MINUTES_PER_DAY));
      return { item, startMinute, endMinute, column: 0, columns: 1 };
    })
    .sort((a, b) => a.startMinute - b.startMinute || b.endMinute - a.endMinute || a.item.key.localeCompare(b.item.key));

  let cluster: PlacedItem[] = [];
  let clusterEnd = -1;
  const columnEnds: number[] = [];
  const close = () => {
    const columns = Math.max(1, ...cluster.map((entry) => entry.column + 1));
    for (const entry of cluster) entry.columns = columns;
    cluster = [];
    columnEnds.length = 0;
  };
  for (const entry of placed) {
    if (entry.startMinute >= clusterEnd && cluster.length > 0) close();
    let column = columnEnds.findIndex((end) => end <= entry.startMinute);
    if (column === -1) column = columnEnds.length;
    columnEnds[column] = entry.endMinute;
    entry.column = column;
    cluster.push(entry);
    clusterEnd = Math.max(clusterEnd, entry.endMinute);
  }
  if (cluster.length > 0) close();
  return placed;
}

/** The days of a range that have items, each with them (the phone's agenda list). */
export function agendaDays(items: readonly CalendarItem[], days: readonly string[]): Array<{ day: string; items: CalendarItem[] }> {
  return days
    .map((day) => {
      const { allDay, timed } = itemsOnDay(items, day);
      return { day, items: [...allDay, ...timed] };
    })
    .filter((entry) => entry.items.length > 0);
}
