import { bootService, createBalancer } from "@amia/kit";
import { createAgentService } from "./app.ts";
import { AGENT_LOCAL_DEFAULTS, ZAgentEnvSchema, type TAgentEnv } from "./env.ts";

// The assistant: streaming chat that proposes (the person confirms), conversations, smart-fill.
// Emits ai-usage.recorded.
let config: TAgentEnv | undefined;
await bootService({
  name: "agent",
  envSchema: ZAgentEnvSchema,
  localDefaults: AGENT_LOCAL_DEFAULTS,
  // Runs first, with the environment bootService parsed once (exiting, named, if it is wrong).
  configure: async ({ env }) => {
    config = env;
  },
  module: async (deps) =>
    createAgentService({
      openai: { baseURL: config!.OPENAI_BASE_URL, apiKey: config!.OPENAI_API_KEY, model: config!.OPENAI_MODEL },
      serviceUrls: {
        events: createBalancer(config!.EVENTS_URL),
        relationships: createBalancer(config!.RELATIONSHIPS_URL),
        notifications: createBalancer(config!.NOTIFICATIONS_URL),
        calendar: createBalancer(config!.CALENDAR_URL),
        usage: createBalancer(config!.USAGE_URL),
      },
      proposalTtlMinutes: config!.PROPOSAL_TTL_MINUTES,
      undoWindowMinutes: config!.UNDO_WINDOW_MINUTES,
    })(deps),
});
