import {
  canonicalTimeZone,
  eventDateToEpochMs,
  parseDateTime,
  type TCreateEventRequestBody,
  type TEventDate,
  type TEventRequest,
  type TSmartParseRequest,
  type TSmartParseResult,
  type TUpdateEventRequestBody,
} from "@amia/contracts";
import { END_BEFORE_START_WORDS, FIELD_MESSAGES, TIME_ZONE_MESSAGE } from "./errors.ts";
import { formatShortDate, formatTime } from "./format.ts";
import { NO_REPEAT, recurrenceOf, repeatErrors, repeatFromRecurrence, type RepeatFields } from "./repeat.ts";
import { addDaysToDate, addMinutesToTime, parseTime, resolveWallClock, splitDateTime, wallClockAt } from "./wall-clock.ts";

/*
 * The Event form's state and rules: SPEC.md section 2 "Event form", section 4 "Form behaviour",
 * section 5 "Event form" / "Event payload", section 9 "Default time offset", and issue 11: an
 * event keeps its time zone. Pure functions; the create and edit pages hold the values in React
 * state and call these on every change.
 *
 * The zone is one of the form's values: the start and end are wall-clock times in that zone.
 * A new event starts in the viewer's zone (Settings, else the browser's); an edited one in its
 * own, and the edit sends only what changed, so opening and saving an event moves nothing.
 */

/** Picking one time fills the other, empty one this many minutes away (SPEC.md section 9). */
export const DEFAULT_OFFSET_MINUTES = 15;

/** importance_level is always sent as 1 (SPEC.md sections 5 and 9). */
export const DEFAULT_IMPORTANCE_LEVEL = 1;

export const START_TIME_REQUIRED = "Start time is required";
export const END_TIME_REQUIRED = "End time is required";
export const START_DATE_REQUIRED = FIELD_MESSAGES.event_request.start_date;
export const END_DATE_REQUIRED = FIELD_MESSAGES.event_request.end_date;
export const END_BEFORE_START = END_BEFORE_START_WORDS;
/** "Required Review" ticked with nobody chosen: said on the reviewer, not silently dropped. */
export const REVIEWER_FOR_REQUIRED_REVIEW = "Choose a reviewer, or untick Required Review.";

/** The Repeat choice's values are the form's too (lib/repeat.ts, issue 16). */
export type EventFormValues = RepeatFields & {
  title: string;
  location: string;
  description: string;
  notes: string;
  /** "YYYY-MM-DD" or "". */
  start_date: string;
  end_date: string;
  /** "HH:MM" or "". */
  start_time: string;
  end_time: string;
  all_day: boolean;
  /** The single reviewer (only the first approver can be chosen), or null. */
  approver_id: string | null;
  /** The "Required Review" checkbox. */
  required_review: boolean;
  /** The IANA zone the dates and times are read in, as typed or picked ("Europe/Lisbon"). */
  time_zone: string;
};

export type EventFormField = keyof EventFormValues;

/** What the person reads next to a field (plain words, never the server's text). */
export type EventFormErrors = Partial<Record<EventFormField, string>>;

/** A blank form whose dates and times are read in `timeZone` (the viewer's, for a new event). */
export function emptyEventForm(timeZone: string): EventFormValues {
  return {
    title: "",
    location: "",
    description: "",
    notes: "",
    start_date: "",
    end_date: "",
    start_time: "",
    end_time: "",
    all_day: false,
    approver_id: null,
    required_review: false,
    time_zone: timeZone,
    ...NO_REPEAT,
  };
}

// ---------------------------------------------------------------------------------------------
// Change rules (SPEC.md section 4 "Form behaviour")

/** The all-day toggle: turning it on hides the time fields and clears both times. */
export function setAllDay(values: EventFormValues, on: boolean): EventFormValues {
  return on ? { ...values, all_day: true, start_time: "", end_time: "" } : { ...values, all_day: false };
}

/** Picking a start date fills an empty end date with the same date. */
export function setStartDate(values: EventFormValues, date: string): EventFormValues {
  return { ...values, start_date: date, end_date: values.end_date === "" ? date : values.end_date };
}

/** Picking an end date fills an empty start date with the same date. */
export function setEndDate(values: EventFormValues, date: string): EventFormValues {
  return { ...values, end_date: date, start_date: values.start_date === "" ? date : values.start_date };
}

/**
 * Picking a start time fills an empty end time with the start plus 15 minutes. Past midnight
 * the end time wraps ("23:50" gives "00:05") and an end date equal to the start date (or
 * empty) moves to the next day, so the event does not end before it starts.
 */
