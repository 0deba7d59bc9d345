import { bootService } from "@amia/kit";
import { ZNotificationsEnvSchema } from "./env.ts";

// In-app notifications built from other services' events. Emits notification.created.
// The routes, consumers and relay arrive with issue #3; until then the process is real but
// empty: it parses its config, connects to what it owns and answers /healthz and /readyz.
await bootService({
  name: "notifications",
  envSchema: ZNotificationsEnvSchema,
  configure: async () => {},
});
