import { eventDateToEpochMs, type TEventDate } from "@amia/contracts";

/*
 * When something happens, always with its time zone (issue 10: "start–end with time zone").
 * A timed range is shown on its own zone's clocks with the zone named; when the viewer's
 * browser is elsewhere and its clocks read differently, the viewer's own times go beside it:
 *
 *   "Fri, Nov 27, 2026, 13:00–14:00 Europe/Lisbon"  ·  "05:00–06:00 your time"
 *
 * All-day events are dates, which mean the same day everywhere: no zone, no local times.
 */

export interface ZonedWhen {
  /** On the event's clocks, its zone named. */
  when: string;
  /** On the viewer's clocks ("… your time"), or null when they read the same. */
  local: string | null;
}

const DAY = { weekday: "short", month: "short", day: "numeric", year: "numeric" } as const;
const TIME = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;

function formatIn(instant: number, options: Intl.DateTimeFormatOptions, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone }).format(instant);
  } catch {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(instant);
  }
}

/** "Fri, Nov 27, 2026, 13:00–14:00", or across days "Fri, Nov 27, 2026, 23:00 – Sat, Nov 28, 2026, 01:00". */
function rangeOnClocks(startMs: number, endMs: number, timeZone: string, withDate: boolean): string {
  const [startDay, endDay] = [formatIn(startMs, DAY, timeZone), formatIn(endMs, DAY, timeZone)];
  const [startTime, endTime] = [formatIn(startMs, TIME, timeZone), formatIn(endMs, TIME, timeZone)];
  if (startDay === endDay) return withDate ? `${startDay}, ${startTime}–${endTime}` : `${startTime}–${endTime}`;
  return `${startDay}, ${startTime} – ${endDay}, ${endTime}`;
}

/**
 * A timed range between two instants, named in `timeZone`, with the viewer's times beside it
 * when `viewerZone` is another zone whose clocks read differently. The viewer's side leaves
 * out the date when it is the same day as on the event's clocks.
 */
export function formatInstantRange(startMs: number, endMs: number, timeZone: string, viewerZone: string): ZonedWhen {
  const when = `${rangeOnClocks(startMs, endMs, timeZone, true)} ${timeZone}`;
  if (viewerZone === timeZone) return { when, local: null };
  const sameDays =
    formatIn(startMs, DAY, viewerZone) === formatIn(startMs, DAY, timeZone) &&
    formatIn(endMs, DAY, viewerZone) === formatIn(endMs, DAY, timeZone);
  const local = rangeOnClocks(startMs, endMs, viewerZone, !sameDays);
  const theirs = rangeOnClocks(startMs, endMs, timeZone, !sameDays);
  return { when, local: local === theirs ? null : `${local} your time` };
}

/** "Fri, Nov 27, 2026" from "2026-11-27" (a calendar date, the same everywhere). */
function calendarDay(date: string): string {
  const day = date.split("T")[0] ?? date;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? day : formatIn(ms, DAY, "UTC");
}

/**
 * An event's start and end (the contract's `{date | date_time, time_zone}`): all-day as dates
 * ("Sat, Nov 28 – Sun, Nov 29, 2026 (all day)"; the end date is inclusive), timed as
 * formatInstantRange on the start's zone.
 */
export function formatEventRange(start: TEventDate, end: TEventDate, viewerZone: string): ZonedWhen {
  if (start.date !== undefined) {
    const [first, last] = [calendarDay(start.date), end.date !== undefined ? calendarDay(end.date) : calendarDay(start.date)];
    return { when: first === last ? `${first} (all day)` : `${first} – ${last} (all day)`, local: null };
  }
  try {
    return formatInstantRange(eventDateToEpochMs(start), eventDateToEpochMs(end), start.time_zone, viewerZone);
  } catch {
    return { when: "", local: null }; // not a date the contract accepts: nothing sensible to show
  }
}

/** Both parts as one line ("… Europe/Lisbon · 05:00–06:00 your time"). */
export function zonedWhenText({ when, local }: ZonedWhen): string {
  return local ? `${when} · ${local}` : when;
}
