import { z } from "zod";
import { ZEmailSchema, ZIdSchema, ZTimestampSchema, emailInput } from "./common.ts";

/*
 * Users as the identity service keeps them (issue 3). Keyed by our own id; the identity
 * provider's subject and email are attributes (DESIGN.md "Identity"). Wire and storage names.
 */

export const ZUserProfileSchema = z.object({
  id: ZIdSchema,
  /** The identity provider's `iss`, e.g. "https://accounts.google.com". */
  issuer: z.string(),
  /** The provider's `sub`; unique per issuer. */
  subject: z.string(),
  /** Short provider name for display (SPEC.md's app_metadata.provider), e.g. "google". */
  provider: z.string(),
  email: ZEmailSchema,
  email_verified: z.boolean(),
  name: z.string().nullable(),
  full_name: z.string().nullable(),
  created_at: ZTimestampSchema,
  updated_at: ZTimestampSchema,
  last_sign_in_at: ZTimestampSchema.nullable(),
});
export type TUserProfile = z.infer<typeof ZUserProfileSchema>;

/**
 * Internal, BFF → identity: upsert on sign-in, from a verified ID token. The first sign-in
 * creates the user (user.registered), later ones refresh the attributes and last_sign_in_at.
 */
export const ZUpsertUserOnSignInBodySchema = z.object({
  issuer: z.string().min(1, { error: "issuer must not be empty" }),
  subject: z.string().min(1, { error: "subject must not be empty" }),
  provider: z.string().min(1, { error: "provider must not be empty" }),
  email: emailInput("email"),
  email_verified: z.boolean({ error: "email_verified must be true or false" }),
  name: z.string().max(200).nullable().optional(),
  full_name: z.string().max(200).nullable().optional(),
});
export type TUpsertUserOnSignInBody = z.infer<typeof ZUpsertUserOnSignInBodySchema>;

/** `is_new`: this sign-in created the user. */
export const ZUpsertUserOnSignInResponseSchema = z.object({
  user: ZUserProfileSchema,
  is_new: z.boolean(),
});
export type TUpsertUserOnSignInResponse = z.infer<typeof ZUpsertUserOnSignInResponseSchema>;

/** Internal lookup by email for other services (404 when nobody has it). */
export const ZFindUserByEmailQuerySchema = z.object({ email: emailInput("email") });
export type TFindUserByEmailQuery = z.infer<typeof ZFindUserByEmailQuerySchema>;

/** Get-me, and the lookup by email. */
export const ZUserProfileResponseSchema = z.object({ user: ZUserProfileSchema });
export type TUserProfileResponse = z.infer<typeof ZUserProfileResponseSchema>;
