import * as chrono from "chrono-node";
import {
  MAX_RECURRENCE_COUNT,
  RECURRENCE_WEEKDAYS,
  formatRecurrence,
  type TEventDate,
  type TRecurrenceFrequency,
  type TRecurrenceRule,
  type TRecurrenceWeekday,
} from "@amia/contracts";

/*
 * How a description says an event repeats (issue 16): "every weekday at 10", "every other
 * Tuesday", "every month on the 1st", "daily standup at 9:15", "weekly on Mon and Wed",
 * "every Friday until Christmas", "for 6 weeks", "10 times". Pure; the schedule parser calls it
 * on its masked text before it looks for dates, so chrono never reads "every Tuesday" as one
 * Tuesday nor "until Christmas" as a range's end.
 *
 * Rules (docs/decisions.md "Smart-fill parser: repeating"):
 * - "daily" / "weekly" / "monthly" / "yearly" before a noun ("Daily standup", "Weekly sync") name
 *   the rule and stay in the title; everywhere else the repeat words leave the title.
 * - A weekly rule without named days repeats on the start's weekday; a monthly one on the
 *   start's day of the month. Named days ("every Tuesday", "on the 1st") choose the start: the
 *   first such day from today (today when its time is still ahead).
 * - The end: "until <day>" (a date chrono reads, or Christmas, Christmas Eve, New Year's Eve,
 *   New Year's Day, the end of the month / year) is the last day, inclusive; "for N days / weeks /
 *   months / years" ends N of them after the start (the day before); "N times" is a count.
 *   "until" is read as the repeat's end only when it names a day, so "9 until 5" stays a time range.
 */

/** The parser's masked text, as this reader needs it. */
export interface MaskableText {
  masked(filler?: string): string;
  isFree(start: number, end: number): boolean;
  take(start: number, end: number): void;
}

export interface RepeatFound {
  freq: TRecurrenceFrequency;
  interval: number;
  /** Named days (weekly); empty: the start's weekday. */
  days: TRecurrenceWeekday[];
  /** A named day of the month (monthly); null: the start's. */
  monthDay: number | null;
  /** The end as written, to resolve against the start: a day, or a span after it, or a count. */
  end: { until: { year: number; month: number; day: number } } | { span: { n: number; unit: "day" | "week" | "month" | "year" } } | { count: number } | null;
}

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, other: 2 };
const numberOf = (word: string): number => NUMBER_WORDS[word.toLowerCase()] ?? Number(word);
const NUMBER = "(\\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)";

const DAY_NAMES: Array<[TRecurrenceWeekday, string]> = [
  ["MO", "mon(?:day)?"],
  ["TU", "tue(?:s(?:day)?)?"],
  ["WE", "wed(?:nesday)?"],
  ["TH", "thu(?:r(?:s(?:day)?)?)?"],
  ["FR", "fri(?:day)?"],
  ["SA", "sat(?:urday)?"],
  ["SU", "sun(?:day)?"],
];
/** One day's name, whole ("every month" names no Monday). */
const DAY = `(?:${DAY_NAMES.map(([, pattern]) => pattern).join("|")})(?![a-z])`;
/** "Monday", "Mon and Wed", "Tuesday, Thursday & Friday". */
const DAY_LIST = `${DAY}\\.?(?:\\s*(?:,|&|\\/|\\band\\b)\\s*${DAY}\\.?)*`;
/** "Mondays", "Tuesdays and Thursdays": plural days only ("on Monday" is one Monday). */
const PLURAL_DAY = "(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)";
const PLURAL_DAY_LIST = `${PLURAL_DAY}(?:\\s*(?:,|&|\\band\\b)\\s*${PLURAL_DAY})*`;
const ORDINAL = "(\\d{1,2})(?:st|nd|rd|th)";

const DAY_PREFIXES: Record<string, TRecurrenceWeekday> = { mon: "MO", tue: "TU", wed: "WE", thu: "TH", fri: "FR", sat: "SA", sun: "SU" };

