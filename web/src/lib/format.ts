import type { TEventDate } from "@amia/contracts";
import { parseDateTime } from "@amia/contracts";

/*
 * Display formats: money (SPEC.md section 9: 4 decimals on the AI usage tab, 3 in the chat
 * sidebar, "$-.----" while unknown) and dates, in English ("Mar 11, 2026", "2:05 PM").
 */

/** "$0.0123" with 3 or 4 decimals; an unknown cost is "$-.---" / "$-.----". */
export function formatCost(cost: number | null | undefined, decimals: 3 | 4): string {
  if (cost === null || cost === undefined || !Number.isFinite(cost)) return `$-.${"-".repeat(decimals)}`;
  return `$${cost.toFixed(decimals)}`;
}

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };
const TIME_OPTIONS: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit", hour12: true };

function format(instant: Date, options: Intl.DateTimeFormatOptions, timeZone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat("en-US", { ...options, ...(timeZone ? { timeZone } : {}) }).format(instant);
  } catch {
    return new Intl.DateTimeFormat("en-US", options).format(instant); // unknown zone: the browser's
  }
}

type Readable = { instant: Date; timeZone: string | undefined; hasTime: boolean };

/**
 * A value as an instant plus the zone to show it in. A calendar date or a local date-time is a
 * wall-clock value: it is shown as written (read as UTC and shown in UTC). An ISO value with Z
 * or an offset is an instant, shown in `timeZone` (default: the browser's).
 */
function readable(value: string | Date | null | undefined, timeZone?: string): Readable | null {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { instant: value, timeZone, hasTime: true };
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) {
    return { instant: new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))), timeZone: "UTC", hasTime: false };
  }
  const parsed = parseDateTime(value);
  if (parsed && parsed.offsetMinutes === null) {
    const ms = Date.UTC(parsed.year, parsed.month - 1, parsed.day, parsed.hour, parsed.minute, parsed.second);
    return { instant: new Date(ms), timeZone: "UTC", hasTime: true };
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : { instant: new Date(ms), timeZone, hasTime: true };
}

/** "Mar 11, 2026"; "" for a missing or unreadable value. */
export function formatShortDate(value: string | Date | null | undefined, timeZone?: string): string {
  const read = readable(value, timeZone);
  return read ? format(read.instant, DATE_OPTIONS, read.timeZone) : "";
}

/** "2:05 PM"; "" for a missing, unreadable or date-only value. */
export function formatTime(value: string | Date | null | undefined, timeZone?: string): string {
  const read = readable(value, timeZone);
  return read && read.hasTime ? format(read.instant, TIME_OPTIONS, read.timeZone) : "";
}

/** "Mar 11, 2026, 2:05 PM" (a date-only value gives just the date). */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  const date = formatShortDate(value, timeZone);
  const time = formatTime(value, timeZone);
  return time ? `${date}, ${time}` : date;
}

/** One side of an event on its own zone's clocks: its date, and its time (null for all-day). */
function eventSide(value: TEventDate | null | undefined): { date: string; time: string | null } | null {
  if (!value) return null;
  if (value.date !== undefined) {
    const date = formatShortDate(value.date.split("T")[0]);
    return date ? { date, time: null } : null;
  }
  if (value.date_time === undefined) return null;
  const date = formatShortDate(value.date_time, value.time_zone);
  return date ? { date, time: formatTime(value.date_time, value.time_zone) } : null;
}

/**
 * When an event happens, for lists and the detail page:
 *   all-day, one day:   "Mar 11, 2026 (all day)"
 *   all-day, range:     "Mar 11, 2026 – Mar 13, 2026 (all day)"
 *   timed, same day:    "Mar 11, 2026, 12:00 PM – 1:30 PM"
 *   timed, across days: "Mar 11, 2026, 11:00 PM – Mar 12, 2026, 1:00 AM"
 * Each side is shown on the clocks of its own time_zone. "" when the start is unreadable.
 */
export function formatEventWhen(
  start_date: TEventDate | null | undefined,
  end_date: TEventDate | null | undefined,
): string {
  const start = eventSide(start_date);
  if (!start) return "";
  const end = eventSide(end_date);
  if (start.time === null) {
    const range = end && end.date !== start.date ? `${start.date} – ${end.date}` : start.date;
    return `${range} (all day)`;
  }
  const from = `${start.date}, ${start.time}`;
  if (!end) return from;
  if (end.time === null) return `${from} – ${end.date}`;
  return end.date === start.date ? `${from} – ${end.time}` : `${from} – ${end.date}, ${end.time}`;
}
