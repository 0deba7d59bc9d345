import * as chrono from "chrono-node";
import { parseCalendarDate, parseDateTime, type TEventDate, type TSmartParseResult } from "@amia/contracts";

/*
 * The offline parser: a plain-language description → the event fields it names (smart-fill
 * without a model, and the offline chat's scheduling). Pure: the reference "now" and the zone
 * come in, nothing is read from the clock. Dates come out as the user's wall clock
 * (`date_time` "YYYY-MM-DDTHH:MM" local to `time_zone`), all-day values as `date` (SPEC.md: the
 * assistant's date has the T stripped for all-day values).
 */

/** SPEC.md section 9 "Default time offset": a timed event with no end lasts this long. */
export const DEFAULT_DURATION_MINUTES = 15;

export interface ParseReference {
  /** The user's wall clock now, in `timeZone`. */
  now: WallClock;
  timeZone: string;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export interface ParsedSchedule extends TSmartParseResult {
  /** Whether a date or time was found at all (the chat drafts only then). */
  hasWhen: boolean;
}

const pad = (value: number) => String(value).padStart(2, "0");
const formatDate = (w: WallClock) => `${w.year}-${pad(w.month)}-${pad(w.day)}`;
const formatDateTime = (w: WallClock) => `${formatDate(w)}T${pad(w.hour)}:${pad(w.minute)}`;

/** The wall clock an instant shows in a zone. */
export function wallClockAt(epochMs: number, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(epochMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour") % 24, minute: get("minute") };
}

/**
 * The reference for a smart-parse request's `current_date`: a day (read at 09:00 that day), a
 * local date-time (the user's wall clock), or an instant (shown in the zone). Now, when absent.
 */
export function referenceFrom(currentDate: string | undefined, timeZone: string, nowMs = Date.now()): ParseReference {
  if (currentDate) {
    const day = parseCalendarDate(currentDate);
    if (day) return { now: { ...day, hour: 9, minute: 0 }, timeZone };
    const dateTime = parseDateTime(currentDate);
    if (dateTime) {
      if (dateTime.offsetMinutes === null) {
        return { now: { year: dateTime.year, month: dateTime.month, day: dateTime.day, hour: dateTime.hour, minute: dateTime.minute }, timeZone };
      }
      const epochMs = Date.UTC(dateTime.year, dateTime.month - 1, dateTime.day, dateTime.hour, dateTime.minute) - dateTime.offsetMinutes * 60_000;
      return { now: wallClockAt(epochMs, timeZone), timeZone };
    }
  }
  return { now: wallClockAt(nowMs, timeZone), timeZone };
}

// Chrono computes in the process's local time; we hand it the user's wall clock as a local
// Date and read local fields back, so the process's own zone never matters.
const toLocalDate = (w: WallClock) => new Date(w.year, w.month - 1, w.day, w.hour, w.minute);
const fromLocalDate = (d: Date): WallClock => ({ year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), hour: d.getHours(), minute: d.getMinutes() });
const addMinutes = (w: WallClock, minutes: number) => fromLocalDate(new Date(toLocalDate(w).getTime() + minutes * 60_000));

const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, ten: 10, fifteen: 15, twenty: 20, thirty: 30, forty: 40, "forty-five": 45, ninety: 90 };
const DURATION = /\bfor\s+(half\s+an?\s+hour|an?\s+hour\s+and\s+a\s+half|(\d+(?:\.\d+)?|a|an|one|two|three|four|five|six|ten|fifteen|twenty|thirty|forty|forty-five|ninety)\s*(minutes?|mins?|m|hours?|hrs?|h))\b/i;
const LOCATION = /(?:^|\s)(?:at|@)\s+(?!\d{1,2}(?::\d{2})?\s*(?:am|pm)?\b)(?!noon\b|midnight\b)([^,.;!?\n]+)|(?:^|\s)in\s+([A-Z][\w'’&-]*(?:\s+[A-Z][\w'’&-]*)*)/;

function durationMinutes(match: RegExpExecArray): number {
  const whole = match[1]!.toLowerCase();
  if (/^half\s+an?\s+hour$/.test(whole)) return 30;
  if (/hour\s+and\s+a\s+half$/.test(whole)) return 90;
  const amountText = match[2]!.toLowerCase();
  const amount = NUMBER_WORDS[amountText] ?? Number(amountText);
  return /^(h|hr|hrs|hour|hours)$/i.test(match[3]!) ? Math.round(amount * 60) : Math.round(amount);
}

function tidy(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/\s+([,.;!?])/g, "$1")
    .replace(/^[\s,.;:–-]+|[\s,.;:–-]+$/g, "")
    .replace(/\b(on|at|from|for|the|this)$/i, "")
    .replace(/^(please\s+)?(schedule|add|create|set up|put)\s+(an?\s+)?/i, "")
    .replace(/^(please\s+)?(remind me (to|about)\s+)/i, "")
    .trim()
    .replace(/[\s,.;:–-]+$/g, "");
}

/** The event fields a description names, in the user's zone. Only what was found is set. */
export function parseSchedule(description: string, reference: ParseReference): ParsedSchedule {
  const { timeZone } = reference;
  let rest = ` ${description.trim()} `;

  let duration: number | undefined;
  const durationMatch = DURATION.exec(rest);
  if (durationMatch) {
    duration = durationMinutes(durationMatch);
    rest = rest.replace(durationMatch[0], " ");
  }

  const results = chrono.parse(rest, toLocalDate(reference.now), { forwardDate: true });
  const result: ParsedSchedule = { hasWhen: false };
  const found = results[0];
  if (found) {
    rest = rest.slice(0, found.index) + " " + rest.slice(found.index + found.text.length);
    result.hasWhen = true;
    const start = fromLocalDate(found.start.date());
    const timed = found.start.isCertain("hour") || (found.end?.isCertain("hour") ?? false);
    if (timed) {
      const end = found.end ? fromLocalDate(found.end.date()) : addMinutes(start, duration ?? DEFAULT_DURATION_MINUTES);
      result.start_date = { date_time: formatDateTime(start), time_zone: timeZone } as TEventDate;
      result.end_date = { date_time: formatDateTime(end), time_zone: timeZone } as TEventDate;
    } else {
      const end = found.end ? fromLocalDate(found.end.date()) : start;
      result.start_date = { date: formatDate(start), time_zone: timeZone } as TEventDate;
      result.end_date = { date: formatDate(end), time_zone: timeZone } as TEventDate;
    }
  }

  const locationMatch = LOCATION.exec(rest);
  if (locationMatch) {
    const location = tidy(locationMatch[1] ?? locationMatch[2] ?? "");
    if (location) result.location = location;
    rest = rest.replace(locationMatch[0], " ");
  }

  const title = tidy(rest);
  if (title) result.title = title.charAt(0).toUpperCase() + title.slice(1);
  return result;
}

/** The smart-parse result proper: the found fields, without our own `hasWhen`. */
export function toSmartParseResult(parsed: ParsedSchedule): TSmartParseResult {
  const { hasWhen: _hasWhen, ...fields } = parsed;
  return fields;
}
