import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { TFactorProofBody } from "@amia/contracts";
import { Button } from "../components/Button.tsx";
import { Note } from "../components/Note.tsx";
import { TextInput } from "../components/TextInput.tsx";
import { proofFromInput, type ProofFailure, type ProofMode } from "./factor-proof.ts";
import "./FactorProofForm.css";

export interface FactorProofFormProps {
  /** The form's name for assistive technology. */
  label: string;
  submitLabel: string;
  onSubmit: (proof: TFactorProofBody) => void;
  isPending: boolean;
  /** The last refusal, in words (factor-proof.ts proofFailure); cleared by the caller on a new try. */
  failure: ProofFailure | null;
  /** A recovery code may stand in for the code (signing in, turning off). */
  allowsRecoveryCode?: boolean;
  autoFocus?: boolean;
  /** Beside the submit button (Cancel). */
  secondary?: ReactNode;
}

const LABELS: Record<ProofMode, string> = { code: "6-digit code", recovery_code: "Recovery code" };
const HINTS: Record<ProofMode, string> = {
  code: "Open your authenticator app and type the code it shows for Amia.",
  recovery_code: "One of the codes you saved when you turned on two-step verification. Each works once.",
};

/**
 * One field for a code from the authenticator app (the browser may fill it from an SMS-style
 * one-time-code source; a numeric keypad on phones), or, on request, for a recovery code.
 */
export function FactorProofForm({ label, submitLabel, onSubmit, isPending, failure, allowsRecoveryCode = false, autoFocus = false, secondary }: FactorProofFormProps) {
  const [mode, setMode] = useState<ProofMode>("code");
  const [typed, setTyped] = useState("");
  const [typo, setTypo] = useState<string | null>(null);
  const inputId = useId();
  const focusInput = () => document.getElementById(inputId)?.focus();
  const switched = useRef(false);

  // After switching between code and recovery code, the field takes the focus again.
  useEffect(() => {
    if (switched.current) focusInput();
  }, [mode]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = proofFromInput(mode, typed);
    if ("error" in checked) {
      setTypo(checked.error);
      focusInput();
      return;
    }
    setTypo(null);
    onSubmit(checked.proof);
  };

  const switchMode = () => {
    switched.current = true;
    setMode((current) => (current === "code" ? "recovery_code" : "code"));
    setTyped("");
    setTypo(null);
  };

  const fieldError = typo ?? (failure && failure.field === mode ? failure.message : undefined);
  const formError = failure && failure.field === null ? failure.message : null;

  return (
    <form className="factor-proof" noValidate onSubmit={submit} aria-label={label}>
      <TextInput
        id={inputId}
        key={mode}
        label={LABELS[mode]}
        hint={HINTS[mode]}
        error={fieldError}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        name={mode}
        autoComplete={mode === "code" ? "one-time-code" : "off"}
        inputMode={mode === "code" ? "numeric" : "text"}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={mode === "code" ? 9 : 64}
        className={mode === "code" ? "factor-proof__code" : "factor-proof__recovery"}
        autoFocus={autoFocus}
      />
      {formError && <Note kind="error">{formError}</Note>}
      <div className="factor-proof__actions">
        <Button type="submit" loading={isPending}>
          {submitLabel}
        </Button>
        {secondary}
      </div>
      {allowsRecoveryCode && (
        <button type="button" className="factor-proof__switch" onClick={switchMode}>
          {mode === "code" ? "Use a recovery code instead" : "Use a code from your app instead"}
        </button>
      )}
    </form>
  );
}
