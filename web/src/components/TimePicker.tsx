import { useId } from "react";
import { fieldIds, joinClassNames } from "./field-ids.ts";
import { toTimeInputValue } from "./picker-values.ts";
import "./Field.css";

export interface TimePickerProps {
  label: string;
  /** "HH:MM"; an ISO timestamp is reduced to HH:MM. */
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  error?: string;
  id?: string;
  disabled?: boolean;
}

export function TimePicker({ label, value, onChange, min, max, error, id, disabled }: TimePickerProps) {
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
        type="time"
        className="field__control field__control--picker"
        placeholder="Select time"
        value={toTimeInputValue(value)}
        min={min === undefined ? undefined : toTimeInputValue(min) || min}
        max={max === undefined ? undefined : toTimeInputValue(max) || max}
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