/** The days a matched list names, in week order. */
function daysIn(text: string): TRecurrenceWeekday[] {
  const found = new Set((text.toLowerCase().match(/[a-z]+/g) ?? []).map((word) => DAY_PREFIXES[word.slice(0, 3)]).filter((day) => day !== undefined));
  return RECURRENCE_WEEKDAYS.filter((day) => found.has(day));
}

const WEEKDAYS: TRecurrenceWeekday[] = ["MO", "TU", "WE", "TH", "FR"];
const UNIT_FREQ = { day: "DAILY", week: "WEEKLY", month: "MONTHLY", year: "YEARLY" } as const;

/** The ways of saying a repeat, most specific first. `keep`: the word stays in the title. */
const PATTERNS: Array<{ pattern: RegExp; read: (match: RegExpExecArray) => Omit<RepeatFound, "end"> }> = [
  {
    pattern: /\b(?:every|each)\s+(?:week\s*day|working\s+day|business\s+day)s?\b|\b(?:on\s+)?weekdays\b|\bmonday\s+(?:to|through|thru|-)\s+friday\b/i,
    read: () => ({ freq: "WEEKLY", interval: 1, days: WEEKDAYS, monthDay: null }),
  },
  {
    pattern: new RegExp(`\\b(?:every|each)\\s+(?:${NUMBER}|other)\\s+(day|week|month|year)s?\\b(?:\\s+on\\s+(${DAY_LIST}|the\\s+${ORDINAL}))?`, "i"),
    read: (match) => ({
      freq: UNIT_FREQ[match[2]!.toLowerCase() as keyof typeof UNIT_FREQ],
      interval: match[1] ? numberOf(match[1]) : 2,
      days: match[3] && !match[4] ? daysIn(match[3]) : [],
      monthDay: match[4] ? Number(match[4]) : null,
    }),
  },
  {
    pattern: new RegExp(`\\b(?:every|each)\\s+other\\s+(${DAY_LIST})`, "i"),
    read: (match) => ({ freq: "WEEKLY", interval: 2, days: daysIn(match[1]!), monthDay: null }),
  },
  {
    pattern: new RegExp(`\\b(?:every|each)\\s+(${DAY_LIST})`, "i"),
    read: (match) => ({ freq: "WEEKLY", interval: 1, days: daysIn(match[1]!), monthDay: null }),
  },
  {
    pattern: new RegExp(`\\b(?:weekly|every\\s+week|each\\s+week)\\s+on\\s+(${DAY_LIST})`, "i"),
    read: (match) => ({ freq: "WEEKLY", interval: 1, days: daysIn(match[1]!), monthDay: null }),
  },
  {
    pattern: new RegExp(`\\b(?:monthly|every\\s+month|each\\s+month)\\s+on\\s+the\\s+${ORDINAL}\\b|\\bon\\s+the\\s+${ORDINAL}\\s+of\\s+(?:every|each|the)\\s+month\\b`, "i"),
    read: (match) => ({ freq: "MONTHLY", interval: 1, days: [], monthDay: Number(match[1] ?? match[2]) }),
  },
  {
    pattern: new RegExp(`\\b(?:on\\s+)?(${PLURAL_DAY_LIST})\\b`, "i"),
    read: (match) => ({ freq: "WEEKLY", interval: 1, days: daysIn(match[1]!), monthDay: null }),
  },
  { pattern: /\b(?:every|each)\s+day\b|\bdaily\b/i, read: () => ({ freq: "DAILY", interval: 1, days: [], monthDay: null }) },
  { pattern: /\b(?:every|each)\s+week\b|\bweekly\b/i, read: () => ({ freq: "WEEKLY", interval: 1, days: [], monthDay: null }) },
  { pattern: /\b(?:every|each)\s+month\b|\bmonthly\b/i, read: () => ({ freq: "MONTHLY", interval: 1, days: [], monthDay: null }) },
  { pattern: /\b(?:every|each)\s+year\b|\byearly\b|\bannually\b/i, read: () => ({ freq: "YEARLY", interval: 1, days: [], monthDay: null }) },
];

