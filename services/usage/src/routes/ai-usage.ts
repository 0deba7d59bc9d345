import { Hono } from "hono";
import { validate, type ServiceAuth, type ServiceEnv } from "@amia/kit";
import {
  ZAiUsageCostQuerySchema,
  ZListAiUsageByDateRangeQuerySchema,
  ZListAiUsageQuerySchema,
  type TAiCreditsResponse,
  type TAiUsageCostResponse,
  type TListAiUsageResponse,
} from "@amia/contracts";
import type { CreditsPolicy } from "../domain/credits.ts";
import { roundUsd } from "../domain/usage-cost.ts";
import { createdAtRangeOf } from "../domain/usage-range.ts";
import { creditsOf } from "../operations/credits-of.ts";
import { toAiUsageRecord, type UsageRecordsStore } from "../store/usage-records-store.ts";

/**
 * The signed-in user's own AI usage (the Profile's AI Usage tab, the chat sidebar's cost and
 * credits, the agent's budget check). Every route reads only `c.var.user.id`'s records.
 */
export function aiUsageRoutes({ store, auth, credits, now }: { store: UsageRecordsStore; auth: ServiceAuth; credits: CreditsPolicy; now: () => Date }) {
  const routes = new Hono<ServiceEnv>();

  routes.get("/api/v1/ai-usage", auth.requireUser, validate("query", ZListAiUsageQuerySchema), async (c) => {
    const { skip, take } = c.req.valid("query");
    const page = await store.list(c.var.user.id, { skip, take });
    return c.json({ ai_usage_records: page.records.map(toAiUsageRecord), total_count: page.total_count, skip, take } satisfies TListAiUsageResponse);
  });

  routes.get("/api/v1/ai-usage/cost", auth.requireUser, validate("query", ZAiUsageCostQuerySchema), async (c) => {
    const sum = await store.sumCost(c.var.user.id, createdAtRangeOf(c.req.valid("query")));
    // Summing many small floats adds noise in the last digits; the web app shows 3–4 decimals.
    return c.json({ cost: roundUsd(sum) } satisfies TAiUsageCostResponse);
  });

  routes.get("/api/v1/ai-usage/by-date-range", auth.requireUser, validate("query", ZListAiUsageByDateRangeQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const { skip, take } = query;
    const page = await store.list(c.var.user.id, { skip, take }, createdAtRangeOf(query));
    return c.json({ ai_usage_records: page.records.map(toAiUsageRecord), total_count: page.total_count, skip, take } satisfies TListAiUsageResponse);
  });

  // The agent asks this with the user's token before every model call (is_over_budget).
  routes.get("/api/v1/ai-usage/credits", auth.requireUser, async (c) => {
    return c.json((await creditsOf(store, credits, c.var.user.id, now())) satisfies TAiCreditsResponse);
  });

  return routes;
}
