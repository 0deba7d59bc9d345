import type { TFieldError } from "@amia/contracts";
import { fieldMessage } from "../../../lib/errors.ts";
import type { EventFormField } from "../../../lib/event-form.ts";

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
  recurrence: "repeat",
};

/** The form field a wire path belongs to, or null. A zone on either side is the zone field. */
export function formFieldForPath(path: string): EventFormField | null {
  const [root = "", leaf] = path.split(".");
  if ((root === "start_date" || root === "end_date") && leaf === "time_zone") return "time_zone";
  return Object.hasOwn(FIELD_BY_ROOT, root) ? (FIELD_BY_ROOT[root] ?? null) : null;
}

/**
 * One message per form field, in the words lib/errors.ts gives each wire path of the event
 * request's body (the end before the start is told as such).
 */
export function serverFieldErrors(fields: readonly TFieldError[]): ServerFieldErrors {
  const result: ServerFieldErrors = {};
  for (const { path, message } of fields) {
    const field = formFieldForPath(path);
    const words = fieldMessage("event_request", path, message);
    if (field && words && !result[field]) result[field] = words;
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
