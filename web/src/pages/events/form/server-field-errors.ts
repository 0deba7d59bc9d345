import type { TFieldError } from "@amia/contracts";
import type { EventFormField } from "../../../lib/event-form.ts";

/*
 * A 400's field errors (dotted wire paths: "title", "end_date.date_time", "approvers.0.user_id")
 * placed next to the form field they concern. Paths the form has no field for stay in the
 * page's error Note only.
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

/** The form field a wire path belongs to, or null. */
export function formFieldForPath(path: string): EventFormField | null {
  const root = path.split(".")[0] ?? "";
  return Object.hasOwn(FIELD_BY_ROOT, root) ? (FIELD_BY_ROOT[root] ?? null) : null;
}

/** The first message per form field (several problems on one field are joined with "; "). */
export function serverFieldErrors(fields: readonly TFieldError[]): ServerFieldErrors {
  const result: ServerFieldErrors = {};
  for (const { path, message } of fields) {
    const field = formFieldForPath(path);
    if (!field) continue;
    const existing = result[field];
    result[field] = existing ? `${existing}; ${message}` : message;
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
