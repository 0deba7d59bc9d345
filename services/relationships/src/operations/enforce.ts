import { AppError, rateLimited } from "@amia/kit";
import type { RuleVerdict } from "../domain/request-rules.ts";
import type { QuotaVerdict } from "../domain/request-quotas.ts";
import type { SendVerdict } from "../domain/send-rules.ts";

/** Turns a rule's refusal into its 4xx (the message is the rule's own). */
export function enforce(verdict: RuleVerdict | SendVerdict | QuotaVerdict): void {
  if (verdict.allowed) return;
  // A limit that waiting lifts: 429 with Retry-After, naming the limit.
  if (verdict.code === "rate_limited") throw rateLimited(verdict.message, verdict.retryAfterSeconds, verdict.limit);
  const field = "field" in verdict ? verdict.field : undefined;
  // A refusal about an input field names it the way a validation failure does, for forms.
  const details = field ? { fields: [{ path: field, message: verdict.message }] } : undefined;
  throw new AppError(verdict.code, verdict.message, details);
}
