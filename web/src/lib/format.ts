import { canonicalTimeZone, eventDateToEpochMs, parseDateTime, utcMs, type TEventDate } from "@amia/contracts";
import { zoneOffsetMinutes } from "./wall-clock.ts";

/*
 * The web app's one formatter for what people read: money (SPEC.md section 9: 4 decimals on the
 * AI usage tab, 3 in the chat sidebar, "$-.----" while unknown), timestamps in the viewer's time
 * ("Created", "Responded": "Mar 11, 2026", "2:05 PM"), and when events happen, in their own
 * zone with the viewer's time beside it. English, 12-hour clock throughout.
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

// ---- The chat history's time stamps ---------------------------------------------------------

const HOUR_MS = 60 * 60 * 1000;
export const HISTORY_TIME_HOURS = 24;
export const HISTORY_WEEKDAY_HOURS = 168;

/**
 * When a conversation was last active, as the chat history lists it (SPEC.md section 9): under
 * 24 hours ago its time ("2:05 PM", the same 12-hour clock as the messages), under 168 hours
 * (a week) its weekday ("Tuesday"), otherwise month and day ("Mar 11"); on the clocks of
 * `timeZone` (default: the browser's). A time in the future counts as recent; "" when unreadable.
 */
export function formatHistoryTime(timestamp: string | number | Date, now: Date, timeZone?: string): string {
  const instant = timestamp instanceof Date ? timestamp : new Date(timestamp);
  if (Number.isNaN(instant.getTime())) return "";
  const hoursAgo = (now.getTime() - instant.getTime()) / HOUR_MS;
  if (hoursAgo < HISTORY_TIME_HOURS) return format(instant, TIME_OPTIONS, timeZone);
  if (hoursAgo < HISTORY_WEEKDAY_HOURS) return format(instant, { weekday: "long" }, timeZone);
  return format(instant, { month: "short", day: "numeric" }, timeZone);
}

// ---- When an event happens ---------------------------------------------------------------
/*
 * Every event time the app shows goes through here (issue 11): lists, the detail page, the
 * details modal, the dashboard, the assistant's cards and answers. A timed event is shown on
 * its own zone's clocks; when that zone's UTC offset differs from the viewer's at that instant
 * (offsets compared, not names: Europe/Lisbon and UTC agree in winter), its zone is named and
 * the viewer's own time follows:
 *
 *   "Thu, Nov 26, 2026, 3:00 PM – 4:00 PM GMT · 7:00 AM – 8:00 AM your time"
 *
 * The viewer's side is dated only when its days differ from the event's. All-day events are
 * dates, the same day everywhere: no zone, no local time. The viewer's zone is the caller's
 * to give (lib/wall-clock.ts viewerTimeZone: Settings, else the browser).
 */

export interface ZonedWhen {
  /** On the event's clocks; its zone named when it differs from the viewer's (or always, if asked). */
  when: string;
  /** The same on the viewer's clocks ("7:00 AM your time"), or null when they read the same. */
  local: string | null;
  /** The event's IANA zone when `when` names it (for a tooltip), else null. */
  zone: string | null;
}

export interface ZonedOptions {
  /** Name the zone even when the viewer's clocks agree (a proposal, whose zone is being decided). */
  alwaysNameZone?: boolean;
}

const EVENT_DAY: Intl.DateTimeFormatOptions = { weekday: "short", month: "short", day: "numeric", year: "numeric" };
const EVENT_TIME: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit", hour12: true };

/** "GMT", "PST", "GMT+9" on `timeZone`'s clocks at `instant` (Intl's "GMT+0" reads as "GMT"). */
function zoneLabel(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(instant);
  const label = parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
  return label === "GMT+0" ? "GMT" : label;
}

/**
 * Two instants on one zone's clocks: "Thu, Nov 26, 2026, 3:00 PM – 4:00 PM", across days
 * "Thu, Nov 26, 2026, 11:00 PM – Fri, Nov 27, 2026, 12:30 AM", a point "Thu, Nov 26, 2026, 3:00 PM".
 * `named` adds the zone after the end (and after the start too when a daylight-saving change
 * falls inside: "1:00 AM PDT – 1:30 AM PST"); `dated` false leaves out a shared date.
 */
