import { bootService } from "@amia/kit";
import { createAgentService } from "./app.ts";
import { AGENT_LOCAL_DEFAULTS, ZAgentEnvSchema } from "./env.ts";

// Streaming chat with tools and smart-fill (auto-fill). Emits ai-usage.recorded. The agent owns
// no database, so it is wired with `configure` (bootService's `module` requires MONGO_URL).
await bootService({
  name: "agent",
  envSchema: ZAgentEnvSchema,
  localDefaults: AGENT_LOCAL_DEFAULTS,
  configure: async ({ env, app, bus, logger, auth }) => {
    if (!bus || !auth) throw new Error("agent: needs KAFKA_BROKERS and INTERNAL_JWKS_URL");
    const module = await createAgentService({
      openai: { baseURL: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY, model: env.OPENAI_MODEL },
      serviceUrls: { events: env.EVENTS_URL, relationships: env.RELATIONSHIPS_URL, notifications: env.NOTIFICATIONS_URL, calendar: env.CALENDAR_URL },
    })({ bus, logger, auth });
    app.route("/", module.routes);
    await module.start();
    return [module.stop];
  },
});
