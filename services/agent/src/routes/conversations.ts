import { Hono } from "hono";
import { AppError, validate, type ServiceEnv } from "@amia/kit";
import { ZIdParamsSchema, ZListConversationsQuerySchema } from "@amia/contracts";
import { readConversation, toSummary } from "../operations/conversations.ts";
import type { AgentRouteDeps } from "./chat.ts";

/** The chat sidebar's history: the user's own conversations, one reopened, all cleared. */
export function conversationRoutes(deps: Pick<AgentRouteDeps, "auth" | "conversations" | "proposals" | "nowMs">) {
  const routes = new Hono<ServiceEnv>();

  routes.get("/api/v1/agent/conversations", deps.auth.requireUser, validate("query", ZListConversationsQuerySchema), async (c) => {
    const { skip, take } = c.req.valid("query");
    const { items, total } = await deps.conversations.list(c.var.user.id, { skip, take });
    return c.json({ conversations: items.map(toSummary), skip, take, total_count: total });
  });

  routes.get("/api/v1/agent/conversations/:id", deps.auth.requireUser, validate("param", ZIdParamsSchema), async (c) => {
    const { summary, messages } = await readConversation(deps.conversations, deps.proposals, c.var.user.id, c.req.valid("param").id, deps.nowMs());
    return c.json({ conversation: { ...summary, messages } });
  });

  routes.delete("/api/v1/agent/conversations/:id", deps.auth.requireUser, validate("param", ZIdParamsSchema), async (c) => {
    if (!(await deps.conversations.remove(c.var.user.id, c.req.valid("param").id))) throw new AppError("not_found", "Conversation not found");
    return c.body(null, 204);
  });

  routes.delete("/api/v1/agent/conversations", deps.auth.requireUser, async (c) => {
    await deps.conversations.clear(c.var.user.id);
    return c.body(null, 204);
  });

  return routes;
}
