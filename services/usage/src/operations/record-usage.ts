import type { TEventOf } from "@amia/contracts";
import type { PricedUsage, TokenUsage } from "../domain/usage-cost.ts";
import type { UsageRecordsStore } from "../store/usage-records-store.ts";

/**
 * Prices one model call and stores it for its user. The record's id is the event's, so a
 * redelivered event changes nothing; false says it was recorded before. The price is fixed
 * here, at recording time, with the table's version beside it.
 */
export async function recordUsage(
  store: UsageRecordsStore,
  price: (usage: TokenUsage) => PricedUsage,
  event: TEventOf<"ai-usage.recorded">,
): Promise<boolean> {
  const { data } = event;
  return store.insertNew({
    _id: event.id,
    user_id: data.user_id,
    // Normalised to UTC with milliseconds: ranges compare `created_at` as strings.
    created_at: new Date(data.occurred_at).toISOString(),
    ...price(data),
    usage: { prompt_tokens: data.prompt_tokens, completion_tokens: data.completion_tokens, total_tokens: data.total_tokens, model: data.model },
    metadata: { model: data.model, request_id: data.request_id, feature: data.feature },
  });
}
