import { z } from "zod";
import { ZEmailSchema, ZIdSchema, ZTimestampSchema, emailInput } from "./common.ts";
import { ZFactorSchema } from "./factors.ts";
import { timeZoneSchema } from "./time-zone.ts";

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

/**
 * `is_new`: this sign-in created the user. `factors`: the user's second factors; with a verified
 * one, the BFF asks for its code before it creates the session.
 */
export const ZUpsertUserOnSignInResponseSchema = z.object({
  user: ZUserProfileSchema,
  is_new: z.boolean(),
  factors: z.array(ZFactorSchema),
});
export type TUpsertUserOnSignInResponse = z.infer<typeof ZUpsertUserOnSignInResponseSchema>;

/** Internal lookup by email for other services (404 when nobody has it). */
export const ZFindUserByEmailQuerySchema = z.object({ email: emailInput("email") });
export type TFindUserByEmailQuery = z.infer<typeof ZFindUserByEmailQuerySchema>;

/** Get-me, and the lookup by email. */
export const ZUserProfileResponseSchema = z.object({ user: ZUserProfileSchema });
export type TUserProfileResponse = z.infer<typeof ZUserProfileResponseSchema>;

/*
 * The user's settings (issue 10 point 5), owned by the identity service: their time zone,
 * working hours, and whether their connections may see their busy times. Wire and storage names.
 */

/** Weekdays, Monday first (ISO 8601 order). Wire values: never rename. */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export const ZWeekdaySchema = z.enum(WEEKDAYS, { error: `must be one of ${WEEKDAYS.join(", ")}` });
export type TWeekday = z.infer<typeof ZWeekdaySchema>;

const WALL_CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A wall-clock time "HH:MM" (00:00–23:59). */
function wallClockTime(field: string) {
  return z
    .string({ error: `${field} must be a time in HH:MM form` })
    .regex(WALL_CLOCK, { error: `${field} must be a time in HH:MM form, between 00:00 and 23:59`, abort: true });
}

/**
 * Working hours: the same wall-clock span on each working day, read in the user's time zone.
 * The end is after the start on the same day (no overnight spans); days are kept in week order,
 * each once.
 */
export const ZWorkingHoursSchema = z
  .object(
    {
      start: wallClockTime("working_hours.start"),
      end: wallClockTime("working_hours.end"),
      days: z
        .array(ZWeekdaySchema, { error: "working_hours.days must be a list of weekdays" })
        .min(1, { error: "working_hours.days must name at least one day" })
        .transform((days) => WEEKDAYS.filter((day) => days.includes(day))),
    },
    { error: "working_hours must be an object with start, end and days" },
  )
  // HH:MM strings compare as times.
  .refine((hours) => hours.end > hours.start, { path: ["end"], error: "working_hours.end must be after working_hours.start" });
export type TWorkingHours = z.infer<typeof ZWorkingHoursSchema>;

export const DEFAULT_WORKING_HOURS: TWorkingHours = { start: "09:00", end: "17:00", days: ["mon", "tue", "wed", "thu", "fri"] };

export const ZUserSettingsSchema = z.object({
  /** IANA zone; null: never chosen, so the app uses the browser's. */
  time_zone: z.string().nullable(),
  working_hours: ZWorkingHoursSchema,
  /** "Share my free/busy with my connections": busy intervals only, never event details. Off by default. */
  share_free_busy: z.boolean(),
  /** When the user last saved them; null while they are the defaults. */
  updated_at: ZTimestampSchema.nullable(),
});
export type TUserSettings = z.infer<typeof ZUserSettingsSchema>;

/** What a user who never saved settings has. */
export const DEFAULT_USER_SETTINGS: TUserSettings = { time_zone: null, working_hours: DEFAULT_WORKING_HOURS, share_free_busy: false, updated_at: null };

/** `GET` and `PATCH /api/v1/users/me/settings`. */
export const ZUserSettingsResponseSchema = z.object({ settings: ZUserSettingsSchema });
export type TUserSettingsResponse = z.infer<typeof ZUserSettingsResponseSchema>;

/**
 * `PATCH /api/v1/users/me/settings`: any of the fields; `working_hours` whole (its checks span
 * its fields); `time_zone: null` goes back to the browser's zone. Unknown keys and an empty body
 * are refused.
 */
export const ZUpdateUserSettingsBodySchema = z
  .strictObject({
    time_zone: timeZoneSchema("time_zone").nullable().optional(),
    working_hours: ZWorkingHoursSchema.optional(),
    share_free_busy: z.boolean({ error: "share_free_busy must be true or false" }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: "the body must change at least one of time_zone, working_hours, share_free_busy" });
export type TUpdateUserSettingsBody = z.infer<typeof ZUpdateUserSettingsBodySchema>;
