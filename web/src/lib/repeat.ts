import {
  MAX_RECURRENCE_COUNT,
  MAX_RECURRENCE_INTERVAL,
  MAX_RECURRENCE_UNTIL_YEARS,
  RECURRENCE_WEEKDAYS,
  RECURRENCE_WEEKDAY_NAMES,
  describeRecurrenceText,
  eventDateToEpochMs,
  formatRecurrence,
  parseRecurrence,
  utcOffsetMinutes,
  weekdayOfDate,
  type TEventRequest,
  type TRecurrenceRule,
  type TRecurrenceWeekday,
} from "@amia/contracts";
import { addDaysToDate } from "./wall-clock.ts";

/*
 * The event form's Repeat choice (issue 16 point 2), as plain form values, and the RRULE it
 * stands for (contracts' recurrence.ts, read in the event's zone). Pure: the form calls these.
 *
 * Choices: does not repeat, every day, every weekday (Mon–Fri), weekly on chosen days, monthly
 * (on the start's day of the month), custom (every N days / weeks on chosen days / months /
 * years). Ends: never (the default, as in Google Calendar), on a date (inclusive, in the event's
 * zone), or after N times (10 when first picked). Limits are the contract's: N from 1 to 99, up to
 * 730 times, an end date within 5 years. Every stored rule opens in one of these choices, so an
 * edit shows what is stored and sends it back only when the person changed it.
 */

/** Form values: every one a string, so "did it change" is `!==` like the form's other fields. */
export const REPEAT_KINDS = ["none", "daily", "weekdays", "weekly", "monthly", "custom"] as const;
export type RepeatKind = (typeof REPEAT_KINDS)[number];
export const REPEAT_UNITS = ["day", "week", "month", "year"] as const;
export type RepeatUnit = (typeof REPEAT_UNITS)[number];
export const REPEAT_ENDS = ["never", "on", "after"] as const;
export type RepeatEnds = (typeof REPEAT_ENDS)[number];

export interface RepeatFields {
  repeat: RepeatKind;
  /** Weekly (and custom weeks): the chosen days, "MO,WE" in week order; "" for none. */
  repeat_days: string;
  /** Custom: "every N …", as typed. */
  repeat_interval: string;
  repeat_unit: RepeatUnit;
  repeat_ends: RepeatEnds;
  /** Ends on: "YYYY-MM-DD" or "". */
  repeat_until: string;
  /** Ends after: as typed. */
  repeat_count: string;
}

export type RepeatField = keyof RepeatFields;

export const REPEAT_LABELS: Record<RepeatKind, string> = {
  none: "Does not repeat",
  daily: "Every day",
  weekdays: "Every weekday (Monday to Friday)",
  weekly: "Weekly on chosen days",
  monthly: "Monthly on the same day",
  custom: "Custom",
};
export const REPEAT_UNIT_LABELS: Record<RepeatUnit, string> = { day: "days", week: "weeks", month: "months", year: "years" };
export const REPEAT_ENDS_LABELS: Record<RepeatEnds, string> = { never: "Never", on: "On a date", after: "After a number of times" };
/** The day pills' text ("Mon") and what a screen reader hears ("Monday"). */
export const REPEAT_DAY_LABELS = Object.fromEntries(
  RECURRENCE_WEEKDAYS.map((day) => [day, { short: RECURRENCE_WEEKDAY_NAMES[day].slice(0, 3), long: RECURRENCE_WEEKDAY_NAMES[day] }]),
) as Record<TRecurrenceWeekday, { short: string; long: string }>;

/** What "after N times" starts at when first picked. */
export const DEFAULT_REPEAT_COUNT = "10";

export const NO_REPEAT: RepeatFields = {
  repeat: "none",
  repeat_days: "",
  repeat_interval: "2",
  repeat_unit: "week",
  repeat_ends: "never",
  repeat_until: "",
  repeat_count: DEFAULT_REPEAT_COUNT,
};

export const REPEAT_MESSAGES = {
  days: "Choose at least one day.",
  startDay: (day: string) => `The event starts on a ${day}: include ${day}, or move the start to one of the chosen days.`,
  weekdayStart: (day: string) => `The event starts on a ${day}: weekday repeats start on a weekday.`,
  interval: `Enter a whole number from 1 to ${MAX_RECURRENCE_INTERVAL}.`,
  untilMissing: "Choose the last date.",
  untilBefore: "The last date can't be before the event starts.",
  untilTooFar: `Choose a last date within ${MAX_RECURRENCE_UNTIL_YEARS} years of the start, or let it repeat with no end.`,
  count: `Enter how many times, from 1 to ${MAX_RECURRENCE_COUNT}.`,
} as const;

