import { useId, useState } from "react";
import { knownTimeZones } from "../lib/wall-clock.ts";
import { TextInput } from "./TextInput.tsx";

export interface TimeZoneFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string;
  id?: string;
  disabled?: boolean;
}

/**
 * A time zone picker: a text field searching the browser's IANA zones (and the current value,
 * which the list may lack) as you type, with the keyboard as with a mouse (the browser's own
 * suggestion list: arrows and Enter). The value is whatever is typed; the caller checks it
 * (contracts' canonicalTimeZone) and says so in plain words.
 */
export function TimeZoneField({ label, value, onChange, hint, error, id, disabled }: TimeZoneFieldProps) {
  const listId = useId();
  // Built once, with the value the field opened with (a stored zone stays findable).
  const [zones] = useState(() => knownTimeZones(value));
  return (
    <>
      <TextInput
        label={label}
        id={id}
        hint={hint}
        error={error}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={listId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}
