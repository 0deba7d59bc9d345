import type { TFactorProofBody } from "@amia/contracts";
import type { FactorSecrets } from "../domain/factor-secrets.ts";
import { recoveryCodeHash } from "../domain/recovery-codes.ts";
import { matchTotp } from "../domain/totp.ts";
import type { FactorDocument, FactorsStore } from "../store/factors-store.ts";
import { USED_TOTP, WRONG_RECOVERY_CODE, WRONG_TOTP, type WrongCode } from "./factor-tries.ts";

/**
 * Checks a proof of `factor` (a current code, or an unused recovery code) and uses it up: the
 * code's step can never be accepted again, the recovery code is gone. Two requests with the same
 * code at once: the write that takes the step is the atomic part, so only one passes.
 */
export async function proveFactor(
  store: FactorsStore,
  secrets: FactorSecrets,
  factor: FactorDocument,
  proof: TFactorProofBody,
  nowMs: number,
): Promise<"totp" | "recovery_code" | WrongCode> {
  if (proof.code !== undefined) {
    const secret = Buffer.from(secrets.cipher.decrypt(factor.secret), "base64url");
    const match = matchTotp(secret, proof.code, nowMs, factor.last_used_step);
    if (!match.isAccepted) return match.reason === "used" ? USED_TOTP : WRONG_TOTP;
    return (await store.useStep(factor.user_id, factor._id, match.step)) ? "totp" : USED_TOTP;
  }
  const hash = recoveryCodeHash(secrets.recoveryHashKey, proof.recovery_code ?? "");
  return (await store.useRecoveryCode(factor.user_id, factor._id, hash)) ? "recovery_code" : WRONG_RECOVERY_CODE;
}
