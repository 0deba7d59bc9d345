import { parseDateTime } from "@amia/contracts";

/*
 * Wall-clock helpers shared by the form rules and the formatters. Dates are "YYYY-MM-DD",
 * times "HH:MM" (what <input type="date"> and <input type="time"> hold). Pure: Intl only.
 */

export const MINUTES_PER_DAY = 24 * 60;

const pad = (value: number, width = 2): string => String(value).padStart(width, "0");

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? "";
  let formatter = partFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      ...(timeZone ? { timeZone } : {}),
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    partFormatters.set(key, formatter);
  }
  return formatter;
}

/** The date and time the clocks of `timeZone` (default: the browser's) show at `instant`. */
export function wallClockAt(instant: Date | number, timeZone?: string): { date: string; time: string } {
  const parts = partsFormatter(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
  const hour = part("hour") % 24; // some engines say 24 for midnight
  return {
    date: `${pad(part("year"), 4)}-${pad(part("month"))}-${pad(part("day"))}`,
    time: `${pad(hour)}:${pad(part("minute"))}`,
  };
}

/**
 * A date_time as a form date and time. A local "YYYY-MM-DDTHH:MM[:SS]" is split as written; an
 * ISO value with Z or an offset is shown on the clocks of `timeZone`. Null when unreadable.
 */
export function splitDateTime(value: string, timeZone?: string): { date: string; time: string } | null {
  const parsed = parseDateTime(value);
  if (!parsed) return null;
  if (parsed.offsetMinutes === null) {
    return { date: `${pad(parsed.year, 4)}-${pad(parsed.month)}-${pad(parsed.day)}`, time: `${pad(parsed.hour)}:${pad(parsed.minute)}` };
  }
  const epochMs = Date.parse(value);
  if (Number.isNaN(epochMs)) return null;
  try {
    return wallClockAt(epochMs, timeZone);
  } catch {
    return wallClockAt(epochMs); // an unknown zone: the browser's
  }
}

/** "HH:MM" as minutes after midnight, or null. */
export function parseTime(value: string): number | null {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** Minutes after midnight as "HH:MM", wrapping around the day (-15 is "23:45"). */
export function formatMinutes(minutes: number): string {
  const wrapped = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${pad(Math.floor(wrapped / 60))}:${pad(wrapped % 60)}`;
}

/** "HH:MM" moved by `delta` minutes, wrapping past midnight; "" for an unreadable time. */
export function addMinutesToTime(time: string, delta: number): string {
  const minutes = parseTime(time);
  return minutes === null ? "" : formatMinutes(minutes + delta);
}

/** "YYYY-MM-DD" moved by whole days (for a time that wrapped past midnight). */
export function addDaysToDate(date: string, days: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const moved = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

/** The browser's IANA time zone (SPEC.md section 5: "The time zone is taken from the browser"). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
