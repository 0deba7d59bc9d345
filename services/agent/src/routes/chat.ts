import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { AppError, validate, type ServiceAuth, type ServiceEnv } from "@amia/kit";
import { ZChatRequestSchema, type TChatStreamEvent } from "@amia/contracts";
import type { Logger } from "pino";
import type { UsageRecorder } from "../events/ai-usage-recorded.ts";
import { chatTurn, type ModelConfig } from "../operations/chat.ts";
import type { CreditsChecker } from "../operations/credits.ts";
import { openConversation, recordTurn } from "../operations/conversations.ts";
import { createProposer } from "../operations/propose.ts";
import { textOf, type TurnContext, type TurnPart } from "../operations/turn.ts";
import type { ConversationsStore } from "../store/conversations-store.ts";
import type { ProposalsStore } from "../store/proposals-store.ts";
import { readOnlyServices, userServices, type ServiceUrls, type UserServices } from "../tools/user-services.ts";

export interface AgentRouteDeps {
  auth: ServiceAuth;
  logger: Logger;
  usage: UsageRecorder;
  /** Undefined: offline mode. */
  model: ModelConfig | undefined;
  serviceUrls: () => ServiceUrls;
  proposals: ProposalsStore;
  conversations: ConversationsStore;
  proposalTtlMs: number;
  undoWindowMs: number;
  nowMs: () => number;
  credits: CreditsChecker;
}

const MODEL_FAILED = "The assistant could not answer; please try again";

/** The bearer token this request came with: the user's, forwarded on the agent's calls. */
export function bearerOf(header: string | undefined): string {
  return /^Bearer (.+)$/.exec(header ?? "")?.[1] ?? "";
}

/** The calls a request may make as its user (full access: only Confirm and Undo use it for writes). */
export function servicesFor(deps: Pick<AgentRouteDeps, "serviceUrls">, authorization: string | undefined, requestId: string): UserServices {
  return userServices(deps.serviceUrls(), bearerOf(authorization), requestId);
}

/**
 * POST /api/v1/agent/commands/chat. `Accept: text/event-stream`: `conversation` first, then
 * text / proposal / result parts as they come, then `done` (or `error`). Any other Accept: the
 * whole text as `{content}`. Either way the turn is stored in the user's conversation.
 */
export function chatRoutes(deps: AgentRouteDeps) {
  const { auth, logger, usage, model } = deps;
  const routes = new Hono<ServiceEnv>();

  routes.post("/api/v1/agent/commands/chat", auth.requireUser, validate("json", ZChatRequestSchema), async (c) => {
    const request = c.req.valid("json");
    const userId = c.var.user.id;
    const askedAt = new Date(deps.nowMs()).toISOString();
    const opened = await openConversation(deps.conversations, userId, request, askedAt);
    // A chat turn reads only: the one place a turn's service handle is made, and it cannot write.
    const reads = readOnlyServices(servicesFor(deps, c.req.header("authorization"), c.var.requestId));
    const ctx: TurnContext = {
      userId,
      requestId: c.var.requestId,
      timeZone: request.context.timezone ?? "UTC",
      nowMs: deps.nowMs(),
      reads,
      proposer: createProposer({ store: deps.proposals, reads, userId, conversationId: opened.doc._id, nowMs: deps.nowMs, ttlMs: deps.proposalTtlMs }),
      signal: c.req.raw.signal,
    };
    const parts: TurnPart[] = [];
    const turn = () => chatTurn({ ctx, history: opened.history, context: request.context, model, usage, credits: deps.credits });
    const record = () =>
      recordTurn(deps.conversations, opened, userId, { content: request.messages.at(-1)!.content, at: askedAt }, parts, new Date(deps.nowMs()).toISOString()).catch((error: unknown) =>
        logger.error({ err: error }, "could not store the chat turn"),
      );

    if (!(c.req.header("accept") ?? "").includes("text/event-stream")) {
      try {
        for await (const part of turn()) parts.push(part);
      } catch (error) {
        if (error instanceof AppError) throw error;
        logger.error({ err: error }, "chat failed");
        throw new AppError("upstream_unavailable", MODEL_FAILED);
      } finally {
        await record();
      }
      return c.json({ content: textOf(parts) });
    }

    c.header("cache-control", "no-cache");
    c.header("x-accel-buffering", "no");
    return streamSSE(c, async (stream) => {
      const send = (event: TChatStreamEvent) => stream.writeSSE({ data: JSON.stringify(event) });
      try {
        await send({ type: "conversation", conversation_id: opened.doc._id, title: opened.doc.title });
        for await (const part of turn()) {
          parts.push(part);
          await send(part);
        }
        await send({ type: "done" });
      } catch (error) {
        if (stream.aborted) return;
        logger.error({ err: error }, "chat failed");
        await send({ type: "error", message: MODEL_FAILED, code: "upstream_unavailable" });
      } finally {
        await record();
      }
    });
  });

  return routes;
}
