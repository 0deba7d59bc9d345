import { z } from "zod";
import { parseCalendarDate, parseDateTime, type TCalendarDate } from "./date-forms.ts";
import { eventDateToEpochMs, type TEventDate } from "./event-date.ts";
import { utcMs, utcOffsetMinutes, zonedTimeToEpochMs } from "./time-zone.ts";

/*
 * Recurring event requests (issue 16 point 2): an RFC 5545 RRULE value, the subset the event form,
 * smart-fill and the assistant produce, read in the event's own time zone. Pure (no I/O, Intl
 * only), so the events service, the calendar sync, the agent and the web app read a rule alike.
 *
 * Ours rather than the `rrule` package: the subset is small, `rrule` reads times in the process's
 * zone (its documented DST caveat) and its words are not ours; a few hundred tested lines beat a
 * dependency whose corners we would have to fence off anyway.
 *
 * The subset (anything else is refused, naming `recurrence`):
 *   FREQ=DAILY|WEEKLY|MONTHLY|YEARLY      required
 *   INTERVAL=1..99                         default 1
 *   BYDAY=MO,TU,...                        WEEKLY only; plain days (no "1MO" / "-1FR")
 *   BYMONTHDAY=1..31                       MONTHLY only; one day
 *   COUNT=1..730 | UNTIL=YYYYMMDD          at most one; neither: no end
 *
 * UNTIL is a date (the last day an occurrence may start on, inclusive) in the event's time zone,
 * not a UTC instant: the form asks for a day, and a day means the person's day. The Google mapping
 * turns it into the instant RFC 5545 wants (`recurrenceForGoogle`).
 *
 * Stored and sent (wire and storage) as the canonical value without the "RRULE:" prefix, parts in
 * the order FREQ, INTERVAL (only when > 1), BYDAY, BYMONTHDAY, COUNT, UNTIL: "FREQ=WEEKLY;BYDAY=TU".
 */

