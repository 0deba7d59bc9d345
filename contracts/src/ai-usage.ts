import { z } from "zod";
import { ZIdSchema, ZTimestampSchema } from "./common.ts";
import { checkDateRangeOrder, dateBoundQuery } from "./date-range.ts";
import { DEFAULT_TAKE, pageShape, paginationQuery } from "./pagination.ts";
import { timeZoneSchema } from "./time-zone.ts";

/*
 * AI usage and cost: SPEC.md sections 3 and 7, issue 4. Wire names. Query parameters of these
 * routes are camelCase (`startDate`, `endDate`) because the spec's client sends them so; we add
 * `timeZone` in the same style.
 */

/** Which feature spent the tokens. Wire and storage values: never rename. */
export const AI_FEATURES = ["chat", "auto-fill"] as const;
export const ZAiFeatureSchema = z.enum(AI_FEATURES);
export type TAiFeature = z.infer<typeof ZAiFeatureSchema>;

const tokenCount = z.number().int().min(0);

export const ZAiUsageRecordSchema = z.object({
  id: ZIdSchema,
  created_at: ZTimestampSchema,
  /** US dollars, priced when recorded so later price changes never rewrite history. */
  cost: z.number().min(0),
  usage: z.object({
    prompt_tokens: tokenCount,
    completion_tokens: tokenCount,
    total_tokens: tokenCount,
    model: z.string(),
  }),
  /** `request_id` and `feature` are additive to the spec's `{model}`. */
  metadata: z.object({
    model: z.string(),
    request_id: z.string().nullable().optional(),
    feature: ZAiFeatureSchema.optional(),
  }),
});
export type TAiUsageRecord = z.infer<typeof ZAiUsageRecordSchema>;

/** GET /api/v1/ai-usage: paged (skip 0, take 10 by default), newest first. */
export const ZListAiUsageQuerySchema = paginationQuery(DEFAULT_TAKE);
export type TListAiUsageQuery = z.infer<typeof ZListAiUsageQuerySchema>;

/** GET /api/v1/ai-usage and /api/v1/ai-usage/by-date-range. */
export const ZListAiUsageResponseSchema = z.object({
  ai_usage_records: z.array(ZAiUsageRecordSchema),
  ...pageShape,
});
export type TListAiUsageResponse = z.infer<typeof ZListAiUsageResponseSchema>;

/**
 * `startDate`/`endDate` of the cost and by-date-range routes: both required and inclusive; a
 * day means the whole day in `timeZone` (UTC when left out), a date-time with an offset means
 * that instant (see date-range.ts). The web app sends the first and last day of a month.
 */
const dateRangeShape = {
  startDate: dateBoundQuery("startDate"),
  endDate: dateBoundQuery("endDate"),
  timeZone: timeZoneSchema("timeZone").optional(),
};

function checkOrder(query: { startDate: string; endDate: string; timeZone?: string | undefined }, ctx: z.RefinementCtx) {
  checkDateRangeOrder(
    { from: query.startDate, to: query.endDate, timeZone: query.timeZone },
    { from: "startDate", to: "endDate" },
    ctx,
  );
}

/** GET /api/v1/ai-usage/cost. */
export const ZAiUsageCostQuerySchema = z.object(dateRangeShape).superRefine(checkOrder);
export type TAiUsageCostQuery = z.infer<typeof ZAiUsageCostQuerySchema>;

/** The summed cost in US dollars over the range. */
export const ZAiUsageCostResponseSchema = z.object({ cost: z.number().min(0) });
export type TAiUsageCostResponse = z.infer<typeof ZAiUsageCostResponseSchema>;

/** GET /api/v1/ai-usage/by-date-range: the range plus paging, newest first. */
export const ZListAiUsageByDateRangeQuerySchema = paginationQuery(DEFAULT_TAKE)
  .extend(dateRangeShape)
  .superRefine(checkOrder);
export type TListAiUsageByDateRangeQuery = z.infer<typeof ZListAiUsageByDateRangeQuerySchema>;

/*
 * AI credits (issue 10, point 8): a monthly budget per user, counted from the cost of the
 * month's records (docs/decisions.md "AI credits").
 */

/** A user's plan. Wire values: never rename. */
export const AI_PLANS = ["free", "pro"] as const;
export const ZAiPlanSchema = z.enum(AI_PLANS);
export type TAiPlan = z.infer<typeof ZAiPlanSchema>;

/**
 * GET /api/v1/ai-usage/credits: the signed-in user's credits in the current month (a UTC
 * calendar month). Credits are fractional, to a hundredth: `credits_used` is the month's cost
 * divided by what one credit stands for, `credits_left` is what remains (never below 0), and
 * `is_over_budget` is true once nothing is left: no model call until `period_end`.
 */
export const ZAiCreditsResponseSchema = z.object({
  plan: ZAiPlanSchema,
  credits_per_month: z.number().int().min(0),
  credits_used: z.number().min(0),
  credits_left: z.number().min(0),
  /** The month's first instant (UTC). */
  period_start: ZTimestampSchema,
  /** The next month's first instant (UTC), exclusive: when the credits renew. */
  period_end: ZTimestampSchema,
  is_over_budget: z.boolean(),
});
export type TAiCreditsResponse = z.infer<typeof ZAiCreditsResponseSchema>;
