import type { ReactNode } from "react";
import { joinClassNames, type FieldIds } from "./field-ids.ts";
import "./Field.css";

/** The label, hint and error around one form control; the control itself is `children`. */
export function Field({ controlId, label, required, hint, error, ids, children }: {
  controlId: string;
  label: string;
  required?: boolean | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  ids: FieldIds;
  children: ReactNode;
}) {
  return (
    <div className={joinClassNames("field", error && "field--error")}>
      <label className="field__label" htmlFor={controlId}>
        {label}
        {required && <span className="field__required" aria-hidden="true"> *</span>}
      </label>
      {children}
      {hint && (
        <p id={ids.hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