const daysOf = (text: string): TRecurrenceWeekday[] =>
  RECURRENCE_WEEKDAYS.filter((day) => text.split(",").includes(day));

const WEEKDAYS_MO_FR = "MO,TU,WE,TH,FR";

/** Choosing a repeat: weekly choices start with the start's weekday when no day is chosen yet. */
export function setRepeat<T extends RepeatFields & { start_date: string }>(values: T, repeat: RepeatKind): T {
  const next = { ...values, repeat };
  const needsDays = repeat === "weekly" || (repeat === "custom" && values.repeat_unit === "week");
  if (needsDays && next.repeat_days === "") next.repeat_days = weekdayOfDate(values.start_date) ?? "";
  return next;
}

/** Custom's unit; weeks start with the start's weekday like weekly. */
export function setRepeatUnit<T extends RepeatFields & { start_date: string }>(values: T, unit: RepeatUnit): T {
  const next = { ...values, repeat_unit: unit };
  if (unit === "week" && next.repeat_days === "") next.repeat_days = weekdayOfDate(values.start_date) ?? "";
  return next;
}

/** Ticking or unticking one day (kept in week order). */
export function toggleRepeatDay<T extends RepeatFields>(values: T, day: TRecurrenceWeekday, on: boolean): T {
  const days = new Set(daysOf(values.repeat_days));
  if (on) days.add(day);
  else days.delete(day);
  return { ...values, repeat_days: RECURRENCE_WEEKDAYS.filter((d) => days.has(d)).join(",") };
}

/** Whether the days field shows: weekly, or custom in weeks. */
export function showsRepeatDays(values: RepeatFields): boolean {
  return values.repeat === "weekly" || (values.repeat === "custom" && values.repeat_unit === "week");
}

function wholeNumber(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= min && n <= max ? n : null;
}

/**
 * The RRULE the choice stands for (canonical, as the server stores it), or null for "does not
 * repeat" or a choice not yet complete (repeatErrors says what is missing). A monthly rule names
 * the start's day of the month.
 */
export function recurrenceOf(values: RepeatFields & { start_date: string }): string | null {
  if (values.repeat === "none") return null;
  const startDay = values.start_date === "" ? null : Number(values.start_date.slice(8, 10));
  const interval = values.repeat === "custom" ? wholeNumber(values.repeat_interval, 1, MAX_RECURRENCE_INTERVAL) : 1;
  if (interval === null) return null;
  const unit: RepeatUnit =
    values.repeat === "custom" ? values.repeat_unit : values.repeat === "monthly" ? "month" : values.repeat === "daily" ? "day" : "week";
  const rule: TRecurrenceRule = { freq: "DAILY", interval, by_day: [], by_month_day: null, count: null, until: null };
  switch (unit) {
    case "day":
      rule.freq = "DAILY";
      break;
    case "week":
      rule.freq = "WEEKLY";
      rule.by_day = daysOf(values.repeat === "weekdays" ? WEEKDAYS_MO_FR : values.repeat_days);
      if (rule.by_day.length === 0) return null;
      break;
    case "month":
      rule.freq = "MONTHLY";
      rule.by_month_day = startDay;
      break;
    case "year":
      rule.freq = "YEARLY";
      break;
  }
  if (values.repeat_ends === "on") {
    if (values.repeat_until === "") return null;
    rule.until = values.repeat_until;
  }
  if (values.repeat_ends === "after") {
    rule.count = wholeNumber(values.repeat_count, 1, MAX_RECURRENCE_COUNT);
    if (rule.count === null) return null;
  }
  return formatRecurrence(rule);
}

/**
 * What stops a save, in plain words, on the repeat's own fields: at least one day, the start on
 * one of them (it is the first occurrence), a weekday start for weekdays, N in range, an end date
 * not before the start and within 5 years, a count in range.
 */
