import { bootService } from "@amia/kit";
import { createNotificationsService } from "./app.ts";
import { ZNotificationsEnvSchema } from "./env.ts";

await bootService({
  name: "notifications",
  envSchema: ZNotificationsEnvSchema,
  module: createNotificationsService,
});
