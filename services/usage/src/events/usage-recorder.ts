import { TOPICS } from "@amia/contracts";
import type { Bus, BusConsumer } from "@amia/kit";
import type { PricedUsage, TokenUsage } from "../domain/usage-cost.ts";
import { recordUsage } from "../operations/record-usage.ts";
import type { UsageRecordsStore } from "../store/usage-records-store.ts";

/**
 * Consumer group id. Wire name: renaming it starts a new group from the oldest message, which
 * replays all usage (harmless, as records are idempotent, but slow).
 */
export const RECORDER_GROUP_ID = "usage.recorder";

export const CONSUMED_TOPICS = [TOPICS.aiUsage];

export interface UsageRecorderDeps {
  bus: Bus;
  store: UsageRecordsStore;
  price: (usage: TokenUsage) => PricedUsage;
}

/** Stores every model call the agent reports; the bus validates each against the contracts. */
export function createUsageRecorder({ bus, store, price }: UsageRecorderDeps): BusConsumer {
  return bus.consumer({
    groupId: RECORDER_GROUP_ID,
    topics: CONSUMED_TOPICS,
    handlers: {
      "ai-usage.recorded": async (event) => {
        await recordUsage(store, price, event);
      },
    },
  });
}
