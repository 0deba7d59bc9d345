import { bootService, loadConfig } from "@amia/kit";
import { createCalendarService, googleNotificationsUrl } from "./app.ts";
import { CALENDAR_LOCAL_DEFAULTS, tokenEncryptionKeyOf, ZCalendarEnvSchema } from "./env.ts";

// Google Calendar connection (tokens encrypted at rest) and sync as BullMQ jobs. Emits calendar.*.
// bootService parses the same schema again (and exits naming a bad variable); this copy feeds
// the module what bootService does not know about (Redis for BullMQ, Google, the token key).
const env = loadConfig("calendar", ZCalendarEnvSchema, process.env, CALENDAR_LOCAL_DEFAULTS);

await bootService({
  name: "calendar",
  envSchema: ZCalendarEnvSchema,
  module: createCalendarService({
    redisUrl: env.REDIS_URL,
    ...(env.REDIS_KEY_PREFIX ? { queuePrefix: `${env.REDIS_KEY_PREFIX}bull` } : {}),
    google: { tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL, revokeUrl: env.GOOGLE_OAUTH_REVOKE_URL, apiUrl: env.GOOGLE_CALENDAR_API_URL, clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET },
    tokenEncryptionKey: tokenEncryptionKeyOf(env),
    sync: { attempts: env.CALENDAR_SYNC_ATTEMPTS, backoffMs: env.CALENDAR_SYNC_BACKOFF_MS, reconcileIntervalMs: env.CALENDAR_SYNC_RECONCILE_INTERVAL_MS },
    adminUserIds: env.CALENDAR_ADMIN_USER_IDS,
    twoWay: {
      webhookUrl: env.PUBLIC_ORIGIN ? googleNotificationsUrl(env.PUBLIC_ORIGIN) : null,
      syncIntervalMs: env.CALENDAR_GOOGLE_SYNC_INTERVAL_MS,
      channelTtlMs: env.CALENDAR_CHANNEL_TTL_MS,
      renewBeforeMs: env.CALENDAR_CHANNEL_RENEW_BEFORE_MS,
      renewIntervalMs: env.CALENDAR_CHANNEL_RENEW_INTERVAL_MS,
    },
  }),
});
