import type { TEventOf } from "@amia/contracts";
import type { PricedUsage, TokenUsage } from "../domain/usage-cost.ts";
import type { UsageRecordDocument, UsageRecordsStore } from "../store/usage-records-store.ts";

/**
 * Prices one model call and stores it for its user. The record's id is the event's, so a
 * redelivered event changes nothing. The price is fixed here, at recording time, with the
 * table's version beside it. Returns the record (as stored now or, for a redelivery, as it would
 * have been), so what follows a record runs again after a crash between the two.
 */
export async function recordUsage(
  store: UsageRecordsStore,
  price: (usage: TokenUsage) => PricedUsage,
  event: TEventOf<"ai-usage.recorded">,
): Promise<UsageRecordDocument> {
  const { data } = event;
  const record: UsageRecordDocument = {
    _id: event.id,
    user_id: data.user_id,
    // Normalised to UTC with milliseconds: ranges compare `created_at` as strings.
    created_at: new Date(data.occurred_at).toISOString(),
    ...price(data),
    usage: { prompt_tokens: data.prompt_tokens, completion_tokens: data.completion_tokens, total_tokens: data.total_tokens, model: data.model },
    metadata: { model: data.model, request_id: data.request_id, feature: data.feature },
  };
  await store.insertNew(record);
  return record;
}
