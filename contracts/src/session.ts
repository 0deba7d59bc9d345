import { z } from "zod";
import { ZEmailSchema, ZIdSchema, ZTimestampSchema } from "./common.ts";

/*
 * The signed-in user as the BFF returns it from GET /api/v1/auth/session (issue 5), in the shape
 * SPEC.md section 3 calls "Session user", plus our own id. Provider tokens never appear here.
 * Wire names (the web app's Account tab reads them).
 */

export const ZSessionUserSchema = z.object({
  id: ZIdSchema,
  email: ZEmailSchema,
  /** The header shows `name`; the Account tab falls back to `full_name`, then "Not provided". */
  user_metadata: z.object({
    name: z.string().nullable(),
    full_name: z.string().nullable(),
  }),
  app_metadata: z.object({ provider: z.string() }),
  /** null when the provider does not vouch for the email ("Email Verified: No"). */
  email_confirmed_at: ZTimestampSchema.nullable(),
  created_at: ZTimestampSchema,
  last_sign_in_at: ZTimestampSchema.nullable(),
});
export type TSessionUser = z.infer<typeof ZSessionUserSchema>;

/** GET /api/v1/auth/session: 200 with the user, or 401 with an error body. */
export const ZSessionResponseSchema = z.object({ user: ZSessionUserSchema });
export type TSessionResponse = z.infer<typeof ZSessionResponseSchema>;
