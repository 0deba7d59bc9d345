import { z } from "zod";
import { envAes256Key, envPort, envPositiveInt, LOCAL_DEFAULTS, serviceEnvShape, mongoEnvShape, kafkaEnvShape, redisEnvShape, internalAuthEnvShape } from "@amia/kit";

/** A development-only key (32 zero-ish bytes): fine on a laptop, refused in production. */
const DEV_TOKEN_ENCRYPTION_KEY = Buffer.from("amia-local-dev-token-key-32bytes").toString("base64");

/** The calendar service's whole configuration, parsed once at start-up. */
export const ZCalendarEnvSchema = z
  .object({
    ...serviceEnvShape,
    ...mongoEnvShape,
    ...kafkaEnvShape,
    ...redisEnvShape,
    ...internalAuthEnvShape,
    PORT: envPort.default(4007),
    /** Google's OAuth token endpoint (the stand-in, deploy/google-stand-in, locally). */
    GOOGLE_OAUTH_TOKEN_URL: z.url().default("http://127.0.0.1:4500/token"),
    /** Google's OAuth revocation endpoint (Disconnect revokes the user's grant there). */
    GOOGLE_OAUTH_REVOKE_URL: z.url().default("http://127.0.0.1:4500/revoke"),
    /** Google Calendar API v3 root. */
    GOOGLE_CALENDAR_API_URL: z.url().default("http://127.0.0.1:4500/calendar/v3"),
    GOOGLE_CLIENT_ID: z.string().min(1).default("amia-web"),
    GOOGLE_CLIENT_SECRET: z.string().min(1).default("local-dev-secret"),
    /** AES-256-GCM key for Google tokens at rest; required in production. */
    TOKEN_ENCRYPTION_KEY: envAes256Key.optional(),
    /** Attempts of a sync job before it gives up (429 / 5xx / network), with exponential backoff. */
    CALENDAR_SYNC_ATTEMPTS: envPositiveInt.default(6),
    CALENDAR_SYNC_BACKOFF_MS: envPositiveInt.default(2_000),
    /** How often wanted syncs are checked for jobs Redis lost (also once at start-up). */
    CALENDAR_SYNC_RECONCILE_INTERVAL_MS: envPositiveInt.default(60_000),
    /**
     * The BFF's public origin (the BFF's own PUBLIC_ORIGIN): Google's push notifications reach
     * us at `${PUBLIC_ORIGIN}/api/v1/google/calendar/notifications` through the BFF. Unset or
     * empty: no push channels, changes made in Google arrive by the periodic sync only.
     */
    PUBLIC_ORIGIN: z
      .union([z.literal(""), z.url({ protocol: /^https?$/ })])
      .optional()
      .transform((value) => (value ? new URL(value).origin : undefined)),
    /** How often every connected user's calendar is listed for changes made in Google (two-way sync's safety net). */
    CALENDAR_GOOGLE_SYNC_INTERVAL_MS: envPositiveInt.default(300_000),
    /** How long a push channel is asked to live (Google allows 7 days at most for events). */
    CALENDAR_CHANNEL_TTL_MS: envPositiveInt.default(7 * 86_400_000),
    /** A channel expiring sooner than this is replaced ... */
    CALENDAR_CHANNEL_RENEW_BEFORE_MS: envPositiveInt.default(86_400_000),
    /** ... checked this often. */
    CALENDAR_CHANNEL_RENEW_INTERVAL_MS: envPositiveInt.default(3_600_000),
    /** Comma-separated user ids who may see and retry sync jobs (the operators' view); empty: nobody. */
    CALENDAR_ADMIN_USER_IDS: z
      .string()
      .default("")
      .transform((value) => value.split(",").map((id) => id.trim()).filter(Boolean)),
  })
  // A refinement, not a transform: the schema stays an object whose keys tools can list.
  .superRefine((env, ctx) => {
    if (!env.TOKEN_ENCRYPTION_KEY && env.NODE_ENV === "production") {
      ctx.addIssue({ code: "custom", path: ["TOKEN_ENCRYPTION_KEY"], message: "is required in production" });
    }
  });

export type TCalendarEnv = z.output<typeof ZCalendarEnvSchema>;

/**
 * Outside production only: the BFF's own local default origin (bff/src/env.ts), so `npm start`
 * and the e2e stack open push channels that reach the calendar through the web server and BFF.
 */
export const CALENDAR_LOCAL_DEFAULTS: Readonly<Record<string, string>> = { ...LOCAL_DEFAULTS, PUBLIC_ORIGIN: "http://127.0.0.1:5173" };

/** The token key to use: the configured one, or (outside production only) the development key. */
export function tokenEncryptionKeyOf(env: TCalendarEnv): Buffer {
  return Buffer.from(env.TOKEN_ENCRYPTION_KEY ?? DEV_TOKEN_ENCRYPTION_KEY, "base64");
}
