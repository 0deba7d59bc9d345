import { useId, type InputHTMLAttributes } from "react";
import { fieldIds, joinClassNames } from "./field-ids.ts";
import "./Field.css";

export type TextInputProps = {
  label: string;
  error?: string;
  hint?: string;
} & InputHTMLAttributes<HTMLInputElement>;

export function TextInput({ label, error, hint, id, className, "aria-describedby": describedBy, ...rest }: TextInputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const ids = fieldIds(inputId, { hint, error, extra: describedBy });
  return (
    <div className={joinClassNames("field", error && "field--error")}>
      <label className="field__label" htmlFor={inputId}>
        {label}
        {rest.required && <span className="field__required" aria-hidden="true"> *</span>}
      </label>
      <input
        {...rest}
        id={inputId}
        className={joinClassNames("field__control", className)}
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
