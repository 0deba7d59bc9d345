import { z } from "zod";
import { ZEmailSchema, ZIdSchema, ZTimestampSchema } from "../common.ts";
import { WEEKDAYS } from "../users.ts";

/*
 * Topic `users`, subject = user id. Emitted by identity; relationships and notifications keep
 * projections of names and emails from them (no service reads another's database).
 */

/** The user as it is now; both events carry the whole of it, so a projection is an upsert. */
const userSnapshot = {
  user_id: ZIdSchema,
  email: ZEmailSchema,
  name: z.string().nullable(),
  full_name: z.string().nullable(),
  provider: z.string(),
  email_verified: z.boolean(),
};

/** `user.registered`: a first sign-in created this user. Pending relationship requests to the email now reach them. */
export const ZUserRegisteredDataSchema = z.object({ ...userSnapshot, created_at: ZTimestampSchema });
export type TUserRegisteredData = z.infer<typeof ZUserRegisteredDataSchema>;

/** `user.updated`: a later sign-in changed the profile (name, email, verification). */
export const ZUserUpdatedDataSchema = z.object({ ...userSnapshot, updated_at: ZTimestampSchema });
export type TUserUpdatedData = z.infer<typeof ZUserUpdatedDataSchema>;

/**
 * `user.settings-updated`: the user saved their settings (time zone, working hours, sharing of
 * free/busy). Carries all of them, so a projection is an upsert guarded by `updated_at`; the
 * calendar service keeps one to decide whose busy times a connection may see.
 */
export const ZUserSettingsUpdatedDataSchema = z.object({
  user_id: ZIdSchema,
  time_zone: z.string().nullable(),
  working_hours: z.object({ start: z.string(), end: z.string(), days: z.array(z.enum(WEEKDAYS)) }),
  share_free_busy: z.boolean(),
  updated_at: ZTimestampSchema,
});
export type TUserSettingsUpdatedData = z.infer<typeof ZUserSettingsUpdatedDataSchema>;
