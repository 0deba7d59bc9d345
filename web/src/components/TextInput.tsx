import { useId, type InputHTMLAttributes } from "react";
import { Field } from "./Field.tsx";
import { fieldIds, joinClassNames } from "./field-ids.ts";

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
    <Field controlId={inputId} label={label} required={rest.required} hint={hint} error={error} ids={ids}>
      <input
        {...rest}
        id={inputId}
        className={joinClassNames("field__control", className)}
        aria-invalid={error ? true : rest["aria-invalid"]}
        aria-describedby={ids.describedBy}
      />
    </Field>
  );
}
