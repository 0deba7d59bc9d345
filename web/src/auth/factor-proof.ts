import type { TFactorProofBody, TFieldError } from "@amia/contracts";
import { errorMessage, FIELD_MESSAGES, type ErrorWords } from "../lib/errors.ts";

/**
 * What the person typed in a code form (sign-in's code page, turning two-step verification off):
 * the 6-digit code, or a recovery code. Checked here first, in the contracts' own terms (spaces
 * in a code and dashes in a recovery code do not matter), so a typo is said before anything is sent.
 */
export type ProofMode = "code" | "recovery_code";

export function proofFromInput(mode: ProofMode, typed: string): { proof: TFactorProofBody } | { error: string } {
  if (mode === "code") {
    const code = typed.replace(/\s+/g, "");
    return /^\d{6}$/.test(code) ? { proof: { code } } : { error: FIELD_MESSAGES.factor.code };
  }
  const recoveryCode = typed.trim();
  return recoveryCode ? { proof: { recovery_code: recoveryCode } } : { error: FIELD_MESSAGES.factor.recovery_code };
}

/** A failed call of a code form, in words: on the field it names, else for the whole form. */
export interface ProofFailure {
  field: ProofMode | null;
  message: string;
}

export function proofFailure(error: unknown, fallback: string, codes: ErrorWords["codes"] = {}): ProofFailure {
  const fields = typeof error === "object" && error !== null && Array.isArray((error as { fields?: unknown }).fields) ? ((error as { fields: TFieldError[] }).fields) : [];
  const named = fields.find((field): field is TFieldError & { path: ProofMode } => field.path === "code" || field.path === "recovery_code");
  if (named && (error as { code?: unknown }).code === "validation_failed") return { field: named.path, message: FIELD_MESSAGES.factor[named.path] };
  return { field: null, message: errorMessage(error, fallback, { body: "factor", codes }) };
}
