import { useId } from "react";
import { fieldIds, joinClassNames } from "./field-ids.ts";
import "./Field.css";

export interface PickerProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  error?: string;
  id?: string;
  disabled?: boolean;
}

/** The labelled native date or time input behind DatePicker and TimePicker. */
export function PickerField({ type, placeholder, normalize, label, value, onChange, min, max, error, id, disabled }: PickerProps & {
  type: "date" | "time";
  placeholder: string;
  /** Reduces what callers pass (an ISO timestamp, say) to what the input takes. */
  normalize: (value: string) => string;
}) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const ids = fieldIds(inputId, { error });
  const bound = (limit: string | undefined) => (limit === undefined ? undefined : normalize(limit) || limit);
  return (
    <div className={joinClassNames("field", error && "field--error")}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        type={type}
        className="field__control field__control--picker"
        placeholder={placeholder}
        value={normalize(value)}
        min={bound(min)}
        max={bound(max)}
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
