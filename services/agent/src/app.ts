import { Hono } from "hono";
import OpenAI from "openai";
import type { ServiceEnv, ServiceModule, ServiceModuleDeps } from "@amia/kit";
import type { ModelConfig } from "./operations/chat.ts";
import { busUsageRecorder } from "./events/ai-usage-recorded.ts";
import { autoFillRoutes } from "./routes/auto-fill.ts";
import { chatRoutes } from "./routes/chat.ts";
import type { ServiceUrls } from "./tools/user-services.ts";

export interface AgentOptions {
  /** Absent apiKey: offline mode. */
  openai: { baseURL: string; apiKey?: string | undefined; model: string };
  /** The services the tools call as the user; a function so tests can name them late. */
  serviceUrls: ServiceUrls | (() => ServiceUrls);
}

/**
 * Streaming chat with tools, and smart-fill; emits ai-usage.recorded. Owns no database: it needs
 * only the bus, a logger and internal auth, so it takes a subset of ServiceModuleDeps and can be
 * mounted by the test harness like any module.
 */
export function createAgentService(options: AgentOptions) {
  return async ({ bus, logger, auth }: Pick<ServiceModuleDeps, "bus" | "logger" | "auth">): Promise<ServiceModule> => {
    const model: ModelConfig | undefined = options.openai.apiKey
      ? { client: new OpenAI({ baseURL: options.openai.baseURL, apiKey: options.openai.apiKey, maxRetries: 1 }), model: options.openai.model }
      : undefined;
    if (!model) logger.info("no OPENAI_API_KEY: the assistant runs in offline mode");
    const urls = options.serviceUrls;
    const routes = new Hono<ServiceEnv>();
    const usage = busUsageRecorder(bus, logger);
    routes.route("/", chatRoutes({ auth, logger, usage, model, serviceUrls: typeof urls === "function" ? urls : () => urls }));
    routes.route("/", autoFillRoutes({ auth, logger, usage, model }));
    return {
      routes,
      start: async () => bus.ensureTopics(["ai-usage"]),
      stop: async () => {},
    };
  };
}
