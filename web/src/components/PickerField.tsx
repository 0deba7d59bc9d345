import { useId } from "react";
import { Field } from "./Field.tsx";
import { fieldIds } from "./field-ids.ts";

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

/** The labelled native date or time input behind DatePicker and TimePicker. */
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
  return (
    <Field controlId={inputId} label={label} hint={hint} error={error} ids={ids}>
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
    </Field>
  );
}