export function setStartTime(values: EventFormValues, time: string): EventFormValues {
  const next = { ...values, start_time: time };
  if (values.end_time !== "" || time === "") return next;
  const start = parseTime(time);
  if (start === null) return next;
  next.end_time = addMinutesToTime(time, DEFAULT_OFFSET_MINUTES);
  const wraps = start + DEFAULT_OFFSET_MINUTES >= 24 * 60;
  if (wraps && values.start_date !== "" && (values.end_date === "" || values.end_date === values.start_date)) {
    next.end_date = addDaysToDate(values.start_date, 1);
  }
  return next;
}

/**
 * Picking an end time fills an empty start time with the end minus 15 minutes. Before midnight
 * the start time wraps ("00:10" gives "23:55") and a start date equal to the end date (or
 * empty) moves to the day before.
 */
export function setEndTime(values: EventFormValues, time: string): EventFormValues {
  const next = { ...values, end_time: time };
  if (values.start_time !== "" || time === "") return next;
  const end = parseTime(time);
  if (end === null) return next;
  next.start_time = addMinutesToTime(time, -DEFAULT_OFFSET_MINUTES);
  const wraps = end - DEFAULT_OFFSET_MINUTES < 0;
  if (wraps && values.end_date !== "" && (values.start_date === "" || values.start_date === values.end_date)) {
    next.start_date = addDaysToDate(values.end_date, -1);
  }
  return next;
}

// ---------------------------------------------------------------------------------------------
// Validation (SPEC.md section 5 "Event form", and issue 11: dates, zones, daylight saving)

/** The zone as stored (its canonical spelling), or null when it names no zone. */
export function formTimeZone(values: Pick<EventFormValues, "time_zone">): string | null {
  const typed = values.time_zone.trim();
  return typed === "" ? null : canonicalTimeZone(typed);
}

type Side = "start" | "end";

function sideOf(values: EventFormValues, side: Side): { date: string; time: string } {
  return side === "start" ? { date: values.start_date, time: values.start_time } : { date: values.end_date, time: values.end_time };
}

/** "2:30 AM" for "02:30". */
function twelveHour(time: string): string {
  return formatTime(`2000-01-01T${time}`);
}

/**
 * A wall time the clocks skip, in words: "2:30 AM doesn't exist on Mar 8, 2026 in
 * America/Los_Angeles: the clocks go from 2:00 AM straight to 3:00 AM. Choose another time."
 */
export function skippedTimeMessage(date: string, time: string, timeZone: string, jumpFrom: string, jumpTo: string): string {
  return `${twelveHour(time)} doesn't exist on ${formatShortDate(date)} in ${timeZone}: the clocks go from ${twelveHour(jumpFrom)} straight to ${twelveHour(jumpTo)}. Choose another time.`;
}

/**
 * A wall time the clocks show twice, and which one the event takes: the first, as the server
 * reads it (contracts' zonedTimeToEpochMs) and as Google Calendar does.
 */
export function repeatedTimeMessage(date: string, time: string, timeZone: string): string {
  return `${twelveHour(time)} happens twice on ${formatShortDate(date)} in ${timeZone}, when the clocks go back; the event uses the first ${twelveHour(time)}, before the change.`;
}

/** The instant a timed side denotes (an overlap: the first), or null when it has none. */
function sideInstant(values: EventFormValues, side: Side, timeZone: string): number | null {
  const { date, time } = sideOf(values, side);
  const resolved = resolveWallClock(date, time, timeZone);
  if (!resolved || resolved.kind === "gap") return null;
  return resolved.kind === "exact" ? resolved.instant : resolved.earlier;
}

/** Whether a side (its date, time, all-day flag or the zone) differs from `baseline`. */
function sideChanged(values: EventFormValues, baseline: EventFormValues, side: Side): boolean {
  const [now, then] = [sideOf(values, side), sideOf(baseline, side)];
  const zone = (form: EventFormValues) => formTimeZone(form) ?? form.time_zone; // "europe/lisbon" is no change
  return now.date !== then.date || now.time !== then.time || values.all_day !== baseline.all_day || zone(values) !== zone(baseline);
}

/**
 * What stops a save, by field, in plain words: the zone must be one the list knows; both dates
 * are needed (the contract requires them); unless all-day, both times (SPEC.md's words); a time
 * the clocks skip in that zone is refused, naming the jump; the end may not be before the start
 * (compared as instants, or as days for all-day events). On an edit (`baseline`), a side the
 * person did not touch is not checked for a skipped time: it is not sent. "Required Review"
 * needs a reviewer to require (on a new event: an edit's reviewer is fixed at creation).
 */