/** Wire values (RFC 5545): never rename. */
export const RECURRENCE_FREQUENCIES = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"] as const;
export type TRecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** RFC 5545 weekday codes, Monday first (ISO weeks: our week starts on Monday, RFC's default WKST). */
export const RECURRENCE_WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type TRecurrenceWeekday = (typeof RECURRENCE_WEEKDAYS)[number];

export const MAX_RECURRENCE_INTERVAL = 99;
/** Two years of a daily event: enough for any series a reviewer can sensibly approve at once. */
export const MAX_RECURRENCE_COUNT = 730;
/** An UNTIL more than this many years after the start is refused (say "no end" instead). */
export const MAX_RECURRENCE_UNTIL_YEARS = 5;
export const MAX_RECURRENCE_TEXT_LENGTH = 200;

export interface TRecurrenceRule {
  freq: TRecurrenceFrequency;
  interval: number;
  /** WEEKLY: the days, Monday first, no repeats; empty means the start's weekday (RFC 5545). */
  by_day: TRecurrenceWeekday[];
  /** MONTHLY: the day of the month; null means the start's day. */
  by_month_day: number | null;
  count: number | null;
  /** `YYYY-MM-DD`, inclusive, in the event's zone. */
  until: string | null;
}

export type TRecurrenceParse = { ok: true; rule: TRecurrenceRule } | { ok: false; message: string };

/** Each RFC 5545 day in English words (the rule's words, the form's labels). */
export const RECURRENCE_WEEKDAY_NAMES: Readonly<Record<TRecurrenceWeekday, string>> = {
  MO: "Monday",
  TU: "Tuesday",
  WE: "Wednesday",
  TH: "Thursday",
  FR: "Friday",
  SA: "Saturday",
  SU: "Sunday",
};
const WEEKDAYS_MO_FR: readonly TRecurrenceWeekday[] = ["MO", "TU", "WE", "TH", "FR"];
const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const KNOWN_PARTS = new Set(["FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "COUNT", "UNTIL"]);

const fail = (message: string): TRecurrenceParse => ({ ok: false, message: `recurrence ${message}` });

/**
 * Reads an RRULE value ("FREQ=WEEKLY;BYDAY=TU", optionally prefixed "RRULE:", any part order,
 * case-insensitive) into a rule, or says in words what is wrong, starting with "recurrence".
 */
export function parseRecurrence(text: string): TRecurrenceParse {
  const value = text.trim().replace(/^RRULE:/i, "");
  if (value === "") return fail("must not be empty: leave it out (or null) for an event that does not repeat");
  if (value.length > MAX_RECURRENCE_TEXT_LENGTH) return fail(`must be at most ${MAX_RECURRENCE_TEXT_LENGTH} characters`);
  const parts = new Map<string, string>();
  for (const part of value.split(";")) {
    const match = /^([A-Za-z]+)=(.+)$/.exec(part.trim());
    if (!match) return fail(`must be RRULE parts such as FREQ=WEEKLY;BYDAY=TU, joined by ";" (got "${part}")`);
    const key = match[1]!.toUpperCase();
    if (!KNOWN_PARTS.has(key)) return fail(`part ${key} is not supported (supported: ${[...KNOWN_PARTS].join(", ")})`);
    if (parts.has(key)) return fail(`has ${key} twice`);
    parts.set(key, match[2]!.toUpperCase());
  }

  const freq = parts.get("FREQ");
  if (freq === undefined) return fail("needs FREQ (DAILY, WEEKLY, MONTHLY or YEARLY)");
  if (!(RECURRENCE_FREQUENCIES as readonly string[]).includes(freq)) return fail(`FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY (got ${freq})`);

  const interval = parts.has("INTERVAL") ? wholeNumber(parts.get("INTERVAL")!) : 1;
  if (interval === null || interval < 1 || interval > MAX_RECURRENCE_INTERVAL) return fail(`INTERVAL must be a whole number from 1 to ${MAX_RECURRENCE_INTERVAL}`);

  const byDay: TRecurrenceWeekday[] = [];
  if (parts.has("BYDAY")) {
    if (freq !== "WEEKLY") return fail("BYDAY is supported with FREQ=WEEKLY only");
    for (const day of parts.get("BYDAY")!.split(",")) {
      if (!(RECURRENCE_WEEKDAYS as readonly string[]).includes(day)) return fail(`BYDAY must list days MO, TU, WE, TH, FR, SA, SU (got ${day})`);
      if (!byDay.includes(day as TRecurrenceWeekday)) byDay.push(day as TRecurrenceWeekday);
    }
    byDay.sort((a, b) => RECURRENCE_WEEKDAYS.indexOf(a) - RECURRENCE_WEEKDAYS.indexOf(b));
  }

  let byMonthDay: number | null = null;
  if (parts.has("BYMONTHDAY")) {
    if (freq !== "MONTHLY") return fail("BYMONTHDAY is supported with FREQ=MONTHLY only");
    byMonthDay = wholeNumber(parts.get("BYMONTHDAY")!);
    if (byMonthDay === null || byMonthDay < 1 || byMonthDay > 31) return fail("BYMONTHDAY must be one day of the month from 1 to 31");
  }

  if (parts.has("COUNT") && parts.has("UNTIL")) return fail("may have COUNT or UNTIL, not both");
  let count: number | null = null;
  if (parts.has("COUNT")) {
    count = wholeNumber(parts.get("COUNT")!);
    if (count === null || count < 1 || count > MAX_RECURRENCE_COUNT) return fail(`COUNT must be a whole number from 1 to ${MAX_RECURRENCE_COUNT}`);
  }
  let until: string | null = null;
  if (parts.has("UNTIL")) {
    const match = /^(\d{4})(\d{2})(\d{2})$/.exec(parts.get("UNTIL")!);
    until = match ? `${match[1]}-${match[2]}-${match[3]}` : null;
    if (until === null || !parseCalendarDate(until)) return fail("UNTIL must be a date YYYYMMDD (the last day, in the event's time zone)");
  }

  return { ok: true, rule: { freq: freq as TRecurrenceFrequency, interval, by_day: byDay, by_month_day: byMonthDay, count, until } };
}

function wholeNumber(text: string): number | null {
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
}

/** The canonical RRULE value of a rule (wire and storage form; no "RRULE:" prefix). */
export function formatRecurrence(rule: TRecurrenceRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.by_day.length > 0) parts.push(`BYDAY=${rule.by_day.join(",")}`);
  if (rule.by_month_day !== null) parts.push(`BYMONTHDAY=${rule.by_month_day}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== null) parts.push(`UNTIL=${rule.until.replaceAll("-", "")}`);
  return parts.join(";");
}

/** A rule that passed `recurrenceSchema` (throws otherwise: callers hold validated values). */
export function recurrenceRuleOf(value: string): TRecurrenceRule {
  const parsed = parseRecurrence(value);
  if (!parsed.ok) throw new RangeError(parsed.message);
  return parsed.rule;
}

/**
 * `recurrence` on a request body: an RRULE value in the subset, stored canonical. The issue's
 * message starts with "recurrence", and its path is the field's.
 */
export function recurrenceSchema() {
  return z
    .string({ error: "recurrence must be an RRULE string such as FREQ=WEEKLY;BYDAY=TU, or null" })
    .transform((value, ctx) => {
      const parsed = parseRecurrence(value);
      if (parsed.ok) return formatRecurrence(parsed.rule);
      ctx.addIssue({ code: "custom", message: parsed.message, abort: true });
      return z.NEVER;
    });
}

/** The start's wall-clock day and time in its own zone (an instant with an offset read there). */
export function startWallClock(start: TEventDate): TCalendarDate & { hour: number; minute: number; isAllDay: boolean } {
  if (start.date !== undefined) {
    const day = parseCalendarDate(start.date);
    if (!day) throw new RangeError(`not a calendar date: ${start.date}`);
    return { ...day, hour: 0, minute: 0, isAllDay: true };
  }
  const parsed = parseDateTime(start.date_time ?? "");
  if (!parsed) throw new RangeError(`not a date-time: ${String(start.date_time)}`);
  if (parsed.offsetMinutes === null) return { year: parsed.year, month: parsed.month, day: parsed.day, hour: parsed.hour, minute: parsed.minute, isAllDay: false };
  const instant = utcMs(parsed.year, parsed.month, parsed.day, parsed.hour, parsed.minute) - parsed.offsetMinutes * 60_000;
  const wall = new Date(instant + utcOffsetMinutes(instant, start.time_zone) * 60_000);
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), hour: wall.getUTCHours(), minute: wall.getUTCMinutes(), isAllDay: false };
}

/** Days since 1970-01-01 of a calendar day (UTC arithmetic on wall-clock days: no zone involved). */
const dayNumber = (d: TCalendarDate): number => Math.floor(utcMs(d.year, d.month, d.day) / 86_400_000);
const dayOf = (n: number): TCalendarDate => {
  const date = new Date(n * 86_400_000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};
/** 0 = Monday … 6 = Sunday. */
const weekdayIndex = (d: TCalendarDate): number => (new Date(utcMs(d.year, d.month, d.day)).getUTCDay() + 6) % 7;
const isoDay = (d: TCalendarDate): string => `${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
const daysInMonth = (year: number, month: number): number => new Date(utcMs(year, month + 1, 0)).getUTCDate();
/** The day after a `YYYY-MM-DD` day (a validated one). */
function nextIsoDay(value: string): string {
  const day = parseCalendarDate(value);
  if (!day) throw new RangeError(`not a calendar date: ${value}`);
  const next = new Date(utcMs(day.year, day.month, day.day + 1));
  return isoDay({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() });
}

/**
 * Why this rule cannot repeat an event starting at `start`, or null when it can. The start is the
 * first occurrence, so it must be one the rule produces (RFC 5545 leaves an unsynchronised start
 * undefined; Google shows it as an extra occurrence): a weekly rule's days include the start's
 * weekday, a monthly rule's day is the start's day. UNTIL may not fall before the start's day,
 * nor more than MAX_RECURRENCE_UNTIL_YEARS after it.
 */
export function recurrenceStartProblem(rule: TRecurrenceRule, start: TEventDate): string | null {
  const wall = startWallClock(start);
  const weekday = RECURRENCE_WEEKDAYS[weekdayIndex(wall)]!;
  if (rule.freq === "WEEKLY" && rule.by_day.length > 0 && !rule.by_day.includes(weekday)) {
    return `recurrence repeats on ${listWords(rule.by_day.map((day) => RECURRENCE_WEEKDAY_NAMES[day]))}, but the event starts on a ${RECURRENCE_WEEKDAY_NAMES[weekday]}: start it on one of those days`;
  }
  if (rule.freq === "MONTHLY" && rule.by_month_day !== null && rule.by_month_day !== wall.day) {
    return `recurrence repeats on the ${ordinal(rule.by_month_day)} of the month, but the event starts on the ${ordinal(wall.day)}`;
  }
  if (rule.until !== null) {
    if (rule.until < isoDay(wall)) return "recurrence ends (UNTIL) before the event starts";
    const latest = isoDay({ ...wall, year: wall.year + MAX_RECURRENCE_UNTIL_YEARS });
    if (rule.until > latest) return `recurrence must end (UNTIL) within ${MAX_RECURRENCE_UNTIL_YEARS} years of the start, or have no end`;
  }
  return null;
}

/** Object-level check for bodies carrying both `recurrence` and `start_date`; the issue lands on `recurrence`. */
export function checkRecurrenceStart(value: { recurrence?: string | null | undefined; start_date?: TEventDate | undefined }, ctx: z.RefinementCtx): void {
  if (!value.recurrence || !value.start_date) return;
  const parsed = parseRecurrence(value.recurrence);
  if (!parsed.ok) return; // its own field issue says so
  const problem = safely(() => recurrenceStartProblem(parsed.rule, value.start_date!));
  if (problem) ctx.addIssue({ code: "custom", path: ["recurrence"], message: problem });
}

function safely(check: () => string | null): string | null {
  try {
    return check();
  } catch {
    return null; // a malformed start: its own field issue says so
  }
}

/** The days (`YYYY-MM-DD`, wall-clock in the event's zone) the series starts on, in order, from the start. */
function* occurrenceDays(rule: TRecurrenceRule, first: TCalendarDate): Generator<TCalendarDate> {
  const firstDay = dayNumber(first);
  switch (rule.freq) {
    case "DAILY":
      for (let k = 0; ; k += 1) yield dayOf(firstDay + k * rule.interval);
    case "WEEKLY": {
      const days = rule.by_day.length > 0 ? rule.by_day.map((day) => RECURRENCE_WEEKDAYS.indexOf(day)) : [weekdayIndex(first)];
      const monday = firstDay - weekdayIndex(first);
      for (let week = 0; ; week += rule.interval) {
        for (const offset of days) {
          const n = monday + week * 7 + offset;
          if (n >= firstDay) yield dayOf(n);
        }
      }
    }
    case "MONTHLY": {
      const day = rule.by_month_day ?? first.day;
      for (let k = 0; ; k += rule.interval) {
        const months = first.month - 1 + k;
        const year = first.year + Math.floor(months / 12);
        const month = (months % 12) + 1;
        // A month without that day is skipped (RFC 5545; Google does the same).
        if (day <= daysInMonth(year, month)) yield { year, month, day };
      }
    }
    case "YEARLY":
      for (let k = 0; ; k += rule.interval) {
        const year = first.year + k;
        if (first.day <= daysInMonth(year, first.month)) yield { year, month: first.month, day: first.day };
      }
  }
}

/**
 * The instants (epoch ms) at which the next `limit` occurrences start, at or after `fromMs`,
 * honouring COUNT and UNTIL. Each keeps the start's wall-clock time in the event's zone, so a
 * 10:00 meeting stays at 10:00 across a daylight-saving change (its UTC instant moves); a time the
 * clocks skip that day is read as `zonedTimeToEpochMs` reads it. All-day occurrences start at
 * midnight in the zone.
 */
export function nextOccurrences(rule: TRecurrenceRule, start: TEventDate, options: { fromMs?: number; limit: number }): number[] {
  const wall = startWallClock(start);
  const found: number[] = [];
  let index = 0;
  // Bounded: a rule whose days never occur (BYMONTHDAY=31 every 2 months from a 31st can) must end.
  for (const day of occurrenceDays(rule, wall)) {
    if (found.length >= options.limit || index > 50_000) break;
    if (rule.count !== null && index >= rule.count) break;
    if (rule.until !== null && isoDay(day) > rule.until) break;
    index += 1;
    const instant = zonedTimeToEpochMs({ ...day, hour: wall.hour, minute: wall.minute }, start.time_zone);
    if (options.fromMs === undefined || instant >= options.fromMs) found.push(instant);
  }
  return found;
}

/**
 * When an event ends for good, as an instant: its end (an all-day one's at the midnight after its
 * last day, in its zone) when it does not repeat; the end of its last
 * occurrence (its start plus the event's length) when a COUNT or UNTIL ends the series; null when
 * the series never ends. Lets a list ask for everything still happening in a window, a series that
 * began months before it included (the /calendar page's).
 */
export function lastEndMs(rule: TRecurrenceRule | null, start: TEventDate, end: TEventDate): number | null {
  const startMs = eventDateToEpochMs(start);
  // Our all-day end day is inclusive: the event ends at the next midnight in its zone.
  const endMs = end.date === undefined ? eventDateToEpochMs(end) : eventDateToEpochMs({ date: nextIsoDay(end.date), time_zone: end.time_zone });
  if (rule === null) return endMs;
  if (rule.count === null && rule.until === null) return null;
  // COUNT is at most MAX_RECURRENCE_COUNT and UNTIL at most MAX_RECURRENCE_UNTIL_YEARS away: a few thousand days at most.
  const starts = nextOccurrences(rule, start, { limit: Number.POSITIVE_INFINITY });
  const lastStart = starts.at(-1) ?? startMs;
  return lastStart + (endMs - startMs);
}

/**
 * The rule as Google Calendar takes it on an event's `recurrence` list: "RRULE:" + the value, with
 * UNTIL as RFC 5545 wants it beside a start with a time zone: the UTC instant at the end of the
 * UNTIL day in the event's zone (an all-day event keeps the date form). Google then expands the
 * series in the event's `timeZone`, as ours does.
 */
export function recurrenceForGoogle(rule: TRecurrenceRule, start: TEventDate): string[] {
  const value = formatRecurrence({ ...rule, until: null });
  if (rule.until === null) return [`RRULE:${value}`];
  if (start.date !== undefined) return [`RRULE:${value};UNTIL=${rule.until.replaceAll("-", "")}`];
  const day = parseCalendarDate(rule.until)!;
  const endOfDay = zonedTimeToEpochMs({ ...day, hour: 23, minute: 59, second: 59 }, start.time_zone);
  const utc = new Date(endOfDay).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  return [`RRULE:${value};UNTIL=${utc}`];
}

/**
 * The rule in words, as lists and detail show it: "Every weekday at 10:00", "Every 2 weeks on
 * Tuesday at 09:30", "Monthly on the 1st", "Every day at 09:15, 10 times", "Every Friday, until
 * 25 Dec 2026". Times are the start's wall-clock time in the event's zone (24-hour); all-day
 * events name no time. `nameZone` adds the zone after the time ("at 10:00 (Europe/Lisbon)"), for a
 * reader whose own clocks differ; `clock: "12h"` writes "10:00 AM", as the web app and the
 * assistant write every time.
 */
export interface TRecurrenceWordsOptions {
  nameZone?: boolean;
  clock?: "24h" | "12h";
}

export function describeRecurrence(rule: TRecurrenceRule, start: TEventDate, options: TRecurrenceWordsOptions = {}): string {
  const wall = startWallClock(start);
  const zone = options.nameZone ? ` (${start.time_zone})` : "";
  const time = wall.isAllDay ? "" : ` at ${clockWords(wall.hour, wall.minute, options.clock ?? "24h")}${zone}`;
  return `${repeatWords(rule, wall)}${time}${endWords(rule)}`;
}

function clockWords(hour: number, minute: number, clock: "24h" | "12h"): string {
  const mm = String(minute).padStart(2, "0");
  return clock === "24h" ? `${String(hour).padStart(2, "0")}:${mm}` : `${((hour + 11) % 12) + 1}:${mm} ${hour < 12 ? "AM" : "PM"}`;
}

/** `describeRecurrence` from the stored value; null for no value (or one that does not read). */
export function describeRecurrenceText(value: string | null | undefined, start: TEventDate, options: TRecurrenceWordsOptions = {}): string | null {
  if (!value) return null;
  const parsed = parseRecurrence(value);
  if (!parsed.ok) return null;
  try {
    return describeRecurrence(parsed.rule, start, options);
  } catch {
    return null;
  }
}

function repeatWords(rule: TRecurrenceRule, first: TCalendarDate): string {
  const every = (unit: string) => (rule.interval === 1 ? `Every ${unit}` : `Every ${rule.interval} ${unit}s`);
  switch (rule.freq) {
    case "DAILY":
      return every("day");
    case "WEEKLY": {
      const days = rule.by_day.length > 0 ? rule.by_day : [RECURRENCE_WEEKDAYS[weekdayIndex(first)]!];
      const isWeekdays = days.length === 5 && WEEKDAYS_MO_FR.every((day) => days.includes(day));
      if (days.length === 7) return rule.interval === 1 ? "Every day" : `Every ${rule.interval} weeks, every day`;
      if (rule.interval === 1) return isWeekdays ? "Every weekday" : `Every ${listWords(days.map((day) => RECURRENCE_WEEKDAY_NAMES[day]))}`;
      return `Every ${rule.interval} weeks on ${isWeekdays ? "weekdays" : listWords(days.map((day) => RECURRENCE_WEEKDAY_NAMES[day]))}`;
    }
    case "MONTHLY": {
      const day = ordinal(rule.by_month_day ?? first.day);
      return rule.interval === 1 ? `Monthly on the ${day}` : `Every ${rule.interval} months on the ${day}`;
    }
    case "YEARLY": {
      const date = `${first.day} ${MONTH_NAMES[first.month - 1]}`;
      return rule.interval === 1 ? `Every year on ${date}` : `Every ${rule.interval} years on ${date}`;
    }
  }
}

function endWords(rule: TRecurrenceRule): string {
  if (rule.count !== null) return rule.count === 1 ? ", once" : `, ${rule.count} times`;
  if (rule.until !== null) {
    const day = parseCalendarDate(rule.until)!;
    return `, until ${day.day} ${MONTH_NAMES[day.month - 1]} ${day.year}`;
  }
  return "";
}

/** "Monday", "Monday and Wednesday", "Monday, Wednesday and Friday". */
function listWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}

/** The weekday code of a day (`YYYY-MM-DD`), for forms that default a weekly rule to the start's day. */
export function weekdayOfDate(day: string): TRecurrenceWeekday | null {
  const parsed = parseCalendarDate(day);
  return parsed ? RECURRENCE_WEEKDAYS[weekdayIndex(parsed)]! : null;
}
