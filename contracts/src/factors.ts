import { z } from "zod";
import { ZIdSchema, ZTimestampSchema } from "./common.ts";

/*
 * A second factor at sign-in (issue 13 point 7; SPEC.md section 3 "Auth session": user factors
 * with factor_type and status; section 7: enroll, challenge, verify and unenroll). Owned by the
 * identity service. Optional per user. Wire and storage names.
 */

/** Factor types offered. SPEC.md also names "phone"; only TOTP apps are offered. Wire values: never rename. */
export const FACTOR_TYPES = ["totp"] as const;
export const ZFactorTypeSchema = z.enum(FACTOR_TYPES, { error: `factor_type must be one of: ${FACTOR_TYPES.join(", ")}` });
export type TFactorType = z.infer<typeof ZFactorTypeSchema>;

/** `unverified`: enrolled, waiting for its first code; `verified`: asked for at every sign-in. Wire values. */
export const FACTOR_STATUSES = ["unverified", "verified"] as const;
export const ZFactorStatusSchema = z.enum(FACTOR_STATUSES);
export type TFactorStatus = z.infer<typeof ZFactorStatusSchema>;

/** How many recovery codes a verified factor comes with (each works once). */
export const RECOVERY_CODE_COUNT = 10;

/** A factor as its owner sees it: never its secret, never its recovery codes. */
export const ZFactorSchema = z.object({
  id: ZIdSchema,
  factor_type: ZFactorTypeSchema,
  status: ZFactorStatusSchema,
  created_at: ZTimestampSchema,
  verified_at: ZTimestampSchema.nullable(),
  /** Recovery codes not used yet (0 while unverified). */
  recovery_codes_left: z.number().int().min(0),
});
export type TFactor = z.infer<typeof ZFactorSchema>;

/** A TOTP code as typed: spaces allowed ("123 456"), then exactly 6 digits. */
export const ZTotpCodeSchema = z
  .string({ error: "code must be the 6-digit code your authenticator app shows" })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, { error: "code must be the 6-digit code your authenticator app shows" }));

/**
 * A recovery code as typed: case, spaces and dashes do not matter ("ABCD-EFGH-JKMN" is
 * "abcdefghjkmn"). The normalised form is what identity hashes.
 */
export function normalizeRecoveryCode(value: string): string {
  return value.toLowerCase().replace(/[\s-]+/g, "");
}
/** The letters and digits a recovery code is made of: no 0/o, 1/i/l to mix up. */
export const RECOVERY_CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const RECOVERY_CODE_LENGTH = 12;
const RECOVERY_CODE_PATTERN = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);
export const ZRecoveryCodeSchema = z
  .string({ error: "recovery_code must be one of your recovery codes" })
  .max(64, { error: "recovery_code must be one of your recovery codes" })
  .transform(normalizeRecoveryCode)
  .pipe(z.string().regex(RECOVERY_CODE_PATTERN, { error: `recovery_code must be one of your recovery codes (${RECOVERY_CODE_LENGTH} letters and digits)` }));

/**
 * Proof of the factor: a current code or one recovery code, exactly one of them. Unenrolling,
 * and the second step of sign-in (POST /api/v1/auth/mfa/verify), take it.
 */
export const ZFactorProofBodySchema = z
  .strictObject({
    code: ZTotpCodeSchema.optional(),
    recovery_code: ZRecoveryCodeSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.code === undefined && body.recovery_code === undefined) {
      ctx.addIssue({ code: "custom", path: ["code"], message: "code must be the 6-digit code your authenticator app shows (or send recovery_code)" });
    } else if (body.code !== undefined && body.recovery_code !== undefined) {
      ctx.addIssue({ code: "custom", path: ["recovery_code"], message: "recovery_code must not be sent with code: send one of them" });
    }
  });
export type TFactorProofBody = z.infer<typeof ZFactorProofBodySchema>;

/** GET /api/v1/users/me/factors: none, or the one factor. */
export const ZListFactorsResponseSchema = z.object({ factors: z.array(ZFactorSchema) });
export type TListFactorsResponse = z.infer<typeof ZListFactorsResponseSchema>;

/** POST /api/v1/users/me/factors (enroll). */
export const ZEnrollFactorBodySchema = z.strictObject({ factor_type: ZFactorTypeSchema });
export type TEnrollFactorBody = z.infer<typeof ZEnrollFactorBodySchema>;

/**
 * 201: the new, unverified factor and, this once, its secret (base32, for typing in) and the
 * `otpauth://` URI (for the QR code). They are never shown again.
 */
export const ZEnrollFactorResponseSchema = z.object({
  factor: ZFactorSchema,
  totp: z.object({ secret: z.string(), uri: z.string() }),
});
export type TEnrollFactorResponse = z.infer<typeof ZEnrollFactorResponseSchema>;

/** POST /api/v1/users/me/factors/{id}/verify: the first code from the app. */
export const ZVerifyFactorBodySchema = z.strictObject({ code: ZTotpCodeSchema });
export type TVerifyFactorBody = z.infer<typeof ZVerifyFactorBodySchema>;

/** 200: the factor, now verified, and its recovery codes, shown this once (identity keeps only their hashes). */
export const ZVerifyFactorResponseSchema = z.object({
  factor: ZFactorSchema,
  recovery_codes: z.array(z.string()),
});
export type TVerifyFactorResponse = z.infer<typeof ZVerifyFactorResponseSchema>;

/** POST /api/v1/users/me/factors/{id}/unenroll: `ZFactorProofBodySchema`; 204. */
export const ZUnenrollFactorBodySchema = ZFactorProofBodySchema;
export type TUnenrollFactorBody = TFactorProofBody;

/** Internal, BFF → identity at sign-in: POST /internal/users/{id}/factors/challenge with `ZFactorProofBodySchema`. */
export const ZFactorChallengeResponseSchema = z.object({
  factor: ZFactorSchema,
  /** Which proof passed (a recovery code is then used up). Wire values. */
  method: z.enum(["totp", "recovery_code"]),
});
export type TFactorChallengeResponse = z.infer<typeof ZFactorChallengeResponseSchema>;

/** POST /api/v1/auth/mfa/verify (the second step of sign-in): 200, the session cookie set; where the app goes next. */
export const ZMfaVerifyResponseSchema = z.object({ return_to: z.string().nullable() });
export type TMfaVerifyResponse = z.infer<typeof ZMfaVerifyResponseSchema>;
