import { z } from "zod";
import { isCalendarDate, isOffsetDateTime, offsetDateTimeToEpochMs, parseCalendarDate, parseDateTime } from "./date-forms.ts";
import { isIanaTimeZone, utcMs, zonedTimeToEpochMs } from "./time-zone.ts";

/*
 * Date ranges in query strings (`startDate`/`endDate` of AI usage, `start_date_from`/
 * `start_date_to` of event requests). Each bound is either a day, `YYYY-MM-DD`, meaning the
 * whole day in the caller's time zone (UTC when none is given), or an ISO 8601 date-time with
 * Z or an offset, meaning that exact instant. Both bounds are inclusive. A local date-time
 * without an offset is refused: it would mean different instants to different servers.
 */

/** A day `YYYY-MM-DD` or an ISO 8601 date-time with Z or an offset. */
export function isDateBound(value: string): boolean {
  return isCalendarDate(value) || isOffsetDateTime(value);
}

export function dateBoundQuery(field: string) {
  const message = `${field} must be a date (YYYY-MM-DD) or an ISO 8601 date-time with Z or an offset`;
  return z.string({ error: message }).refine(isDateBound, { error: message, abort: true });
}

/** Half-open bounds in epoch milliseconds: from <= t < toExclusive; null where unbounded. */
export type TEpochRange = { fromMs: number | null; toExclusiveMs: number | null };

function startOfBound(value: string, timeZone: string): number {
  const day = parseCalendarDate(value);
  if (day) return zonedTimeToEpochMs(day, timeZone);
  const parsed = parseDateTime(value);
  if (!parsed || parsed.offsetMinutes === null) throw new RangeError(`not a date bound: ${value}`);
  return offsetDateTimeToEpochMs({ ...parsed, offsetMinutes: parsed.offsetMinutes });
}

function endOfBound(value: string, timeZone: string): number {
  const day = parseCalendarDate(value);
  if (!day) return startOfBound(value, timeZone) + 1;
  const next = new Date(utcMs(day.year, day.month, day.day + 1));
  return zonedTimeToEpochMs(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
    timeZone,
  );
}

/**
 * The instants a validated range covers, so every service reads "the whole of March" the same
 * way. `timeZone` only matters for day bounds. Throws on a bound or zone the schema would refuse.
 */
export function dateRangeToEpochRange(range: {
  from?: string | undefined;
  to?: string | undefined;
  timeZone?: string | undefined;
}): TEpochRange {
  const timeZone = range.timeZone ?? "UTC";
  return {
    fromMs: range.from === undefined ? null : startOfBound(range.from, timeZone),
    toExclusiveMs: range.to === undefined ? null : endOfBound(range.to, timeZone),
  };
}

/** The issue "the range ends before it starts", placed on the `to` field. */
export function checkDateRangeOrder(
  range: { from?: string | undefined; to?: string | undefined; timeZone?: string | undefined },
  fields: { from: string; to: string },
  ctx: z.RefinementCtx,
): void {
  const isCheckable =
    range.from !== undefined &&
    range.to !== undefined &&
    isDateBound(range.from) &&
    isDateBound(range.to) &&
    (range.timeZone === undefined || isIanaTimeZone(range.timeZone));
  if (!isCheckable) return; // a missing or malformed bound has its own issue
  const { fromMs, toExclusiveMs } = dateRangeToEpochRange(range);
  if (fromMs !== null && toExclusiveMs !== null && toExclusiveMs <= fromMs) {
    ctx.addIssue({ code: "custom", path: [fields.to], message: `${fields.to} must not be before ${fields.from}` });
  }
}