export function repeatErrors(values: RepeatFields & { start_date: string }): Partial<Record<RepeatField, string>> {
  const errors: Partial<Record<RepeatField, string>> = {};
  if (values.repeat === "none") return errors;
  const startWeekday = weekdayOfDate(values.start_date);
  if (showsRepeatDays(values)) {
    const days = daysOf(values.repeat_days);
    if (days.length === 0) errors.repeat_days = REPEAT_MESSAGES.days;
    else if (startWeekday && !days.includes(startWeekday)) errors.repeat_days = REPEAT_MESSAGES.startDay(REPEAT_DAY_LABELS[startWeekday].long);
  }
  if (values.repeat === "weekdays" && startWeekday && !WEEKDAYS_MO_FR.includes(startWeekday)) {
    errors.repeat = REPEAT_MESSAGES.weekdayStart(REPEAT_DAY_LABELS[startWeekday].long);
  }
  if (values.repeat === "custom" && wholeNumber(values.repeat_interval, 1, MAX_RECURRENCE_INTERVAL) === null) errors.repeat_interval = REPEAT_MESSAGES.interval;
  if (values.repeat_ends === "on") {
    if (values.repeat_until === "") errors.repeat_until = REPEAT_MESSAGES.untilMissing;
    else if (values.start_date !== "" && values.repeat_until < values.start_date) errors.repeat_until = REPEAT_MESSAGES.untilBefore;
    else if (values.start_date !== "" && values.repeat_until > `${Number(values.start_date.slice(0, 4)) + MAX_RECURRENCE_UNTIL_YEARS}${values.start_date.slice(4)}`) {
      errors.repeat_until = REPEAT_MESSAGES.untilTooFar;
    }
  }
  if (values.repeat_ends === "after" && wholeNumber(values.repeat_count, 1, MAX_RECURRENCE_COUNT) === null) errors.repeat_count = REPEAT_MESSAGES.count;
  return errors;
}

/**
 * The form's repeat values for a stored rule (null: does not repeat). A weekly rule that names no
 * day repeats on the start's (RFC 5545), so that day is ticked; the edit compares rules made from
 * form values on both sides (toUpdatePayload), so opening and saving sends no change.
 */
export function repeatFromRecurrence(value: string | null | undefined, startDate: string): RepeatFields {
  if (!value) return { ...NO_REPEAT };
  const parsed = parseRecurrence(value);
  if (!parsed.ok) return { ...NO_REPEAT };
  const { rule } = parsed;
  const fields: RepeatFields = {
    ...NO_REPEAT,
    repeat_days: rule.by_day.length > 0 ? rule.by_day.join(",") : rule.freq === "WEEKLY" ? (weekdayOfDate(startDate) ?? "") : "",
    repeat_ends: rule.count !== null ? "after" : rule.until !== null ? "on" : "never",
    repeat_until: rule.until ?? "",
    repeat_count: rule.count !== null ? String(rule.count) : DEFAULT_REPEAT_COUNT,
  };
  const unit: RepeatUnit = ({ DAILY: "day", WEEKLY: "week", MONTHLY: "month", YEARLY: "year" } as const)[rule.freq];
  if (rule.interval > 1 || unit === "year") return { ...fields, repeat: "custom", repeat_interval: String(rule.interval), repeat_unit: unit };
  if (unit === "day") return { ...fields, repeat: "daily" };
  if (unit === "month") return { ...fields, repeat: "monthly" };
  if (fields.repeat_days === WEEKDAYS_MO_FR) return { ...fields, repeat: "weekdays", repeat_days: "" };
  return { ...fields, repeat: "weekly" };
}

/** A sensible first "ends on" date when the person picks it: four weeks after the start. */
export function defaultRepeatUntil(startDate: string): string {
  return startDate === "" ? "" : addDaysToDate(startDate, 28);
}

/**
 * How a request repeats, in words ("Every weekday at 10:00 AM"), on the 12-hour clock the app writes
 * every time in, or null for a one-off. The time is
 * the event's own (its zone's clock, as Google keeps the series); when the viewer's clocks read
 * otherwise at the start, the zone is named: "Every weekday at 10:00 AM (Europe/Lisbon), 10 times".
 */
export function recurrenceWords(request: Pick<TEventRequest, "recurrence" | "start_date">, viewerZone: string): string | null {
  return describeRecurrenceText(request.recurrence, request.start_date, { nameZone: readsOtherwise(request.start_date, viewerZone), clock: "12h" });
}

function readsOtherwise(start: TEventRequest["start_date"], viewerZone: string): boolean {
  if (start.date !== undefined) return false;
  try {
    const instant = eventDateToEpochMs(start);
    return utcOffsetMinutes(instant, viewerZone) !== utcOffsetMinutes(instant, start.time_zone);
  } catch {
    return false;
  }
}
