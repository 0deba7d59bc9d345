import { z } from "zod";
import { isCalendarDate, isDateTime, offsetDateTimeToEpochMs, parseCalendarDate, parseDateTime } from "./date-forms.ts";
import { timeZoneSchema, zonedTimeToEpochMs } from "./time-zone.ts";

/*
 * The start or end of an event request (SPEC.md section 3): `{date, date_time, time_zone}`.
 * Wire names, shaped like Google Calendar's `start`/`end` so a sync is a rename, not a rethink.
 *
 *   all-day: { date: "2026-03-11", time_zone: "Europe/Lisbon" }
 *   timed:   { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" }       (local wall clock)
 *            { date_time: "2026-03-11T12:00:00Z", time_zone: "Europe/Lisbon" }   (an instant)
 *
 * Exactly one of `date` / `date_time`. `null` is refused like any non-string: the web app
 * leaves the other one out (SPEC.md section 5), and accepting null would put null in storage.
 * For a date_time with an offset, time_zone is the zone to show and sync it in.
 */

/**
 * Messages start with `field` ("start_date.date ..."), so they read well out of context. Field
 * checks abort, so the object-level checks below never see a malformed value.
 */
export function eventDateSchema(field: string) {
  return z
    .object({
      date: z
        .string({ error: `${field}.date must be a string in YYYY-MM-DD form` })
        .refine(isCalendarDate, {
          error: `${field}.date must be a real calendar date in YYYY-MM-DD form`,
          abort: true,
        })
        .optional(),
      date_time: z
        .string({ error: `${field}.date_time must be a string` })
        .refine(isDateTime, {
          error: `${field}.date_time must be a local YYYY-MM-DDTHH:MM (seconds optional) or an ISO 8601 date-time with Z or an offset`,
          abort: true,
        })
        .optional(),
      time_zone: timeZoneSchema(`${field}.time_zone`),
    }, { error: `${field} must be an object with date or date_time, and time_zone` })
    .superRefine((value, ctx) => {
      if (value.date !== undefined && value.date_time !== undefined) {
        ctx.addIssue({
          code: "custom",
          message: `${field} must have either date (all-day) or date_time (timed), not both`,
        });
      } else if (value.date === undefined && value.date_time === undefined) {
        ctx.addIssue({ code: "custom", message: `${field} needs date (all-day) or date_time (timed)` });
      }
    });
}

export const ZStartDateSchema = eventDateSchema("start_date");
export const ZEndDateSchema = eventDateSchema("end_date");

export type TEventDate = z.infer<typeof ZStartDateSchema>;
export type TAllDayEventDate = TEventDate & { date: string; date_time?: undefined };
export type TTimedEventDate = TEventDate & { date?: undefined; date_time: string };

export function isAllDay(value: TEventDate): value is TAllDayEventDate {
  return value.date !== undefined;
}

/**
 * The instant an event date denotes, for ordering, storage and range filters: a timed value's
 * own instant (a local date_time read in its time_zone), an all-day value's midnight in its
 * time_zone. Expects a value that passed the schema; throws on anything else.
 */
export function eventDateToEpochMs(value: TEventDate): number {
  if (value.date !== undefined) {
    const date = parseCalendarDate(value.date);
    if (!date) throw new RangeError(`not a calendar date: ${value.date}`);
    return zonedTimeToEpochMs(date, value.time_zone);
  }
  const parsed = value.date_time === undefined ? null : parseDateTime(value.date_time);
  if (!parsed) throw new RangeError(`not a date-time: ${String(value.date_time)}`);
  const { offsetMinutes } = parsed;
  return offsetMinutes === null
    ? zonedTimeToEpochMs(parsed, value.time_zone)
    : offsetDateTimeToEpochMs({ ...parsed, offsetMinutes });
}

export const MIXED_EVENT_DATES_MESSAGE =
  "start_date and end_date must both be all-day (date) or both timed (date_time)";
export const END_BEFORE_START_MESSAGE = "end_date must not be before start_date";

/**
 * Why `end` cannot follow `start`, or null when it can. All-day dates compare as calendar days
 * (an all-day end equal to its start is a one-day event; our end date is inclusive, unlike
 * Google's); timed values compare as instants, so zones may differ. A timed end equal to its
 * start is allowed too: the spec says "not before", and Google accepts it.
 * Services use this for a PATCH that changes only one side, against the stored other side.
 */
export function eventDateRangeProblem(start: TEventDate, end: TEventDate): string | null {
  if (isAllDay(start) !== isAllDay(end)) return MIXED_EVENT_DATES_MESSAGE;
  if (isAllDay(start) && isAllDay(end)) return end.date < start.date ? END_BEFORE_START_MESSAGE : null;
  const [startMs, endMs] = [epochMsOrNull(start), epochMsOrNull(end)];
  if (startMs === null || endMs === null) return null; // malformed: its own field issue says so
  return endMs < startMs ? END_BEFORE_START_MESSAGE : null;
}

function epochMsOrNull(value: TEventDate): number | null {
  try {
    return eventDateToEpochMs(value);
  } catch {
    return null;
  }
}

/** Object-level check for bodies carrying both dates; the issue lands on `end_date`. */
export function checkEventDateRange(
  value: { start_date?: TEventDate | undefined; end_date?: TEventDate | undefined },
  ctx: z.RefinementCtx,
): void {
  if (!value.start_date || !value.end_date) return;
  const problem = eventDateRangeProblem(value.start_date, value.end_date);
  if (problem) ctx.addIssue({ code: "custom", path: ["end_date"], message: problem });
}
