import { useId, type TextareaHTMLAttributes } from "react";
import { fieldIds, joinClassNames } from "./field-ids.ts";
import "./Field.css";

export type TextAreaProps = {
  label: string;
  error?: string;
  hint?: string;
} & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextArea({ label, error, hint, id, className, "aria-describedby": describedBy, ...rest }: TextAreaProps) {
  const autoId = useId();
  const textAreaId = id ?? autoId;
  const ids = fieldIds(textAreaId, { hint, error, extra: describedBy });
  return (
    <div className={joinClassNames("field", error && "field--error")}>
      <label className="field__label" htmlFor={textAreaId}>
        {label}
        {rest.required && <span className="field__required" aria-hidden="true"> *</span>}
      </label>
      <textarea
        rows={4}
        {...rest}
        id={textAreaId}
        className={joinClassNames("field__control", "field__control--textarea", className)}
        aria-invalid={error ? true : rest["aria-invalid"]}
        aria-describedby={ids.describedBy}
      />
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