export function validateEventForm(values: EventFormValues, baseline?: EventFormValues): EventFormErrors {
  const errors: EventFormErrors = { ...dateTimeErrors(values, baseline), ...repeatErrors(values) };
  if (!baseline && values.required_review && !values.approver_id) errors.approver_id = REVIEWER_FOR_REQUIRED_REVIEW;
  return errors;
}

function dateTimeErrors(values: EventFormValues, baseline: EventFormValues | undefined): EventFormErrors {
  const errors: EventFormErrors = {};
  const zone = formTimeZone(values);
  if (zone === null) errors.time_zone = TIME_ZONE_MESSAGE;
  if (values.start_date === "") errors.start_date = START_DATE_REQUIRED;
  if (values.end_date === "") errors.end_date = END_DATE_REQUIRED;
  if (values.all_day) {
    if (!errors.start_date && !errors.end_date && values.end_date < values.start_date) errors.end_date = END_BEFORE_START;
    return errors;
  }
  if (values.start_time.trim() === "") errors.start_time = START_TIME_REQUIRED;
  if (values.end_time.trim() === "") errors.end_time = END_TIME_REQUIRED;
  if (zone === null || hasErrors(errors)) return errors;

  for (const side of ["start", "end"] as const) {
    if (baseline && !sideChanged(values, baseline, side)) continue;
    const { date, time } = sideOf(values, side);
    const resolved = resolveWallClock(date, time, zone);
    if (resolved?.kind === "gap") errors[`${side}_time`] = skippedTimeMessage(date, time, zone, resolved.jumpFrom, resolved.jumpTo);
  }
  if (hasErrors(errors)) return errors;
  const [start, end] = [sideInstant(values, "start", zone), sideInstant(values, "end", zone)];
  if (start !== null && end !== null && end < start) {
    errors[values.end_date < values.start_date ? "end_date" : "end_time"] = END_BEFORE_START;
  }
  return errors;
}

/**
 * Times that happen twice (a daylight-saving end) and which one the event takes: shown beside
 * the time while the person edits, never a reason to refuse the save.
 */
export function repeatedTimeNotes(values: EventFormValues): Partial<Record<"start_time" | "end_time", string>> {
  const notes: Partial<Record<"start_time" | "end_time", string>> = {};
  const zone = formTimeZone(values);
  if (values.all_day || zone === null) return notes;
  for (const side of ["start", "end"] as const) {
    const { date, time } = sideOf(values, side);
    if (resolveWallClock(date, time, zone)?.kind === "overlap") notes[`${side}_time`] = repeatedTimeMessage(date, time, zone);
  }
  return notes;
}

/**
 * The event's start and end as the formatter reads them, or null until both are complete and
 * name real instants (a skipped time names none: no preview of a time that does not exist).
 */
export function formEventDates(values: EventFormValues): { start_date: TEventDate; end_date: TEventDate } | null {
  const zone = formTimeZone(values);
  if (zone === null || values.start_date === "" || values.end_date === "") return null;
  if (!values.all_day && (sideInstant(values, "start", zone) === null || sideInstant(values, "end", zone) === null)) return null;
  return {
    start_date: toEventDate(values.start_date, values.start_time, values.all_day, zone),
    end_date: toEventDate(values.end_date, values.end_time, values.all_day, zone),
  };
}

