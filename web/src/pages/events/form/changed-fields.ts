import type { EventFormField, EventFormValues } from "../../../lib/event-form.ts";

/** Fields whose value differs between two form states: a smart-fill clears their errors. */
export function changedFields(before: EventFormValues, after: EventFormValues): EventFormField[] {
  return (Object.keys(after) as EventFormField[]).filter((key) => before[key] !== after[key]);
}