/** "Daily standup", "Weekly sync": the adjective names the meeting and stays in its title. */
const ADJECTIVE = /^(?:daily|weekly|monthly|yearly)$/i;
const NOT_A_NOUN = /^\s+(?:on|at|from|until|till|through|starting|for|in|@|every|each|and|to|with)\b|^\s*(?:$|[,.;!?\d])/i;

/** Named days after "until" (the next one on or after today). */
const HOLIDAYS: Array<[RegExp, (year: number) => { month: number; day: number }]> = [
  [/^christmas\s+eve\b/i, () => ({ month: 12, day: 24 })],
  [/^(?:christmas|xmas)(?:\s+day)?\b/i, () => ({ month: 12, day: 25 })],
  [/^new\s+year['’]?s\s+eve\b/i, () => ({ month: 12, day: 31 })],
  [/^new\s+year['’]?s(?:\s+day)?\b/i, () => ({ month: 1, day: 1 })],
  [/^the\s+end\s+of\s+(?:the\s+)?year\b/i, () => ({ month: 12, day: 31 })],
];

type Day = { year: number; month: number; day: number };
const dayNumber = (d: Day) => Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;

function untilDay(rest: string, today: Day): { day: Day; length: number } | null {
  for (const [pattern, date] of HOLIDAYS) {
    const match = pattern.exec(rest);
    if (!match) continue;
    const { month, day } = date(today.year);
    const thisYear = { year: today.year, month, day };
    return { day: dayNumber(thisYear) >= dayNumber(today) ? thisYear : { ...thisYear, year: today.year + 1 }, length: match[0].length };
  }
  const endOfMonth = /^the\s+end\s+of\s+(?:the|this)\s+month\b/i.exec(rest);
  if (endOfMonth) return { day: { ...today, day: new Date(Date.UTC(today.year, today.month, 0)).getUTCDate() }, length: endOfMonth[0].length };
  const [found] = chrono.parse(rest, new Date(today.year, today.month - 1, today.day, 12), { forwardDate: true });
  if (!found || found.index !== 0 || found.start.isCertain("hour") || !(found.start.isCertain("day") || found.start.isCertain("weekday"))) return null;
  return { day: { year: found.start.get("year")!, month: found.start.get("month")!, day: found.start.get("day")! }, length: found.text.length };
}

/** The first free match of `pattern` in `text`, with its index in the source. */
function firstFree(text: MaskableText, pattern: RegExp): RegExpExecArray | null {
  const global = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
  for (const match of text.masked().matchAll(global)) {
    if (text.isFree(match.index, match.index + match[0].length)) return match as RegExpExecArray;
  }
  return null;
}

/**
 * The repeat a description names, its words taken from `text` (except an adjective that names
 * the meeting), or null when it names none. `today` resolves "until" days.
 */
export function readRepeat(text: MaskableText, today: Day): RepeatFound | null {
  let found: Omit<RepeatFound, "end"> | null = null;
  for (const { pattern, read } of PATTERNS) {
    const match = firstFree(text, pattern);
    if (!match) continue;
    found = read(match);
    const isAdjective = ADJECTIVE.test(match[0]) && !NOT_A_NOUN.test(text.masked().slice(match.index + match[0].length));
    if (!isAdjective) text.take(match.index, match.index + match[0].length);
    break;
  }
  if (!found) return null;
  return { ...found, end: readEnd(text, today) };
}

function readEnd(text: MaskableText, today: Day): RepeatFound["end"] {
  const count = firstFree(text, new RegExp(`\\b(?:for\\s+)?${NUMBER}\\s+(?:times|sessions|occurrences)\\b`, "i"));
  if (count) {
    text.take(count.index, count.index + count[0].length);
    return { count: numberOf(count[1]!) };
  }
  const span = firstFree(text, new RegExp(`\\bfor\\s+(?:the\\s+next\\s+)?${NUMBER}\\s+(day|week|month|year)s?\\b`, "i"));
  if (span) {
    text.take(span.index, span.index + span[0].length);
    return { span: { n: numberOf(span[1]!), unit: span[2]!.toLowerCase() as "day" | "week" | "month" | "year" } };
  }
  const source = text.masked();
  for (const match of source.matchAll(/\b(?:until|till|through|thru|ending(?:\s+on)?)\s+/gi)) {
    const from = match.index + match[0].length;
    const day = untilDay(source.slice(from), today);
    if (!day || !text.isFree(match.index, from + day.length)) continue;
    text.take(match.index, from + day.length);
    return { until: day.day };
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, "0");
const isoOf = (d: Day) => `${String(d.year).padStart(4, "0")}-${pad(d.month)}-${pad(d.day)}`;
const dayOf = (n: number): Day => {
  const date = new Date(n * 86_400_000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};
const weekdayOf = (d: Day): TRecurrenceWeekday => RECURRENCE_WEEKDAYS[(new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7]!;

/** An event date moved by whole days on its own wall clock (`date` or local `date_time`). */
function shifted(value: TEventDate, days: number): TEventDate {
  if (days === 0) return value;
  const text = value.date ?? value.date_time ?? "";
  const day = dayOf(dayNumber({ year: Number(text.slice(0, 4)), month: Number(text.slice(5, 7)), day: Number(text.slice(8, 10)) }) + days);
  return value.date !== undefined ? { date: isoOf(day), time_zone: value.time_zone } : { date_time: `${isoOf(day)}${text.slice(10)}`, time_zone: value.time_zone };
}

/**
 * The repeat made definite against the event's dates: the start moved forward (with its end) to
 * the first day the named days allow ("every Tuesday" from a Monday: Tuesday), the days or the
 * day of the month the start implies spelled out, and the end resolved against the start ("for 6
 * weeks": the day before six weeks on). An end that falls before the start is left out.
 */
export function settleRepeat(found: RepeatFound, dates: { start: TEventDate; end: TEventDate }): { start: TEventDate; end: TEventDate; recurrence: string } {
  const text = dates.start.date ?? dates.start.date_time ?? "";
  const first = { year: Number(text.slice(0, 4)), month: Number(text.slice(5, 7)), day: Number(text.slice(8, 10)) };
  const fits = (d: Day) => (found.days.length > 0 ? found.days.includes(weekdayOf(d)) : found.monthDay !== null ? d.day === found.monthDay : true);
  let shift = 0;
  while (shift < 400 && !fits(dayOf(dayNumber(first) + shift))) shift += 1;
  const startDay = dayOf(dayNumber(first) + shift);
  const rule: TRecurrenceRule = {
    freq: found.freq,
    interval: found.interval,
    by_day: found.freq === "WEEKLY" ? (found.days.length > 0 ? found.days : [weekdayOf(startDay)]) : [],
    by_month_day: found.freq === "MONTHLY" ? startDay.day : null,
    count: null,
    until: null,
  };
  const end = found.end;
  if (end && "count" in end) rule.count = Math.min(Math.max(end.count, 1), MAX_RECURRENCE_COUNT);
  if (end && "until" in end && dayNumber(end.until) >= dayNumber(startDay)) rule.until = isoOf(end.until);
  if (end && "span" in end) {
    const { n, unit } = end.span;
    const after =
      unit === "day" || unit === "week"
        ? dayOf(dayNumber(startDay) + n * (unit === "week" ? 7 : 1))
        : dayOf(dayNumber({ year: startDay.year + (unit === "year" ? n : 0), month: startDay.month + (unit === "month" ? n : 0), day: 1 }) + startDay.day - 1);
    rule.until = isoOf(dayOf(dayNumber(after) - 1));
  }
  return { start: shifted(dates.start, shift), end: shifted(dates.end, shift), recurrence: formatRecurrence(rule) };
}
