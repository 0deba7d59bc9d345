import { z } from "zod";
import { ZIdSchema, ZTimestampSchema } from "../common.ts";
import { ZAiFeatureSchema } from "../ai-usage.ts";

const tokenCount = z.number().int().min(0);

/**
 * Topic `ai-usage`, subject = the user id (one user's usage stays in order). `ai-usage.recorded`:
 * one model call's tokens, emitted by the agent; the usage service prices and stores it. One
 * chat may make several calls (tool rounds), so the record is keyed by the envelope id, not by
 * `request_id`, which only groups calls of one HTTP request.
 */
export const ZAiUsageRecordedDataSchema = z.object({
  user_id: ZIdSchema,
  request_id: z.string().min(1),
  feature: ZAiFeatureSchema,
  model: z.string().min(1),
  prompt_tokens: tokenCount,
  completion_tokens: tokenCount,
  total_tokens: tokenCount,
  /** When the model call finished. */
  occurred_at: ZTimestampSchema,
});
export type TAiUsageRecordedData = z.infer<typeof ZAiUsageRecordedDataSchema>;
