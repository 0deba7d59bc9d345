import { useId, type TextareaHTMLAttributes } from "react";
import { Field } from "./Field.tsx";
import { fieldIds, joinClassNames } from "./field-ids.ts";

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
    <Field controlId={textAreaId} label={label} required={rest.required} hint={hint} error={error} ids={ids}>
      <textarea
        rows={4}
        {...rest}
        id={textAreaId}
        className={joinClassNames("field__control", "field__control--textarea", className)}
        aria-invalid={error ? true : rest["aria-invalid"]}
        aria-describedby={ids.describedBy}
      />
    </Field>
  );
}