function onClocks(startMs: number, endMs: number, timeZone: string, { named, dated }: { named: boolean; dated: boolean }): string {
  const [startDay, endDay] = [format(new Date(startMs), EVENT_DAY, timeZone), format(new Date(endMs), EVENT_DAY, timeZone)];
  const [startTime, endTime] = [format(new Date(startMs), EVENT_TIME, timeZone), format(new Date(endMs), EVENT_TIME, timeZone)];
  const [startZone, endZone] = named ? [zoneLabel(startMs, timeZone), zoneLabel(endMs, timeZone)] : ["", ""];
  const end = named ? `${endTime} ${endZone}` : endTime;
  if (startMs === endMs) return dated ? `${startDay}, ${end}` : end;
  const start = named && startZone !== endZone ? `${startTime} ${startZone}` : startTime;
  if (startDay !== endDay) return `${startDay}, ${start} – ${endDay}, ${end}`;
  return dated ? `${startDay}, ${start} – ${end}` : `${start} – ${end}`;
}

/** Whether the viewer's clocks run at another offset than the event's, at its start or its end. */
function offsetsDiffer(startMs: number, endMs: number, timeZone: string, viewerZone: string): boolean {
  return [startMs, endMs].some((instant) => zoneOffsetMinutes(instant, timeZone) !== zoneOffsetMinutes(instant, viewerZone));
}

/**
 * From `startMs` to `endMs` (equal for a single moment), on `timeZone`'s clocks, with the
 * viewer's time beside it when their offsets differ. An unknown zone is read as the viewer's.
 */
export function formatInstantRange(
  startMs: number,
  endMs: number,
  timeZone: string,
  viewerZone: string,
  options: ZonedOptions = {},
): ZonedWhen {
  const viewer = canonicalTimeZone(viewerZone) ?? "UTC";
  const zone = canonicalTimeZone(timeZone) ?? viewer;
  const differ = offsetsDiffer(startMs, endMs, zone, viewer);
  const named = differ || options.alwaysNameZone === true;
  const when = onClocks(startMs, endMs, zone, { named, dated: true });
  if (!differ) return { when, local: null, zone: named ? zone : null };
  const sameDays = [startMs, endMs].every((instant) => format(new Date(instant), EVENT_DAY, zone) === format(new Date(instant), EVENT_DAY, viewer));
  return { when, local: `${onClocks(startMs, endMs, viewer, { named: false, dated: !sameDays })} your time`, zone };
}

/** "Thu, Nov 26, 2026" from "2026-11-26" (or an assistant's "2026-11-26T00:00"); null when unreadable. */
function calendarDay(date: string): string | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!day) return null;
  const ms = utcMs(Number(day[1]), Number(day[2]), Number(day[3]));
  return Number.isNaN(ms) ? null : format(new Date(ms), EVENT_DAY, "UTC");
}

/** A timed side's instant and the zone it is shown in (an unknown zone: the viewer's); null when unreadable. */
function timedSide(side: TEventDate, viewerZone: string): { instant: number; zone: string } | null {
  if (side.date_time === undefined) return null;
  const zone = canonicalTimeZone(side.time_zone) ?? canonicalTimeZone(viewerZone) ?? "UTC";
  try {
    const instant = eventDateToEpochMs({ date_time: side.date_time, time_zone: zone });
    return Number.isNaN(instant) ? null : { instant, zone };
  } catch {
    return null;
  }
}

const NOTHING: ZonedWhen = { when: "", local: null, zone: null };

/**
 * An event's start to end (the contract's `{date | date_time, time_zone}`), shown on the start's
 * zone (the form gives both sides one zone):
 *   all-day:  "Thu, Nov 26, 2026 (all day)", "Thu, Nov 26, 2026 – Sat, Nov 28, 2026 (all day)"
 *             (our end date is inclusive);
 *   timed:    formatInstantRange.
 * A missing end shows the start alone; an unreadable start gives empty text.
 */
export function formatEventWhen(
  start: TEventDate | null | undefined,
  end: TEventDate | null | undefined,
  viewerZone: string,
  options: ZonedOptions = {},
): ZonedWhen {
  if (!start) return NOTHING;
  if (start.date !== undefined) {
    const first = calendarDay(start.date);
    if (first === null) return NOTHING;
    const last = end?.date !== undefined ? calendarDay(end.date) : null;
    return { when: last && last !== first ? `${first} – ${last} (all day)` : `${first} (all day)`, local: null, zone: null };
  }
  const from = timedSide(start, viewerZone);
  if (!from) return NOTHING;
  const to = end ? timedSide(end, viewerZone) : null;
  return formatInstantRange(from.instant, to?.instant ?? from.instant, from.zone, viewerZone, options);
}

/** One side (a start or an end) alone: "Thu, Nov 26, 2026, 3:00 PM GMT · 7:00 AM your time". */
export function formatEventSide(side: TEventDate | null | undefined, viewerZone: string): ZonedWhen {
  return formatEventWhen(side, side, viewerZone);
}

/** Both parts as one line ("… GMT · 7:00 AM your time"). */
export function zonedWhenText({ when, local }: ZonedWhen): string {
  return local ? `${when} · ${local}` : when;
}
