import * as chrono from "chrono-node";
import { parseCalendarDate, parseDateTime, type TEventDate, type TSmartParseProblem, type TSmartParseResult } from "@amia/contracts";
import { readRepeat, settleRepeat } from "./repeat-phrases.ts";
import { keepWhatTheContractAccepts } from "./smart-fill-contract.ts";
import {
  ADJECTIVE_DURATION,
  EVENING_WORDS,
  FOR_DURATION,
  defaultDuration,
  minutesOfAdjective,
  minutesOfFor,
  type DurationSource,
} from "./smart-fill-durations.ts";

/*
 * The offline parser: a plain-language description → the event fields it names (smart-fill
 * without a model, and the offline chat's scheduling). Pure: the reference "now" and the zone
 * come in, nothing is read from the clock. Dates come out as the user's wall clock
 * (`date_time` "YYYY-MM-DDTHH:MM" local to `time_zone`), all-day values as `date` (SPEC.md: the
 * assistant's date has the T stripped for all-day values). The rules it follows are listed in
 * docs/decisions.md "Smart-fill parser"; the phrase set in smart-fill-phrases.ts measures them.
 *
 * How: words we read ourselves (durations, impossible dates and times, "the 17th") are masked
 * first; chrono-node finds the dates and times in what is left; its finds are merged into one
 * "when" ("next wed … 12:30-13:15"); the place is read from what is left after that, and the
 * title is whatever remains, minus the small words that only tied the removed parts together.
 */

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
  /** Names after "with" ("Lunch with Bruno and Carla" → Bruno, Carla); they stay in the title. */
  people: string[];
  /** A timed event's length in minutes; absent for all-day events. */
  duration_minutes?: number;
  /** Where that length came from. */
  duration_source?: DurationSource;
  /** Plain words for a proposal card: "default for a meal", "as written", "from the time range". */
  duration_reason?: string;
}

const pad = (value: number) => String(value).padStart(2, "0");
/** "YYYY-MM-DD": a day as an all-day event's date. */
export const formatDate = (w: Day) => `${String(w.year).padStart(4, "0")}-${pad(w.month)}-${pad(w.day)}`;
/** "YYYY-MM-DDTHH:MM": a wall clock as an event's local date_time. */
export const formatDateTime = (w: WallClock) => `${formatDate(w)}T${pad(w.hour)}:${pad(w.minute)}`;

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

// ---- Wall-clock arithmetic. Wall clocks are computed as if in UTC, which has no DST gaps, so
// the process's own zone never matters and "tomorrow" is always the next calendar day.

interface Day {
  year: number;
  month: number;
  day: number;
}
interface Time {
  hour: number;
  minute: number;
  /** am/pm was written, or the hour was 13–23 or zero-padded ("09:00"): no guessing. */
  isExact: boolean;
}

const utcOf = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
const fromUtc = (ms: number): WallClock => {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
};
const at = (day: Day, time: Time): WallClock => ({ year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute });
const addMinutes = (w: WallClock, minutes: number) => fromUtc(utcOf(w) + minutes * 60_000);
const addDays = (day: Day, days: number): Day => addMinutes({ ...day, hour: 12, minute: 0 }, days * 24 * 60);
const compareDays = (a: Day, b: Day) => utcOf({ ...a, hour: 0, minute: 0 }) - utcOf({ ...b, hour: 0, minute: 0 });
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

// ---- Masking: the parts of the text already read are blanked, keeping every index in place.

const MASK = "\u0001";

class Text {
  readonly source: string;
  private readonly taken: boolean[];
  constructor(source: string) {
    this.source = source;
    this.taken = Array.from(source, () => false);
  }
  take(start: number, end: number): void {
    for (let i = start; i < end; i += 1) this.taken[i] = true;
  }
  isFree(start: number, end: number): boolean {
    for (let i = start; i < end; i += 1) if (this.taken[i]) return false;
    return true;
  }
  /** The text with read parts as `filler` (spaces for chrono, MASK for places and titles). */
  masked(filler = MASK): string {
    return Array.from(this.source, (char, i) => (this.taken[i] ? filler : char)).join("");
  }
}

