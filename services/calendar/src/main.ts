import { bootService } from "@amia/kit";
import { ZCalendarEnvSchema } from "./env.ts";

// Google Calendar connection (tokens encrypted at rest) and sync as BullMQ jobs. Emits calendar.*.
// The routes, consumers and relay arrive with issue #6; until then the process is real but
// empty: it parses its config, connects to what it owns and answers /healthz and /readyz.
await bootService({
  name: "calendar",
  envSchema: ZCalendarEnvSchema,
  configure: async () => {},
});
