import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { AppError, validate, type ServiceAuth, type ServiceEnv } from "@amia/kit";
import { ZChatRequestSchema, type TChatStreamEvent } from "@amia/contracts";
import type { Logger } from "pino";
import type { UsageRecorder } from "../events/ai-usage-recorded.ts";
import { modelChat, offlineChat, type ChatTurn, type ModelConfig } from "../operations/chat.ts";
import { userServices, type ServiceUrls } from "../tools/user-services.ts";

export interface AgentRouteDeps {
  auth: ServiceAuth;
  logger: Logger;
  usage: UsageRecorder;
  /** Undefined: offline mode. */
  model: ModelConfig | undefined;
  serviceUrls: () => ServiceUrls;
}

const MODEL_FAILED = "The assistant could not answer; please try again";

/** The bearer token this request came with: the user's, forwarded on the agent's tool calls. */
function bearerOf(header: string | undefined): string {
  return /^Bearer (.+)$/.exec(header ?? "")?.[1] ?? "";
}

/**
 * POST /api/v1/agent/commands/chat. `Accept: text/event-stream`: one ZChatStreamEventSchema per
 * `data:` line, each delta written as the model produces it, then `done` (or `error`). Any other
 * Accept: the whole answer as `{content}`.
 */
export function chatRoutes({ auth, logger, usage, model, serviceUrls }: AgentRouteDeps) {
  const routes = new Hono<ServiceEnv>();

  routes.post("/api/v1/agent/commands/chat", auth.requireUser, validate("json", ZChatRequestSchema), async (c) => {
    const turn: ChatTurn = {
      request: c.req.valid("json"),
      userId: c.var.user.id,
      requestId: c.var.requestId,
      services: userServices(serviceUrls(), bearerOf(c.req.header("authorization")), c.var.requestId),
      signal: c.req.raw.signal,
    };
    const deltas = () => (model ? modelChat(turn, model, usage) : offlineChat(turn));

    if (!(c.req.header("accept") ?? "").includes("text/event-stream")) {
      let content = "";
      try {
        for await (const delta of deltas()) content += delta;
      } catch (error) {
        if (error instanceof AppError) throw error;
        logger.error({ err: error }, "chat failed");
        throw new AppError("upstream_unavailable", MODEL_FAILED);
      }
      return c.json({ content });
    }

    c.header("cache-control", "no-cache");
    c.header("x-accel-buffering", "no");
    return streamSSE(c, async (stream) => {
      const send = (event: TChatStreamEvent) => stream.writeSSE({ data: JSON.stringify(event) });
      try {
        for await (const delta of deltas()) await send({ type: "delta", content: delta });
        await send({ type: "done" });
      } catch (error) {
        if (stream.aborted) return;
        logger.error({ err: error }, "chat failed");
        await send({ type: "error", message: MODEL_FAILED, code: "upstream_unavailable" });
      }
    });
  });

  return routes;
}
