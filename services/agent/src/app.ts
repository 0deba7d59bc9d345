import { Hono } from "hono";
import { createOutbox, ensureIndexes, type ServiceEnv, type ServiceModule, type ServiceModuleDeps } from "@amia/kit";
import type { ModelConfig } from "./operations/chat.ts";
import { outboxUsageRecorder } from "./events/ai-usage-recorded.ts";
import { createCreditsChecker } from "./operations/credits.ts";
import { autoFillRoutes } from "./routes/auto-fill.ts";
import { chatRoutes } from "./routes/chat.ts";
import { conversationRoutes } from "./routes/conversations.ts";
import { proposalRoutes } from "./routes/proposals.ts";
import { CONVERSATIONS_INDEXES, createConversationsStore } from "./store/conversations-store.ts";
import { createProposalsStore, PROPOSALS_INDEXES } from "./store/proposals-store.ts";
import { createUsageReportsStore } from "./store/usage-reports-store.ts";
import type { ServiceUrls } from "./tools/user-services.ts";

export interface AgentOptions {
  /** Absent apiKey: offline mode. */
  openai: { baseURL: string; apiKey?: string | undefined; model: string };
  /** The services the agent calls as the user; a function so tests can name them late. */
  serviceUrls: ServiceUrls | (() => ServiceUrls);
  proposalTtlMinutes?: number;
  undoWindowMinutes?: number;
  /** The clock (tests move it to reach expiry). */
  nowMs?: () => number;
  /** How long a user's "credits left" answer is trusted before asking the usage service again. */
  creditsAllowedForMs?: number;
}

/**
 * Streaming chat that proposes and lets the person confirm, persistent conversations, and
 * smart-fill; emits ai-usage.recorded through its outbox. Its database holds the proposals it
 * issued, the users' conversations and their usage reports until published.
 */
export function createAgentService(options: AgentOptions) {
  return async ({ db, bus, logger, auth }: ServiceModuleDeps): Promise<ServiceModule> => {
    await ensureIndexes(db, { ...PROPOSALS_INDEXES, ...CONVERSATIONS_INDEXES });
    // The SDK is loaded only with a model to call: offline, its code never takes memory (issue 14's idle target).
    const model: ModelConfig | undefined = options.openai.apiKey
      ? { client: new (await import("openai")).default({ baseURL: options.openai.baseURL, apiKey: options.openai.apiKey, maxRetries: 1 }), model: options.openai.model }
      : undefined;
    if (!model) logger.info("no OPENAI_API_KEY: the assistant runs in offline mode");
    const urls = options.serviceUrls;
    const nowMs = options.nowMs ?? Date.now;
    const outbox = createOutbox({ db, publish: bus.publish, logger });
    const deps = {
      auth,
      logger,
      usage: outboxUsageRecorder(createUsageReportsStore(db, outbox), logger),
      model,
      serviceUrls: typeof urls === "function" ? urls : () => urls,
      proposals: createProposalsStore(db),
      conversations: createConversationsStore(db),
      proposalTtlMs: (options.proposalTtlMinutes ?? 30) * 60_000,
      undoWindowMs: (options.undoWindowMinutes ?? 10) * 60_000,
      nowMs,
      credits: createCreditsChecker({ allowedForMs: options.creditsAllowedForMs ?? 10_000, nowMs }),
    };
    const routes = new Hono<ServiceEnv>();
    routes.route("/", chatRoutes(deps));
    routes.route("/", proposalRoutes(deps));
    routes.route("/", conversationRoutes(deps));
    routes.route("/", autoFillRoutes(deps));
    return {
      routes,
      start: async () => {
        await bus.ensureTopics(["ai-usage"]);
        outbox.start();
      },
      stop: () => outbox.stop(),
    };
  };
}
