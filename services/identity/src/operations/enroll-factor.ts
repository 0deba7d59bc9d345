import { randomBytes } from "node:crypto";
import { AppError } from "@amia/kit";
import type { TEnrollFactorBody, TEnrollFactorResponse } from "@amia/contracts";
import type { FactorSecrets } from "../domain/factor-secrets.ts";
import { base32Encode, otpauthUri, TOTP_SECRET_BYTES } from "../domain/totp.ts";
import { toFactor, type FactorsStore } from "../store/factors-store.ts";

/** The name an authenticator app lists the account under. */
export const TOTP_ISSUER = "Amia";

export const ALREADY_ON = "Two-step verification is already on: turn it off before setting it up again";

/**
 * Enroll: a new TOTP secret, sealed at rest, as an unverified factor (replacing an unverified one
 * left from an earlier try). The secret and its URI are answered this once and never again.
 * Refused (409) while a verified factor exists.
 */
export async function enrollFactor(store: FactorsStore, secrets: FactorSecrets, user: { id: string; email: string }, body: TEnrollFactorBody, now = new Date()): Promise<TEnrollFactorResponse> {
  const existing = await store.findFor(user.id);
  if (existing?.status === "verified") throw new AppError("conflict", ALREADY_ON);
  const secret = randomBytes(TOTP_SECRET_BYTES);
  const factor = await store.enrollFor(user.id, { factor_type: body.factor_type, secret: secrets.cipher.encrypt(secret.toString("base64url")), created_at: now.toISOString() });
  if (!factor) throw new AppError("conflict", ALREADY_ON);
  return { factor: toFactor(factor), totp: { secret: base32Encode(secret), uri: otpauthUri({ issuer: TOTP_ISSUER, account: user.email, secret }) } };
}
