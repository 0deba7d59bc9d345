import { END_BEFORE_START_MESSAGE, type TFieldError } from "@amia/contracts";
import { TIME_ZONE_MESSAGE } from "../../../lib/errors.ts";
import { END_BEFORE_START, type EventFormField } from "../../../lib/event-form.ts";

/*
 * A 400's field errors (dotted wire paths: "title", "end_date.date_time", "approvers.0.user_id")
 * placed next to the form field they concern, in plain words: the server's text is for
 * developers and is never shown. Paths the form has no field for are left to the page's Note.
 */

export type ServerFieldErrors = Partial<Record<EventFormField, string>>;

const FIELD_BY_ROOT: Record<string, EventFormField> = {
  title: "title",
  location: "location",
  description: "description",
  notes: "notes",
  start_date: "start_date",
  end_date: "end_date",
  approvers: "approver_id",
};

/** What each field's refusal means to a person (lengths from the contract's text limits). */
const WORDS: Record<EventFormField, string> = {
  title: "Keep the title to 200 characters or fewer.",
  location: "Keep the location to 500 characters or fewer.",
  description: "Keep the description to 5,000 characters or fewer.",
  notes: "Keep the notes to 5,000 characters or fewer.",
  start_date: "Check the start date and time.",
  end_date: "Check the end date and time.",
  start_time: "Check the start time.",
  end_time: "Check the end time.",
  all_day: "Check the dates.",
  approver_id: "This person can't review your request: choose someone you're connected with.",
  required_review: "Check the reviewer.",
  time_zone: TIME_ZONE_MESSAGE,
};

/** The form field a wire path belongs to, or null. A zone on either side is the zone field. */
export function formFieldForPath(path: string): EventFormField | null {
  const [root = "", leaf] = path.split(".");
  if ((root === "start_date" || root === "end_date") && leaf === "time_zone") return "time_zone";
  return Object.hasOwn(FIELD_BY_ROOT, root) ? (FIELD_BY_ROOT[root] ?? null) : null;
}

/**
 * One message per form field, in our words. The end before the start is told as such (the
 * contract's cross-field check lands on `end_date` with its END_BEFORE_START_MESSAGE).
 */
export function serverFieldErrors(fields: readonly TFieldError[]): ServerFieldErrors {
  const result: ServerFieldErrors = {};
  for (const { path, message } of fields) {
    const field = formFieldForPath(path);
    if (!field || result[field]) continue;
    result[field] = field === "end_date" && message.includes(END_BEFORE_START_MESSAGE) ? END_BEFORE_START : WORDS[field];
  }
  return result;
}

/** The errors without `field` (the same object when it had none): a change clears its error. */
export function withoutField(errors: ServerFieldErrors, field: EventFormField): ServerFieldErrors {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/** The Note above the form for a failed save whose field errors are shown by their fields. */
export const CHECK_FIELDS_MESSAGE = "Some details need another look: see the messages by the fields below.";
