import type { Bus, BusConsumer } from "@amia/kit";
import type { PricedUsage, TokenUsage } from "../domain/usage-cost.ts";
import { announceCreditThresholds, type AnnounceDeps } from "../operations/announce-credit-thresholds.ts";
import { recordUsage } from "../operations/record-usage.ts";

/**
 * Consumer group id. Wire name: renaming it starts a new group from the oldest message, which
 * replays all usage (harmless, as records and credit alerts are idempotent, but slow).
 */
export const RECORDER_GROUP_ID = "usage.recorder";

export interface UsageRecorderDeps extends AnnounceDeps {
  bus: Bus;
  price: (usage: TokenUsage) => PricedUsage;
}

/**
 * Stores every model call the agent reports, then announces the thresholds of the month's
 * credits it crossed; the bus validates each event against the contracts. One user's events
 * share a partition (keyed by the user), so their records are counted one after another.
 */
export function createUsageRecorder({ bus, price, ...credits }: UsageRecorderDeps): BusConsumer {
  return bus.consumer({
    groupId: RECORDER_GROUP_ID,
    handlers: {
      "ai-usage.recorded": async (event) => {
        const record = await recordUsage(credits.records, price, event);
        await announceCreditThresholds(credits, record);
      },
    },
  });
}
