import { useId } from "react";
import { Field } from "./Field.tsx";
import { fieldIds } from "./field-ids.ts";

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  label: string;
  value: string | null;
  options: SelectOption[];
  /** Called with the chosen value, or null when the empty (placeholder) option is chosen. */
  onChange: (value: string | null) => void;
  /** The empty option's text; null: no empty option (a choice that always has a value). */
  placeholder?: string | null;
  id?: string;
  disabled?: boolean;
  error?: string;
  hint?: string | undefined;
}

export function Select({
  label,
  value,
  options,
  onChange,
  placeholder = "Select an option",
  id,
  disabled,
  error,
  hint,
}: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const ids = fieldIds(selectId, { error, hint });
  return (
    <Field controlId={selectId} label={label} hint={hint} error={error} ids={ids}>
      <div className="field__select-wrap">
        <select
          id={selectId}
          className="field__control field__control--select"
          value={value ?? ""}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          onChange={(event) => onChange(event.target.value === "" ? null : event.target.value)}
        >
          {placeholder !== null && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <span className="field__select-arrow" aria-hidden="true" />
      </div>
    </Field>
  );
}
