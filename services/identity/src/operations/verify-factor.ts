import { AppError, notFound } from "@amia/kit";
import type { TVerifyFactorBody, TVerifyFactorResponse } from "@amia/contracts";
import type { FactorSecrets } from "../domain/factor-secrets.ts";
import { newRecoveryCodes, recoveryCodeHash } from "../domain/recovery-codes.ts";
import { matchTotp } from "../domain/totp.ts";
import { toFactor, type FactorsStore } from "../store/factors-store.ts";
import { countedTry, USED_TOTP, WRONG_TOTP } from "./factor-tries.ts";

/**
 * The first code from the app proves the secret reached it: the factor becomes verified (asked
 * for at every sign-in from now on) and gets its recovery codes, answered this once; only their
 * keyed hashes are kept. A counted try (operations/factor-tries.ts).
 */
export async function verifyFactor(store: FactorsStore, secrets: FactorSecrets, userId: string, factorId: string, body: TVerifyFactorBody, now = new Date()): Promise<TVerifyFactorResponse> {
  const factor = await store.findFor(userId);
  if (!factor || factor._id !== factorId) throw notFound("Factor");
  if (factor.status === "verified") throw new AppError("conflict", "This factor is verified already");
  return countedTry(store, userId, now.getTime(), async () => {
    const secret = Buffer.from(secrets.cipher.decrypt(factor.secret), "base64url");
    const match = matchTotp(secret, body.code, now.getTime(), factor.last_used_step);
    if (!match.isAccepted) return match.reason === "used" ? USED_TOTP : WRONG_TOTP;
    const recoveryCodes = newRecoveryCodes();
    const at = now.toISOString();
    const hashes = recoveryCodes.map((code) => recoveryCodeHash(secrets.recoveryHashKey, code));
    if (!(await store.markVerified(userId, factorId, match.step, hashes, at))) return USED_TOTP;
    return { factor: toFactor({ ...factor, status: "verified", verified_at: at, last_used_step: match.step, recovery_codes: hashes }), recovery_codes: recoveryCodes };
  });
}
