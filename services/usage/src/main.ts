import { bootService } from "@amia/kit";
import { ZUsageEnvSchema } from "./env.ts";

// AI usage records and their cost. Consumes ai-usage.recorded.
// The routes, consumers and relay arrive with issue #4; until then the process is real but
// empty: it parses its config, connects to what it owns and answers /healthz and /readyz.
await bootService({
  name: "usage",
  envSchema: ZUsageEnvSchema,
  configure: async () => {},
});
