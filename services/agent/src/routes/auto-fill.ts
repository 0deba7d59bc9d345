import { Hono } from "hono";
import { validate, type ServiceEnv } from "@amia/kit";
import { ZSmartParseRequestSchema } from "@amia/contracts";
import { modelAutoFill, offlineAutoFill } from "../operations/auto-fill.ts";
import { readOnlyServices } from "../tools/user-services.ts";
import { servicesFor, type AgentRouteDeps } from "./chat.ts";

/**
 * POST /api/v1/event-requests/commands/auto-fill (smart-fill): only the fields found. With a
 * model and AI credits left, the model; over budget, without a model, or when the model fails,
 * the offline parser (free): the form still fills.
 */
export function autoFillRoutes({ auth, logger, usage, model, serviceUrls, credits }: Pick<AgentRouteDeps, "auth" | "logger" | "usage" | "model" | "serviceUrls" | "credits">) {
  const routes = new Hono<ServiceEnv>();

  routes.post("/api/v1/event-requests/commands/auto-fill", auth.requireUser, validate("json", ZSmartParseRequestSchema), async (c) => {
    const request = c.req.valid("json");
    const reads = readOnlyServices(servicesFor({ serviceUrls }, c.req.header("authorization"), c.var.requestId));
    const useModel = model && (await credits.check(c.var.user.id, reads)).kind === "allowed" ? model : undefined;
    const result = useModel
      ? await modelAutoFill(request, { userId: c.var.user.id, requestId: c.var.requestId }, useModel, usage, logger).catch((error: unknown) => {
          logger.warn({ err: error }, "smart-fill model call failed; using the offline parser");
          return offlineAutoFill(request);
        })
      : offlineAutoFill(request);
    return c.json(result);
  });

  return routes;
}
