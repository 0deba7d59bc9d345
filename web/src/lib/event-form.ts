import type {
  TCreateEventRequestBody,
  TEventDate,
  TEventRequest,
  TSmartParseRequest,
  TSmartParseResult,
  TUpdateEventRequestBody,
} from "@amia/contracts";
import { addDaysToDate, addMinutesToTime, parseTime, splitDateTime, wallClockAt } from "./wall-clock.ts";

/*
 * The Event form's state and rules: SPEC.md section 2 "Event form", section 4 "Form behaviour",
 * section 5 "Event form" / "Event payload", section 9 "Default time offset". Pure functions; the
 * create and edit pages hold the values in React state and call these on every change.
 */

/** Picking one time fills the other, empty one this many minutes away (SPEC.md section 9). */
export const DEFAULT_OFFSET_MINUTES = 15;

/** importance_level is always sent as 1 (SPEC.md sections 5 and 9). */
export const DEFAULT_IMPORTANCE_LEVEL = 1;

export const START_TIME_REQUIRED = "Start time is required";
export const END_TIME_REQUIRED = "End time is required";

export type EventFormValues = {
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
};

export type EventFormField = keyof EventFormValues;

export type EventFormErrors = {
  start_time?: typeof START_TIME_REQUIRED;
  end_time?: typeof END_TIME_REQUIRED;
};

export function emptyEventForm(): EventFormValues {
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
// Validation (SPEC.md section 5 "Event form")

/** Unless the event is all-day, both times are required. Nothing else is checked. */
export function validateEventForm(values: EventFormValues): EventFormErrors {
  const errors: EventFormErrors = {};
  if (values.all_day) return errors;
  if (values.start_time.trim() === "") errors.start_time = START_TIME_REQUIRED;
  if (values.end_time.trim() === "") errors.end_time = END_TIME_REQUIRED;
  return errors;
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
 * The only reviewer is sent as required when "Required Review" is ticked.
 */
export function toCreatePayload(values: EventFormValues, timeZone: string): TCreateEventRequestBody {
  const body: TCreateEventRequestBody = {
    start_date: toEventDate(values.start_date, values.start_time, values.all_day, timeZone),
    end_date: toEventDate(values.end_date, values.end_time, values.all_day, timeZone),
    importance_level: DEFAULT_IMPORTANCE_LEVEL,
    approvers: values.approver_id ? [{ user_id: values.approver_id, required: values.required_review }] : [],
  };
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

/**
 * PATCH /api/v1/event-requests/{id}.
 *
 * SPEC.md section 5: "Editing sends no approvers and no all-day handling to the update, and
 * sends the form's date strings straight through." Reconciled with the contract's strict update
 * schema as follows:
 * - No approvers: the key is never sent (the schema refuses it; approvers are fixed at creation).
 * - No all-day handling: the all_day flag is not consulted. The form's strings go through as they
 *   are, each wrapped in the `{date | date_time, time_zone}` object the contract requires (a bare
 *   "YYYY-MM-DD" string would be refused): a date with a time becomes `date_time`
 *   "YYYY-MM-DDTHH:MM", a date alone becomes `date`. Since the all-day toggle already clears
 *   both times, this gives the same result as the create rule without looking at the flag.
 * - A side whose date is empty is left out (nothing to send; "no change" to the server).
 * - Text fields are always sent, trimmed, so clearing one in the form clears it on the server:
 *   the contract does not accept null, so a cleared field is sent as "".
 * - importance_level is sent as 1, as on create.
 */
export function toUpdatePayload(values: EventFormValues, timeZone: string): TUpdateEventRequestBody {
  const body: TUpdateEventRequestBody = {
    title: values.title.trim(),
    location: values.location.trim(),
    description: values.description.trim(),
    notes: values.notes.trim(),
    importance_level: DEFAULT_IMPORTANCE_LEVEL,
  };
  if (values.start_date !== "") body.start_date = toEventDate(values.start_date, values.start_time, false, timeZone);
  if (values.end_date !== "") body.end_date = toEventDate(values.end_date, values.end_time, false, timeZone);
  return body;
}

// ---------------------------------------------------------------------------------------------
// From the server and the assistant

/** "YYYY-MM-DD" from an all-day value; the assistant's may carry a time: the "T" part is stripped. */
function stripTime(date: string): string {
  return date.split("T")[0] ?? date;
}

/** A wire date as a form date plus a time (null for all-day). */
function fromEventDate(value: TEventDate): { date: string; time: string | null } | null {
  if (value.date !== undefined) return { date: stripTime(value.date), time: null };
  if (value.date_time === undefined) return null;
  return splitDateTime(value.date_time, value.time_zone);
}

/** The edit page's starting values: date_time split into date and time; a date alone is all-day. */
export function fromEventRequest(request: TEventRequest): EventFormValues {
  const start = fromEventDate(request.start_date);
  const end = fromEventDate(request.end_date);
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
  };
}

function supplied(value: string | undefined): value is string {
  return typeof value === "string" && value.trim() !== "";
}

/**
 * The smart-fill result overwrites fields only where it supplies a value (SPEC.md section 4).
 * A supplied `date` makes the event all-day (both times cleared, a "T" part stripped); a
 * supplied `date_time` makes it timed and fills date and time. The start decides all-day when
 * both are supplied. The first suggested approver becomes the reviewer.
 */
export function applySmartFill(values: EventFormValues, result: TSmartParseResult): EventFormValues {
  const next = { ...values };
  if (supplied(result.title)) next.title = result.title;
  if (supplied(result.location)) next.location = result.location;
  if (supplied(result.description)) next.description = result.description;
  if (supplied(result.notes)) next.notes = result.notes;

  const start = result.start_date ? fromEventDate(result.start_date) : null;
  const end = result.end_date ? fromEventDate(result.end_date) : null;
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
  return next;
}

/**
 * POST /api/v1/event-requests/commands/auto-fill: the typed description plus the form as it
 * stands, for context. `current_date` is the local date-time now in `timeZone`
 * ("YYYY-MM-DDTHH:MM"), so "tomorrow at noon" resolves against the user's day. Blank form fields
 * and dates without a date are left out.
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
