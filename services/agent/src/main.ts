import { bootService } from "@amia/kit";
import { ZAgentEnvSchema } from "./env.ts";

// Streaming chat with tools and smart-fill (auto-fill). Emits ai-usage.recorded.
// The routes, consumers and relay arrive with issue #6; until then the process is real but
// empty: it parses its config, connects to what it owns and answers /healthz and /readyz.
await bootService({
  name: "agent",
  envSchema: ZAgentEnvSchema,
  configure: async () => {},
});
