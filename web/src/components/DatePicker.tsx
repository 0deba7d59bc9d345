import { useId } from "react";
import { fieldIds, joinClassNames } from "./field-ids.ts";
import { toDateInputValue } from "./picker-values.ts";
import "./Field.css";

export interface DatePickerProps {
  label: string;
  /** "YYYY-MM-DD"; an ISO timestamp is reduced to its date. */
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  error?: string;
  id?: string;
  disabled?: boolean;
}

export function DatePicker({ label, value, onChange, min, max, error, id, disabled }: DatePickerProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const ids = fieldIds(inputId, { error });
  return (
    <div className={joinClassNames("field", error && "field--error")}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        type="date"
        className="field__control field__control--picker"
        placeholder="Select date"
        value={toDateInputValue(value)}
        min={min === undefined ? undefined : toDateInputValue(min) || min}
        max={max === undefined ? undefined : toDateInputValue(max) || max}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={ids.errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
