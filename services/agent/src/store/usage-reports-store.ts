import type { Collection, Db } from "mongodb";
import { isDuplicateKeyError, type Outbox, type WithOutbox } from "@amia/kit";
import type { TEventOf } from "@amia/contracts";

/**
 * One document per user (collection `ai_usage_reports`) whose outbox carries that user's
 * `ai-usage.recorded` events until they are published: usage is billing data, so it is written
 * here before it is sent and survives a failed publish or a crash (DESIGN.md outbox). One
 * document per user, not per call: the collection stays as small as the user base, and one user's
 * reports leave in the order they were made (the events' key is the user too).
 */
export interface UsageReportDocument extends WithOutbox {
  /** The user's id. */
  _id: string;
  updated_at: string;
}

/** Storage name: renaming it strands the reports not yet published. */
export const USAGE_REPORTS_COLLECTION = "ai_usage_reports";

export function createUsageReportsStore(db: Db, outbox: Outbox) {
  const reports: Collection<UsageReportDocument> = db.collection<UsageReportDocument>(USAGE_REPORTS_COLLECTION);
  const append = (event: TEventOf<"ai-usage.recorded">) =>
    outbox.update(reports, { _id: event.data.user_id }, { $set: { updated_at: new Date().toISOString() } }, [event], { upsert: true });
  return {
    /** Queues one model call's usage for publishing. */
    async report(event: TEventOf<"ai-usage.recorded">): Promise<void> {
      try {
        await append(event);
      } catch (error) {
        // The user's first two reports at once: the other upsert created the document; append to it.
        if (!isDuplicateKeyError(error)) throw error;
        await append(event);
      }
    },
  };
}

export type UsageReportsStore = ReturnType<typeof createUsageReportsStore>;
