import { Hono } from "hono";
import { validate, type ServiceEnv } from "@amia/kit";
import { ZSmartParseRequestSchema } from "@amia/contracts";
import { modelAutoFill, offlineAutoFill } from "../operations/auto-fill.ts";
import type { AgentRouteDeps } from "./chat.ts";

/** POST /api/v1/event-requests/commands/auto-fill (smart-fill): only the fields found. */
export function autoFillRoutes({ auth, logger, usage, model }: Omit<AgentRouteDeps, "serviceUrls">) {
  const routes = new Hono<ServiceEnv>();

  routes.post("/api/v1/event-requests/commands/auto-fill", auth.requireUser, validate("json", ZSmartParseRequestSchema), async (c) => {
    const request = c.req.valid("json");
    // A model that fails (down, refusing) falls back to the offline parser: the form still fills.
    const result = model
      ? await modelAutoFill(request, { userId: c.var.user.id, requestId: c.var.requestId }, model, usage, logger).catch((error: unknown) => {
          logger.warn({ err: error }, "smart-fill model call failed; using the offline parser");
          return offlineAutoFill(request);
        })
      : offlineAutoFill(request);
    return c.json(result);
  });

  return routes;
}
