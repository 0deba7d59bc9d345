import { bootService, loadConfig } from "@amia/kit";
import { notificationsService } from "./app.ts";
import { ZNotificationsEnvSchema } from "./env.ts";

// bootService parses the same schema again (and exits naming a bad variable); this copy feeds
// the module its quota.
const env = loadConfig("notifications", ZNotificationsEnvSchema);

await bootService({
  name: "notifications",
  envSchema: ZNotificationsEnvSchema,
  module: notificationsService({ selfNotificationsPerHour: env.NOTIFICATIONS_SELF_PER_HOUR }),
});
