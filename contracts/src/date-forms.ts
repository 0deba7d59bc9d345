import { utcMs } from "./time-zone.ts";

/*
 * The textual date forms the API accepts, parsed strictly: the shape AND the calendar
 * (2026-02-30 and 25:00 are refused, not rolled over as `new Date()` would).
 */

export type TCalendarDate = { year: number; month: number; day: number };

export type TWallClockDateTime = TCalendarDate & {
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
};

/** A date-time as written: wall-clock fields, plus its UTC offset in minutes when one was given. */
export type TParsedDateTime = TWallClockDateTime & { offsetMinutes: number | null };

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// YYYY-MM-DDTHH:MM, optional :SS and fraction, optional Z / ±HH:MM / ±HHMM / ±HH.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

function daysInMonth(year: number, month: number): number {
  return new Date(utcMs(year, month + 1, 0)).getUTCDate();
}

function isRealDate(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** `YYYY-MM-DD` naming a day that exists, or null. */
export function parseCalendarDate(value: string): TCalendarDate | null {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

export function isCalendarDate(value: string): boolean {
  return parseCalendarDate(value) !== null;
}

/**
 * A local `YYYY-MM-DDTHH:MM[:SS[.fff]]` or a full ISO 8601 date-time with Z or an offset,
 * every field in range; otherwise null.
 */
export function parseDateTime(value: string): TParsedDateTime | null {
  const match = DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(match[i])) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = match[6] === undefined ? 0 : Number(match[6]);
  const millisecond = match[7] === undefined ? 0 : Math.floor(Number(`0.${match[7]}`) * 1000);
  if (!isRealDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  const offsetMinutes = parseOffset(match[8]);
  if (offsetMinutes === undefined) return null;
  return { year, month, day, hour, minute, second, millisecond, offsetMinutes };
}

/** null: no offset written (a local time); undefined: an offset out of range. */
function parseOffset(text: string | undefined): number | null | undefined {
  if (text === undefined) return null;
  if (text === "Z") return 0;
  const digits = text.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 23 || minutes > 59) return undefined;
  return (text.startsWith("-") ? -1 : 1) * (hours * 60 + minutes);
}

/** A local date-time or one with Z or an offset, every field in range (an event's date_time). */
export function isDateTime(value: string): boolean {
  return parseDateTime(value) !== null;
}

/** A day `YYYY-MM-DD` or a date-time, local or with an offset ("today" for smart-fill). */
export function isDateOrDateTime(value: string): boolean {
  return isCalendarDate(value) || isDateTime(value);
}

/** A local date-time (no offset written). */
export function isLocalDateTime(value: string): boolean {
  const parsed = parseDateTime(value);
  return parsed !== null && parsed.offsetMinutes === null;
}

/** An ISO 8601 date-time that pins an instant (Z or an offset). */
export function isOffsetDateTime(value: string): boolean {
  const parsed = parseDateTime(value);
  return parsed !== null && parsed.offsetMinutes !== null;
}

/** The instant of a date-time that carries its own offset. */
export function offsetDateTimeToEpochMs(parsed: TParsedDateTime & { offsetMinutes: number }): number {
  return (
    utcMs(parsed.year, parsed.month, parsed.day, parsed.hour, parsed.minute, parsed.second, parsed.millisecond) -
    parsed.offsetMinutes * 60_000
  );
}