/** Every match of a global regex in the free parts of `text`. */
function* freeMatches(text: Text, pattern: RegExp): Generator<RegExpExecArray> {
  const source = text.masked();
  const global = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
  for (const match of source.matchAll(global)) {
    if (text.isFree(match.index, match.index + match[0].length)) yield match as RegExpExecArray;
  }
}

// ---- Normalising the forms chrono does not read, into forms it does.

const WORD_HOURS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };

function normalise(description: string): string {
  return (
    description
      .replace(/\s+/g, " ")
      .trim()
      // "19h30", "14h" (European 24-hour clock) → "19:30", "14:00".
      // A bare "14h" only after "at"/"from"/"to", since "for 2h" is a duration.
      .replace(/\b([01]?\d|2[0-3])h([0-5]\d)\b/g, (_, hour: string, minute: string) => `${hour.padStart(2, "0")}:${minute}`)
      .replace(/(\b(?:at|from|to|until|till)\s+|@\s*|[-–]\s*)([01]?\d|2[0-3])h\b/gi, (_, before: string, hour: string) => `${before}${hour.padStart(2, "0")}:00`)
      // "half past 3", "quarter past 10", "quarter to 5".
      .replace(/\b(half|quarter)\s+past\s+(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/gi, (_, part: string, hour: string) => `${WORD_HOURS[hour.toLowerCase()] ?? hour}:${part.toLowerCase() === "half" ? "30" : "15"}`)
      .replace(/\bquarter\s+to\s+(\d{1,2})\b/gi, (_, hour: string) => `${((Number(hour) + 10) % 12) + 1}:45`)
      // "midday" → "noon"; "between 2 and 4pm" → "from 2 to 4pm" (chrono reads "and" as nothing).
      .replace(/\bmidday\b/gi, "noon")
      .replace(/\bbetween\s+(\d{1,2}(?::\d{2})?\s*(?:am|pm)?)\s+and\s+(\d{1,2}(?::\d{2})?\s*(?:am|pm)?)(?![\w:])/gi, "from $1 to $2")
  );
}

// ---- Problems: what looks like a date or a time and is not one.

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const MONTH_NAME = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const monthNumber = (name: string) => MONTHS.findIndex((month) => month.startsWith(name.toLowerCase().slice(0, 3))) + 1;
const monthTitle = (month: number) => MONTHS[month - 1]!.charAt(0).toUpperCase() + MONTHS[month - 1]!.slice(1);

const DAY_MONTH = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_NAME}\\b\\.?(?:,?\\s+(\\d{4}))?`, "gi");
const MONTH_DAY = new RegExp(`\\b${MONTH_NAME}\\b\\.?\\s+(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?(?![\\d:])(?:,?\\s+(\\d{4})\\b)?`, "gi");
const ISO_DAY = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
const CLOCK = /\b(\d{1,2}):(\d{2})\b/g;
const MERIDIEM_HOUR = /\b(\d{1,2})(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)(?![\p{L}])/giu;
const RANGE_END_BEFORE = /(?:\bto|\buntil|\btill|[-–—])\s*$/i;

interface Found {
  index: number;
  /** Just past the last character. */
  stop: number;
}

function findProblems(text: Text, reference: ParseReference): TSmartParseProblem[] {
  const problems: TSmartParseProblem[] = [];
  const refuse = (match: RegExpExecArray, message: string, field: "start_date" | "end_date" = "start_date") => {
    const isEnd = field === "end_date" || RANGE_END_BEFORE.test(text.source.slice(0, match.index));
    problems.push({ field: isEnd ? "end_date" : "start_date", text: match[0].trim(), message });
    text.take(match.index, match.index + match[0].length);
  };
  const yearOf = (month: number, day: number, written: string | undefined) => {
    if (written) return Number(written);
    const { now } = reference;
    return month < now.month || (month === now.month && day < now.day) ? now.year + 1 : now.year;
  };
  const checkDay = (match: RegExpExecArray, day: number, month: number, written: string | undefined) => {
    const year = yearOf(month, Math.min(day, 28), written);
    if (day < 1 || day > daysInMonth(year, month)) {
      const yearWords = written ? ` ${written}` : "";
      // 29 February is a date some years: say which year we meant.
      const which = month === 2 && day === 29 && !written ? ` in ${year}` : "";
      refuse(match, `${day} ${monthTitle(month)}${yearWords} is not a date${which}`);
    }
  };
  for (const match of freeMatches(text, DAY_MONTH)) checkDay(match, Number(match[1]), monthNumber(match[2]!), match[3]);
  for (const match of freeMatches(text, MONTH_DAY)) checkDay(match, Number(match[2]), monthNumber(match[1]!), match[3]);
  for (const match of freeMatches(text, ISO_DAY)) {
    if (!parseCalendarDate(match[0])) refuse(match, `${match[0]} is not a date`);
  }
  for (const match of freeMatches(text, CLOCK)) {
    if (Number(match[1]) > 23 || Number(match[2]) > 59) refuse(match, `${match[0]} is not a time`);
  }
  for (const match of freeMatches(text, MERIDIEM_HOUR)) {
    const hour = Number(match[1]);
    if (hour === 0 || hour > 12) refuse(match, `${match[0].trim()} is not a time`);
  }
  return problems;
}

// ---- Dates and times.

interface Point {
  /** null: only a time was written ("at 3pm"); the day follows from now. */
  day: Day | null;
  time: Time | null;
  /** Only a weekday was written ("on Saturday"): it is never in the past. */
  isWeekdayOnly: boolean;
}

interface When extends Found {
  start: Point;
  /** The end of a written range ("to March 28 6pm", "-13:15"); its day null when not written. */
  end: Point | null;
  /** The end is the day after ("this Saturday and Sunday"), or a whole weekend. */
  isRange: boolean;
}

const ZERO_PADDED = /(?<!\d)0\d[:.]\d{2}/;

function pointOf(components: chrono.ParsedComponents, text: string, hasOwnDay = true): Point {
  const hasTime = components.isCertain("hour");
  const hasDay = components.isCertain("day") || components.isCertain("weekday") || components.isCertain("month") || !hasTime;
  const hour = components.get("hour") ?? 0;
  const time: Time | null = hasTime
    ? { hour, minute: components.get("minute") ?? 0, isExact: components.isCertain("meridiem") || hour >= 13 || hour === 0 || ZERO_PADDED.test(text) }
    : null;
  const day: Day | null = hasDay && hasOwnDay ? { year: components.get("year")!, month: components.get("month")!, day: components.get("day")! } : null;
  return { day, time, isWeekdayOnly: components.isCertain("weekday") && !components.isCertain("day") };
}

// The last "to"/"until"/dash in a range, not a dash inside an ISO date.
const RANGE_WORD = /\s+(?:to|until|till|through|thru)\s+/gi;
const RANGE_DASH = /\s*[-–—]\s*/g;

function endText(rangeText: string): string | null {
  const words = [...rangeText.matchAll(RANGE_WORD)];
  const last = words.at(-1) ?? [...rangeText.matchAll(RANGE_DASH)].filter((match) => !/\d{4}(?:-\d{2})?$/.test(rangeText.slice(0, match.index))).at(-1);
  return last ? rangeText.slice(last.index + last[0].length) : null;
}


const hasWrittenDay = (result: chrono.ParsedResult) =>
  result.start.isCertain("day") || result.start.isCertain("weekday") || result.start.isCertain("month");

const NOT_A_WHEN = /^(?:weekend|night|(?:the\s+)?\p{L})$/iu;

function chronoWhens(text: Text, reference: Date): When[] {
  const whens: When[] = [];
  for (const result of chrono.parse(text.masked(" "), reference, { forwardDate: true })) {
    // "Weekend trip", "Night shift": a bare word names the thing, not a date ("this weekend" is
    // one); nor is a lone letter ("the Y" of "the Y.M.C.A." read as "the year").
    if (NOT_A_WHEN.test(result.text)) continue;
    const found = { index: result.index, stop: result.index + result.text.length };
    const start = pointOf(result.start, result.text);
    if (/weekend/i.test(result.text) && start.day && !start.time) {
      whens.push({ ...found, start, end: { day: addDays(start.day, 1), time: null, isWeekdayOnly: false }, isRange: true });
      continue;
    }
    let end: Point | null = null;
    if (result.end) {
      // chrono moves a range's end by its own rules ("9 to 5 tomorrow" ends at 05:00 the next
      // day); read the end's own words to know whether it names a day at all.
      const ownWords = endText(result.text);
      const own = ownWords ? chrono.parse(ownWords, reference, { forwardDate: true })[0] : undefined;
      const chronoEnd = pointOf(result.end, ownWords ?? result.text);
      const ownDay = own && hasWrittenDay(own) ? pointOf(own.start, ownWords!) : null;
      end = {
        time: chronoEnd.time,
        // A timed end without its own day is on the start's day; an all-day end keeps chrono's ("Dec 4-6").
        day: ownDay?.day ?? (chronoEnd.time ? null : chronoEnd.day),
        isWeekdayOnly: ownDay?.isWeekdayOnly ?? false,
      };
    }
    whens.push({ ...found, start, end, isRange: end !== null });
  }
  return whens;
}

// "on the 17th", "the 3rd": the next day of the month with that number (chrono reads neither).
const ORDINAL_DAY = new RegExp(`(?:\\bthe\\s+|(?<=\\b(?:on|and|to|until|till|through)\\s+|[-–]\\s*))(\\d{1,2})(?:st|nd|rd|th)\\b(?!\\s+(?:of\\s+)?${MONTH_NAME}\\b)`, "gi");

function ordinalWhens(text: Text, reference: ParseReference, problems: TSmartParseProblem[]): When[] {
  const whens: When[] = [];
  for (const match of freeMatches(text, ORDINAL_DAY)) {
    const number = Number(match[1]);
    const found = { index: match.index, stop: match.index + match[0].length };
    text.take(found.index, found.stop);
    if (number < 1 || number > 31) {
      problems.push({ field: "start_date", text: match[0], message: `The ${match[1]}${match[0].replace(/^.*\d/, "")} is not a day of the month` });
      continue;
    }
    // This month if the day is still ahead (or today), else the next month that has it.
    let months = reference.now.year * 12 + reference.now.month - 1 + (number < reference.now.day ? 1 : 0);
    while (number > daysInMonth(Math.floor(months / 12), (months % 12) + 1)) months += 1;
    const day = { year: Math.floor(months / 12), month: (months % 12) + 1, day: number };
    whens.push({ ...found, start: { day, time: null, isWeekdayOnly: false }, end: null, isRange: false });
  }
  return whens;
}

const JOINS_DAYS = /^\s*(?:and|to|until|till|through|thru|-|–|—|&)\s*$/i;

/**
 * One "when" from several finds: a day and a time found apart ("next wed @ The Cantina
 * 12:30-13:15"), or two days joined ("this Saturday and Sunday"). Finds it cannot join stay
 * in the title, where the person sees them. Returns the when and the finds it used.
 */
function mergeWhens(whens: When[], text: Text): { when: When; used: Found[] } | null {
  const sorted = [...whens].sort((a, b) => a.index - b.index);
  const first = sorted[0];
  if (!first) return null;
  let when: When = first;
  const used: Found[] = [first];
  const isDayOnly = (w: When) => w.start.day !== null && w.start.time === null && !w.isRange;
  const isTimeOnly = (w: When) => w.start.day === null && w.start.time !== null;
  for (const next of sorted.slice(1)) {
    const gap = text.masked(" ").slice(used.at(-1)!.stop, next.index);
    if (isDayOnly(when) && isTimeOnly(next)) {
      when = { ...when, start: { ...when.start, time: next.start.time }, end: next.end, isRange: next.isRange };
    } else if (isTimeOnly(when) && (isDayOnly(next) || (next.start.day && next.start.time === null))) {
      when = { ...when, start: { ...next.start, time: when.start.time } };
    } else if (isDayOnly(when) && isDayOnly(next) && JOINS_DAYS.test(gap)) {
      when = { ...when, end: next.start, isRange: true };
    } else {
      continue;
    }
    used.push(next);
  }
  return { when, used };
}

/** 1–6 without am/pm is the afternoon ("at 3"); 7–11 too for an evening kind ("dinner at 8"). */
function guessMeridiem(time: Time, isEvening: boolean): Time {
  if (time.isExact || time.hour >= 12) return time;
  if ((time.hour >= 1 && time.hour <= 6) || (isEvening && time.hour >= 7)) return { ...time, hour: time.hour + 12 };
  return time;
}

interface Resolved {
  start: TEventDate;
  end: TEventDate;
  /** Timed events only. */
  minutes?: number;
  isRange: boolean;
}

function resolveWhen(when: When, reference: ParseReference, isEvening: boolean, minutesIfOpen: number): Resolved {
  const { now, timeZone } = reference;
  const today: Day = now;
  const time = when.start.time ? guessMeridiem(when.start.time, isEvening) : null;
  let day = when.start.day;
  if (!day) {
    // Only a time: today if it is still ahead, else tomorrow.
    day = time && time.hour * 60 + time.minute <= now.hour * 60 + now.minute ? addDays(today, 1) : today;
  } else if (when.start.isWeekdayOnly && compareDays(day, today) < 0) {
    day = addDays(day, 7);
  }
  const endDayOf = (end: Point, from: Day) => {
    const endDay = end.day ?? from;
    return end.isWeekdayOnly && compareDays(endDay, from) < 0 ? addDays(endDay, 7) : endDay;
  };

  if (!time) {
    const endDay = when.end?.day ? endDayOf(when.end, day) : day;
    return { start: { date: formatDate(day), time_zone: timeZone }, end: { date: formatDate(endDay), time_zone: timeZone }, isRange: when.isRange };
  }
  const start = at(day, time);
  let end: WallClock;
  const endTime = when.end?.time;
  if (when.end && endTime) {
    end = at(endDayOf(when.end, day), endTime);
    // "9 to 5": a bare end hour that would end before the start is the afternoon, else the next day.
    if (utcOf(end) <= utcOf(start) && !endTime.isExact && endTime.hour < 12) end = addMinutes(end, 12 * 60);
    // "10pm to 6am on Friday": the day names the start; the end is the next morning.
    if (utcOf(end) <= utcOf(start) && (!when.end.day || compareDays(when.end.day, day) === 0)) end = addMinutes(end, 24 * 60);
  } else {
    end = addMinutes(start, minutesIfOpen);
  }
  return {
    start: { date_time: formatDateTime(start), time_zone: timeZone },
    end: { date_time: formatDateTime(end), time_zone: timeZone },
    minutes: Math.round((utcOf(end) - utcOf(start)) / 60_000),
    isRange: Boolean(when.end && endTime),
  };
}

// ---- The place.

// Abbreviations whose period does not end a place ("St. Mary's Church", "Dr. Costa's clinic").
const ABBREVIATIONS = /(?:^|[\s(.])(?:st|dr|mt|ave|av|rd|blvd|sq|no|nr|ft|pt|jr|sr|mr|mrs|ms|prof|[\p{L}])$/iu;
const NOT_A_PLACE_AFTER_AT = /^(?:lunch|dinner|breakfast|brunch|noon|midnight|night|least|most|once|all|any|some|the\s+(?:latest|earliest|end|start|beginning|weekend|same))\b/i;
const PLACE_INTRO = /(?:^|\s)(@|at|in)\s*(?=\S)/giu;
const PLACE_STOP = /\u0001|[,;!?\n()]|\s(?:with|for|to|about|regarding|re|and then)\s/iu;
const TRAILING_TIES = /\s+(?:on|at|from|this|next|and|the|by|in|of|for|to)$/i;

interface Place extends Found {
  location: string;
}

function findPlace(text: Text): Place | null {
  const source = text.masked();
  for (const intro of source.matchAll(PLACE_INTRO)) {
    const word = intro[1]!.toLowerCase();
    const from = intro.index + intro[0].length;
    const rest = source.slice(from);
    // After "at", a name, or a street number before a name ("at 42 Rua Augusta"): chrono has taken the times.
    if (word === "at" && (NOT_A_PLACE_AFTER_AT.test(rest) || !/^(?:[\p{L}'’"]|\d+[a-z]?,?\s+\p{Lu})/u.test(rest))) continue;
    if (word === "in" && !/^(?:the\s+[^\s\u0001]|\p{Lu})/u.test(rest)) continue;
    if (word === "@" && !/^[\p{L}\d'’"]/u.test(rest)) continue;
    let stop = rest.search(PLACE_STOP);
    if (stop === -1) stop = rest.length;
    // A period ends the place unless it closes an abbreviation or an initial.
    for (const period of rest.slice(0, stop).matchAll(/\.(?=\s|$)/g)) {
      if (!ABBREVIATIONS.test(rest.slice(0, period.index))) {
        stop = period.index;
        break;
      }
    }
    let location = rest.slice(0, stop).trim();
    while (TRAILING_TIES.test(location)) location = location.replace(TRAILING_TIES, "").trim();
    // A period still at the end closes an abbreviation ("the Y.M.C.A."): it stays.
    location = location.replace(/^["“]|["”]$/g, "").trim();
    if (!/\p{L}/u.test(location)) continue;
    const start = intro.index + intro[0].indexOf(intro[1]!);
    return { index: start, stop: from + rest.indexOf(location) + location.length, location };
  }
  return null;
}

// ---- The title and the people in it.

const TIES_BEFORE_MASK = /(?:^|\s)(?:on|at|from|for|by|this|next|between|starting|until|till|through|thru|to|and|in|the|of|@|-|–|—|,|&)\s*(?=\u0001)/i;
const LEADING_ASKS = /^(?:please\s+)?(?:(?:can|could)\s+you\s+)?(?:schedule|add|create|set\s+up|put|plan|arrange|make|organi[sz]e|book\s+(?=an?\s))\s+(?:(?:an?|my)\s+)?|^(?:please\s+)?remind\s+me\s+(?:to|about|of)\s+|^(?:i\s+have|i've\s+got|there\s+is|there's)\s+(?:an?\s+)?/i;

function titleOf(text: Text): string | undefined {
  let title = text.masked();
  for (let previous = ""; previous !== title; ) {
    previous = title;
    title = title.replace(TIES_BEFORE_MASK, MASK);
  }
  title = title
    .replace(/\u0001+/g, " ")
    .replace(/\s+/g, " ")
    .replace(/\s+([,.;!?])/g, "$1")
    .replace(/(?:,\s*)+,/g, ",")
    .replace(/^[\s,.;:–—-]+|[\s,;:–—-]+$/g, "")
    .replace(/\.$/, "")
    .replace(LEADING_ASKS, "")
    .replace(/\s+(?:on|at|from|for|the|this|next|and|by)$/i, "")
    .trim();
  return title ? title.charAt(0).toUpperCase() + title.slice(1) : undefined;
}

const NAME = "(?:(?:Dr|Mr|Mrs|Ms|Prof)\\.?\\s+)?\\p{Lu}[\\p{L}'’-]*(?:\\s+\\p{Lu}[\\p{L}'’-]*)*";
const WITH_PEOPLE = new RegExp(`\\bwith\\s+(${NAME}(?:\\s*(?:,|&|\\band\\b)\\s*${NAME})*)`, "gu");
const NOT_PEOPLE = /^(?:The|My|Our|Your|His|Her|Their|A|An|All|Everyone|Everybody|Team|Me|Us|Them|Him|I)$/;

/** Capitalised names after "with": "with Bruno and Carla", "with Ana Silva"; "with the team" is nobody. */
export function peopleIn(title: string): string[] {
  const people: string[] = [];
  for (const match of title.matchAll(WITH_PEOPLE)) {
    for (const name of match[1]!.split(/\s*(?:,|&|\band\b)\s*/u)) {
      const trimmed = name.trim();
      if (trimmed && !NOT_PEOPLE.test(trimmed.split(/\s+/)[0]!) && !people.includes(trimmed)) people.push(trimmed);
    }
  }
  return people;
}

// ---- Putting it together.

/** The event fields a description names, in the user's zone. Only what was found is set. */
export function parseSchedule(description: string, reference: ParseReference): ParsedSchedule {
  const text = new Text(normalise(description));
  const problems = findProblems(text, reference);
  // Read before the dates, so "every Tuesday" is a rule, not one Tuesday, and "until Christmas"
  // is its end, not a range's (repeat-phrases.ts).
  const repeat = readRepeat(text, reference.now);

  let explicitMinutes: number | undefined;
  for (const match of freeMatches(text, FOR_DURATION)) {
    explicitMinutes = minutesOfFor(match);
    text.take(match.index, match.index + match[0].length);
    break;
  }

  const ordinals = ordinalWhens(text, reference, problems);
  // chrono computes in the process's own zone: it gets the user's wall clock as a local Date,
  // and its components are read back as wall-clock fields, so the process's zone cancels out.
  const { year, month, day, hour, minute } = reference.now;
  const chronoReference = new Date(year, month - 1, day, hour, minute);
  const merged = mergeWhens([...ordinals, ...chronoWhens(text, chronoReference)], text);
  for (const found of merged?.used ?? []) text.take(found.index, found.stop);

  const adjective = ADJECTIVE_DURATION.exec(text.masked());
  if (adjective && explicitMinutes === undefined) explicitMinutes = minutesOfAdjective(adjective);

  const place = findPlace(text);
  if (place) text.take(place.index, place.stop);
  const title = titleOf(text);

  const candidate: Record<string, unknown> = {};
  if (title) candidate.title = title;
  if (place) candidate.location = place.location;

  let duration: Pick<ParsedSchedule, "duration_minutes" | "duration_source" | "duration_reason"> = {};
  // A date or time we could not read makes every date suspect: say so rather than half-fill.
  const isWhenTrusted = !problems.some((problem) => problem.field === "start_date" || problem.field === "end_date");
  // A repeat with no day or time written ("Standup every weekday") starts today, all day.
  const when = merged?.when ?? (repeat ? { index: 0, stop: 0, start: { day: reference.now, time: null, isWeekdayOnly: false }, end: null, isRange: false } : null);
  if (when && isWhenTrusted) {
    const fallback = defaultDuration(title ?? "");
    const resolved = resolveWhen(when, reference, EVENING_WORDS.test(text.source), explicitMinutes ?? fallback.minutes);
    const settled = repeat ? settleRepeat(repeat, resolved) : null;
    candidate.start_date = settled?.start ?? resolved.start;
    candidate.end_date = settled?.end ?? resolved.end;
    if (settled) candidate.recurrence = settled.recurrence;
    if (resolved.minutes !== undefined) {
      duration = resolved.isRange
        ? { duration_minutes: resolved.minutes, duration_source: "range", duration_reason: "from the time range" }
        : explicitMinutes !== undefined
          ? { duration_minutes: resolved.minutes, duration_source: "explicit", duration_reason: "as written" }
          : { duration_minutes: resolved.minutes, duration_source: "default", duration_reason: fallback.reason };
    }
  }
  if (problems.length > 0) candidate.problems = problems;

  const whenText = merged ? merged.used.map((found) => text.source.slice(found.index, found.stop)).join(" … ") : "";
  const fields = keepWhatTheContractAccepts(candidate, (field) => (field === "title" ? (title ?? "") : field === "location" ? (place?.location ?? "") : whenText));
  const hasWhen = fields.start_date !== undefined;
  return {
    ...fields,
    hasWhen,
    people: title ? peopleIn(title) : [],
    ...(hasWhen ? duration : {}),
  };
}

/** The smart-parse result proper: the found fields, without what only our own callers read. */
export function toSmartParseResult(parsed: ParsedSchedule): TSmartParseResult {
  const { hasWhen: _hasWhen, people: _people, duration_minutes: _minutes, duration_source: _source, duration_reason: _reason, ...fields } = parsed;
  return fields;
}
