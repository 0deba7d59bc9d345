/*
 * Ids that tie a form control to its hint and error text (aria-describedby), shared by
 * TextInput, TextArea, Select, DatePicker and TimePicker.
 */

export interface FieldIds {
  hintId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
}

/** The hint and error ids for `controlId`, and the aria-describedby that lists them (plus `extra`). */
export function fieldIds(controlId: string, options: { hint?: string | undefined; error?: string | undefined; extra?: string | undefined }): FieldIds {
  const hintId = options.hint ? `${controlId}-hint` : undefined;
  const errorId = options.error ? `${controlId}-error` : undefined;
  const parts = [options.extra, hintId, errorId].filter((part): part is string => Boolean(part));
  return { hintId, errorId, describedBy: parts.length > 0 ? parts.join(" ") : undefined };
}

export function joinClassNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(" ");
}