export function hasErrors(errors: EventFormErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

/** Errors clear when the field changes: the errors without `field` (the same object if absent). */
export function clearError(errors: EventFormErrors, field: EventFormField): EventFormErrors {
  if (!(field in errors)) return errors;
  const next: Record<string, string | undefined> = { ...errors };
  delete next[field];
  return next as EventFormErrors;
}

// ---------------------------------------------------------------------------------------------
// Payloads (SPEC.md section 5 "Event payload")

/**
 * One side of the event: all-day, or a date with no time, sends `{date, time_zone}`; otherwise
 * `{date_time: "YYYY-MM-DDTHH:MM", time_zone}` (a local wall-clock time in `timeZone`).
 */
export function toEventDate(date: string, time: string, allDay: boolean, timeZone: string): TEventDate {
  return allDay || time === "" ? { date, time_zone: timeZone } : { date_time: `${date}T${time}`, time_zone: timeZone };
}

/** Trimmed text, or undefined when blank (the contract's text fields are optional, not nullable). */
function textOrUndefined(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/**
 * POST /api/v1/event-requests. importance_level is always 1. Blank text fields are left out:
 * the contract does not accept null for them, and the service stores a missing one as null.
 * The only reviewer is sent as required when "Required Review" is ticked. Both sides carry the
 * form's zone, canonically spelled. Expects values that passed validateEventForm.
 */
export function toCreatePayload(values: EventFormValues): TCreateEventRequestBody {
  const timeZone = formTimeZone(values) ?? values.time_zone.trim();
  const body: TCreateEventRequestBody = {
    start_date: toEventDate(values.start_date, values.start_time, values.all_day, timeZone),
    end_date: toEventDate(values.end_date, values.end_time, values.all_day, timeZone),
    importance_level: DEFAULT_IMPORTANCE_LEVEL,
    approvers: values.approver_id ? [{ user_id: values.approver_id, required: values.required_review }] : [],
  };
  const recurrence = recurrenceOf(values);
  if (recurrence !== null) body.recurrence = recurrence;
  const text = {
    title: textOrUndefined(values.title),
    location: textOrUndefined(values.location),
    description: textOrUndefined(values.description),
    notes: textOrUndefined(values.notes),
  };
  for (const [key, value] of Object.entries(text)) {
    if (value !== undefined) body[key as keyof typeof text] = value;
  }
  return body;
}

const TEXT_FIELDS = ["title", "location", "description", "notes"] as const;

/**
 * PATCH /api/v1/event-requests/{id}: only what the person changed against `baseline` (the form
 * as the stored request filled it), or null when nothing changed, so opening and saving an event
 * sends nothing and moves nothing (issue 11: the old edit re-sent every date in the browser's
 * zone, moving a 15:00 UTC event to 15:00 in Los Angeles).
 *
 * Where SPEC.md section 5 says otherwise, as decided:
 * - Approvers are never sent (the contract refuses them; they are fixed at creation).
 * - A side (start or end) is sent when its date or time changed, when the all-day switch did, or
 *   when the zone did; then it is sent whole, `{date | date_time, time_zone}` in the form's zone,
 *   like on create. A new zone keeps the wall-clock times on the form: 15:00 stays 15:00, in the
 *   zone now chosen (what the form shows is what is saved).
 * - Text fields are sent when changed, trimmed; a cleared one as "" (the contract takes no null).
 * - importance_level is not sent: the form does not show it, so it never changes here.
 * - recurrence is sent when the rule the Repeat choice makes differs from the one the stored
 *   request's values make (null: stop repeating); both sides are made the same way, so a stored
 *   "FREQ=WEEKLY" (the start's day implied) opened and saved sends nothing. It is material: the
 *   reviewers are asked again.
 */
export function toUpdatePayload(baseline: EventFormValues, values: EventFormValues): TUpdateEventRequestBody | null {
  const body: TUpdateEventRequestBody = {};
  for (const field of TEXT_FIELDS) {
    if (values[field].trim() !== baseline[field].trim()) body[field] = values[field].trim();
  }
  const timeZone = formTimeZone(values) ?? values.time_zone.trim();
  if (values.start_date !== "" && sideChanged(values, baseline, "start")) {
    body.start_date = toEventDate(values.start_date, values.start_time, values.all_day, timeZone);
  }
  if (values.end_date !== "" && sideChanged(values, baseline, "end")) {
    body.end_date = toEventDate(values.end_date, values.end_time, values.all_day, timeZone);
  }
  const recurrence = recurrenceOf(values);
  if (recurrence !== recurrenceOf(baseline)) body.recurrence = recurrence;
  return Object.keys(body).length > 0 ? body : null;
}

// ---------------------------------------------------------------------------------------------
// From the server and the assistant

/** "YYYY-MM-DD" from an all-day value; the assistant's may carry a time: the "T" part is stripped. */
function stripTime(date: string): string {
  return date.split("T")[0] ?? date;
}

/**
 * A wire date as a form date plus a time (null for all-day), on the clocks of `formZone`. A local
 * date_time in that same zone is split as written (so an unchanged side reads back exactly); an
 * instant with an offset, or a side stored in another zone, is converted to the form zone's clocks.
 */
function fromEventDate(value: TEventDate, formZone: string): { date: string; time: string | null } | null {
  if (value.date !== undefined) return { date: stripTime(value.date), time: null };
  if (value.date_time === undefined) return null;
  const parsed = parseDateTime(value.date_time);
  if (parsed === null) return null;
  if (parsed.offsetMinutes === null && canonicalTimeZone(value.time_zone) === formZone) return splitDateTime(value.date_time);
  try {
    return wallClockAt(eventDateToEpochMs(value), formZone);
  } catch {
    return splitDateTime(value.date_time, formZone);
  }
}

/** The zone a wire date names, canonically spelled (null when it names none). */
function zoneOf(value: TEventDate | null | undefined): string | null {
  return value ? canonicalTimeZone(value.time_zone) : null;
}

/**
 * The edit page's starting values, in the request's own zone (its start's): date_time split into
 * date and time on that zone's clocks; a date alone is all-day.
 */
export function fromEventRequest(request: TEventRequest): EventFormValues {
  const zone = zoneOf(request.start_date) ?? request.start_date.time_zone;
  const start = fromEventDate(request.start_date, zone);
  const end = fromEventDate(request.end_date, zone);
  const first = request.approvers[0];
  return {
    title: request.title ?? "",
    location: request.location ?? "",
    description: request.description ?? "",
    notes: request.notes ?? "",
    start_date: start?.date ?? "",
    end_date: end?.date ?? "",
    start_time: start?.time ?? "",
    end_time: end?.time ?? "",
    all_day: start !== null && start.time === null,
    approver_id: first?.user_id ?? null,
    required_review: first?.required ?? false,
    time_zone: zone,
    ...repeatFromRecurrence(request.recurrence, start?.date ?? ""),
  };
}

function supplied(value: string | undefined): value is string {
  return typeof value === "string" && value.trim() !== "";
}

/**
 * The smart-fill result overwrites fields only where it supplies a value (SPEC.md section 4).
 * A supplied `date` makes the event all-day (both times cleared, a "T" part stripped); a
 * supplied `date_time` makes it timed and fills date and time. The start decides all-day when
 * both are supplied. A supplied zone becomes the form's (the assistant's card names its zone;
 * "Change" must not move the event into the browser's), and the times are read on its clocks.
 * The first suggested approver becomes the reviewer. A supplied repeat rule ("every weekday")
 * sets the Repeat choice, read against the start as filled.
 */
export function applySmartFill(values: EventFormValues, result: TSmartParseResult): EventFormValues {
  const next = { ...values };
  const zone = zoneOf(result.start_date) ?? zoneOf(result.end_date);
  if (zone !== null) next.time_zone = zone;
  const formZone = formTimeZone(next) ?? next.time_zone;
  if (supplied(result.title)) next.title = result.title;
  if (supplied(result.location)) next.location = result.location;
  if (supplied(result.description)) next.description = result.description;
  if (supplied(result.notes)) next.notes = result.notes;

  const start = result.start_date ? fromEventDate(result.start_date, formZone) : null;
  const end = result.end_date ? fromEventDate(result.end_date, formZone) : null;
  const anchor = start ?? end;
  if (anchor) {
    next.all_day = anchor.time === null;
    if (next.all_day) {
      next.start_time = "";
      next.end_time = "";
    }
  }
  if (start) {
    next.start_date = start.date;
    if (start.time !== null && !next.all_day) next.start_time = start.time;
  }
  if (end) {
    next.end_date = end.date;
    if (end.time !== null && !next.all_day) next.end_time = end.time;
  }

  const approver = result.approvers?.[0];
  if (approver) {
    next.approver_id = approver.user_id;
    next.required_review = approver.required;
  }
  if (supplied(result.recurrence)) Object.assign(next, repeatFromRecurrence(result.recurrence, next.start_date));
  return next;
}

/**
 * POST /api/v1/event-requests/commands/auto-fill: the typed description plus the form as it
 * stands, for context. `timeZone` is the form's zone (the caller falls back to the viewer's while
 * the field names none); `current_date` is the local date-time now in it ("YYYY-MM-DDTHH:MM"),
 * so "tomorrow at noon" resolves against that day. Blank form fields and dates without a date
 * are left out.
 */
export function buildAutoFillRequest(
  description: string,
  values: EventFormValues,
  now: Date,
  timeZone: string,
): TSmartParseRequest {
  const clock = wallClockAt(now, timeZone);
  const request: TSmartParseRequest = {
    description: description.trim(),
    current_date: `${clock.date}T${clock.time}`,
    time_zone: timeZone,
    importance_level: DEFAULT_IMPORTANCE_LEVEL,
  };
  const title = textOrUndefined(values.title);
  const location = textOrUndefined(values.location);
  const notes = textOrUndefined(values.notes);
  if (title !== undefined) request.title = title;
  if (location !== undefined) request.location = location;
  if (notes !== undefined) request.notes = notes;
  if (values.start_date !== "") {
    request.start_date = toEventDate(values.start_date, values.start_time, values.all_day, timeZone);
  }
  if (values.end_date !== "") {
    request.end_date = toEventDate(values.end_date, values.end_time, values.all_day, timeZone);
  }
  if (values.approver_id) request.approvers = [{ user_id: values.approver_id, required: values.required_review }];
  return request;
}
