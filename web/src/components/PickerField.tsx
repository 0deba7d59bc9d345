import { useId } from "react";
import { Field } from "./Field.tsx";
import { fieldIds, joinClassNames } from "./field-ids.ts";

export interface PickerProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  error?: string;
  /** A note under the field (read with it, through aria-describedby). */
  hint?: string;
  id?: string;
  disabled?: boolean;
}

/**
 * The labelled native date or time input behind DatePicker and TimePicker. Empty and not being
 * typed in, it shows SPEC.md's placeholder ("Select date", "Select time") where the browser would
 * show its own "mm/dd/yyyy" or "--:-- --" (a native date input ignores `placeholder`); in focus,
 * the browser's fields come back to type into.
 */
export function PickerField({ type, placeholder, normalize, label, value, onChange, min, max, error, hint, id, disabled }: PickerProps & {
  type: "date" | "time";
  placeholder: string;
  /** Reduces what callers pass (an ISO timestamp, say) to what the input takes. */
  normalize: (value: string) => string;
}) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const ids = fieldIds(inputId, { error, hint });
  const bound = (limit: string | undefined) => (limit === undefined ? undefined : normalize(limit) || limit);
  const shown = normalize(value);
  const isEmpty = shown === "";
  return (
    <Field controlId={inputId} label={label} hint={hint} error={error} ids={ids}>
      <div className="field__picker">
        <input
          id={inputId}
          type={type}
          className={joinClassNames("field__control", "field__control--picker", isEmpty && "field__control--empty")}
          placeholder={placeholder}
          value={shown}
          min={bound(min)}
          max={bound(max)}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
        {isEmpty && (
          <span className="field__picker-placeholder" aria-hidden="true">
            {placeholder}
          </span>
        )}
      </div>
    </Field>
  );
}
