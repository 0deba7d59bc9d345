import { z } from "zod";
import { ZIdSchema, ZTimestampSchema } from "../common.ts";
import { ZAiPlanSchema } from "../ai-usage.ts";

/** The shares of a month's credits whose crossing is announced. Wire values. */
export const AI_CREDIT_THRESHOLDS = [80, 100] as const;
export const ZAiCreditThresholdSchema = z.literal(AI_CREDIT_THRESHOLDS);
export type TAiCreditThreshold = z.infer<typeof ZAiCreditThresholdSchema>;

/**
 * Topic `ai-credits`, subject = the user id. `ai-credits.threshold-reached`: a user's recorded
 * usage reached 80% or 100% of the month's credits; emitted by the usage service once per user,
 * month, threshold and budget (a plan change mid-month may announce again, against the new
 * budget). The notifications service tells the user.
 */
export const ZAiCreditsThresholdReachedDataSchema = z.object({
  user_id: ZIdSchema,
  /** The UTC calendar month, "2026-03". */
  period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  /** When the month's credits renew: the next month's first instant (UTC). */
  period_end: ZTimestampSchema,
  threshold: ZAiCreditThresholdSchema,
  plan: ZAiPlanSchema,
  credits_used: z.number().min(0),
  credits_per_month: z.number().int().min(0),
});
export type TAiCreditsThresholdReachedData = z.infer<typeof ZAiCreditsThresholdReachedDataSchema>;
