import type { Collection, Db, Filter } from "mongodb";
import { isDuplicateKeyError, type IndexPlan } from "@amia/kit";
import type { TAiFeature, TAiUsageRecord } from "@amia/contracts";

/** Storage shape of a usage record (collection `ai_usage_records`); field names are the wire names. */
export interface UsageRecordDocument {
  /** The `ai-usage.recorded` envelope id: a redelivered event hits this key and changes nothing. */
  _id: string;
  /** Whose usage it is: every read below is scoped to them. */
  user_id: string;
  /** When the model call finished; ISO 8601 in UTC with milliseconds, so string order is time order. */
  created_at: string;
  /** US dollars, computed once when recorded (domain/usage-cost.ts). */
  cost: number;
  /** The price table `cost` came from; storage only, for audits after a price change. */
  price_table_version: string;
  /** The table's model key, or null when the model was unknown and cost 0 (to find and re-price). */
  priced_as: string | null;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number; model: string };
  metadata: { model: string; request_id: string; feature: TAiFeature };
}

export const USAGE_RECORDS_COLLECTION = "ai_usage_records";

export const USAGE_RECORDS_INDEXES: IndexPlan = {
  [USAGE_RECORDS_COLLECTION]: [
    // Every read: one user's records, newest first or within a time range.
    { key: { user_id: 1, created_at: -1 }, name: "ai_usage_records_user_created" },
  ],
};

/** Half-open: from <= created_at < to, both ISO 8601 in UTC with milliseconds. */
export interface CreatedAtRange {
  from: string;
  toExclusive: string;
}

export interface Page {
  skip: number;
  take: number;
}

/** Newest first; `_id` breaks ties, so paging through equal times neither skips nor repeats. */
const NEWEST_FIRST = { created_at: -1, _id: -1 } as const;

export function toAiUsageRecord(doc: UsageRecordDocument): TAiUsageRecord {
  return {
    id: doc._id,
    created_at: doc.created_at,
    cost: doc.cost,
    usage: { ...doc.usage },
    metadata: { ...doc.metadata },
  };
}

function userFilter(userId: string, range?: CreatedAtRange): Filter<UsageRecordDocument> {
  return range ? { user_id: userId, created_at: { $gte: range.from, $lt: range.toExclusive } } : { user_id: userId };
}

/** Every read takes the user's id (STYLE.md §9): nobody can list or sum another user's usage. */
export function createUsageRecordsStore(db: Db) {
  const records: Collection<UsageRecordDocument> = db.collection<UsageRecordDocument>(USAGE_RECORDS_COLLECTION);
  return {
    collection: records,

    /** False when this event was recorded before: a redelivery, and nothing more to do. */
    async insertNew(doc: UsageRecordDocument): Promise<boolean> {
      try {
        await records.insertOne(doc);
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },

    async list(userId: string, page: Page, range?: CreatedAtRange): Promise<{ records: UsageRecordDocument[]; total_count: number }> {
      const filter = userFilter(userId, range);
      const [found, total_count] = await Promise.all([
        // `limit(0)` would mean "no limit" to MongoDB; a page of nothing is only the count.
        page.take === 0 ? [] : records.find(filter).sort(NEWEST_FIRST).skip(page.skip).limit(page.take).toArray(),
        records.countDocuments(filter),
      ]);
      return { records: found, total_count };
    },

    /** The sum of `cost` over the range, unrounded (the caller rounds once). */
    async sumCost(userId: string, range: CreatedAtRange): Promise<number> {
      const [total] = await records
        .aggregate<{ cost: number }>([{ $match: userFilter(userId, range) }, { $group: { _id: null, cost: { $sum: "$cost" } } }])
        .toArray();
      return total?.cost ?? 0;
    },
  };
}

export type UsageRecordsStore = ReturnType<typeof createUsageRecordsStore>;
