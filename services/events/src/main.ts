import { bootService } from "@amia/kit";
import { ZEventsEnvSchema } from "./env.ts";

// Event requests, their reviewers and decisions. Emits event-request.*.
// The routes, consumers and relay arrive with issue #4; until then the process is real but
// empty: it parses its config, connects to what it owns and answers /healthz and /readyz.
await bootService({
  name: "events",
  envSchema: ZEventsEnvSchema,
  configure: async () => {},
});
