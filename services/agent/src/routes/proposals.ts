import { Hono } from "hono";
import { AppError, validate, type ServiceEnv } from "@amia/kit";
import { ZConfirmProposalBodySchema, ZIdParamsSchema } from "@amia/contracts";
import { confirmProposal, dismissProposal, proposalNow, undoProposal, type ProposalActionDeps } from "../operations/act-on-proposal.ts";
import { servicesFor, type AgentRouteDeps } from "./chat.ts";

/*
 * The proposal cards' buttons: GET one (the card refreshes), confirm (the only assistant write),
 * undo, and cancel. Every route acts for the signed-in user on their own proposals only.
 */
export function proposalRoutes(deps: Pick<AgentRouteDeps, "auth" | "proposals" | "serviceUrls" | "nowMs" | "undoWindowMs">) {
  const routes = new Hono<ServiceEnv>();
  const actionDeps = (c: { var: { user: { id: string }; requestId: string }; req: { header: (name: string) => string | undefined } }): ProposalActionDeps => ({
    store: deps.proposals,
    services: servicesFor(deps, c.req.header("authorization"), c.var.requestId),
    userId: c.var.user.id,
    requestId: c.var.requestId,
    nowMs: deps.nowMs,
    undoWindowMs: deps.undoWindowMs,
  });

  routes.get("/api/v1/agent/proposals/:id", deps.auth.requireUser, validate("param", ZIdParamsSchema), async (c) => {
    const doc = await deps.proposals.get(c.var.user.id, c.req.valid("param").id);
    if (!doc) throw new AppError("not_found", "Proposal not found");
    return c.json({ proposal: proposalNow(doc, deps.nowMs()) });
  });

  routes.post("/api/v1/agent/proposals/:id/confirm", deps.auth.requireUser, validate("param", ZIdParamsSchema), validate("json", ZConfirmProposalBodySchema), async (c) =>
    c.json({ proposal: await confirmProposal(actionDeps(c), c.req.valid("param").id, c.req.valid("json")) }),
  );

  routes.post("/api/v1/agent/proposals/:id/undo", deps.auth.requireUser, validate("param", ZIdParamsSchema), async (c) =>
    c.json({ proposal: await undoProposal(actionDeps(c), c.req.valid("param").id) }),
  );

  routes.post("/api/v1/agent/proposals/:id/cancel", deps.auth.requireUser, validate("param", ZIdParamsSchema), async (c) =>
    c.json({ proposal: await dismissProposal({ store: deps.proposals, userId: c.var.user.id, nowMs: deps.nowMs }, c.req.valid("param").id) }),
  );

  return routes;
}
