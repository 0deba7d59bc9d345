import type { Collection, Db } from "mongodb";
import { isDuplicateKeyError, type IndexPlan, type Outbox, type WithOutbox } from "@amia/kit";
import type { TDomainEvent } from "@amia/contracts";

/** One side of a relationship as known when it was made (a fallback if the projection lacks them). */
export interface RelationshipParty {
  user_id: string;
  full_name: string | null;
  email: string;
}

/** Storage shape of a relationship (collection `relationships`); storage names. */
export interface RelationshipDocument extends WithOutbox {
  _id: string;
  /**
   * Unique: the two users' sorted ids while the relationship lasts, a value of its own once it is
   * deleted (so they may connect again). Never missing (see pair-keys.ts).
   */
  pair: string;
  user_ids: [string, string];
  parties: [RelationshipParty, RelationshipParty];
  /** The request whose approval made it; its id is derived from this one. */
  request_id: string | null;
  created_at: string;
  deleted_at: string | null;
}

export type NewRelationship = Omit<RelationshipDocument, keyof WithOutbox>;

export const RELATIONSHIPS_COLLECTION = "relationships";

export const RELATIONSHIPS_INDEXES: IndexPlan = {
  [RELATIONSHIPS_COLLECTION]: [
    { key: { pair: 1 }, name: "relationships_pair_unique", unique: true },
    { key: { user_ids: 1, created_at: -1 }, name: "relationships_by_user" },
  ],
};

const LIVE = { deleted_at: null };

export type InsertOutcome =
  | { outcome: "inserted"; relationship: RelationshipDocument }
  /** The same id exists: the approval's relationship was made before (by the answer or by the consumer). */
  | { outcome: "exists"; relationship: RelationshipDocument }
  /** The two are already related through another relationship. */
  | { outcome: "pair_taken" };

export function createRelationshipsStore(db: Db, outbox: Outbox) {
  const relationships: Collection<RelationshipDocument> = db.collection<RelationshipDocument>(RELATIONSHIPS_COLLECTION);
  return {
    collection: relationships,

    async insert(fields: NewRelationship, events: TDomainEvent[]): Promise<InsertOutcome> {
      try {
        await outbox.insert(relationships, fields, events);
        return { outcome: "inserted", relationship: fields };
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        const existing = await relationships.findOne({ _id: fields._id });
        return existing ? { outcome: "exists", relationship: existing } : { outcome: "pair_taken" };
      }
    },

    async isLive(pair: string): Promise<boolean> {
      return (await relationships.countDocuments({ pair }, { limit: 1 })) > 0;
    },

    /** The live relationship of a pair (pair-keys.ts `pairKey`), if any. System use. */
    findLiveByPair: (pair: string) => relationships.findOne({ pair, ...LIVE }),

    /** The relationship, if the acting user is one of its two sides. */
    findVisible: (relationshipId: string, actorId: string) => relationships.findOne({ _id: relationshipId, user_ids: actorId, ...LIVE }),

    /** A page of the acting user's relationships, newest first, and how many there are in all. */
    async listFor(actorId: string, skip: number, take: number): Promise<{ items: RelationshipDocument[]; total: number }> {
      const filter = { user_ids: actorId, ...LIVE };
      const total = await relationships.countDocuments(filter);
      // limit(0) means "no limit" to MongoDB; take=0 asks only for the count.
      const items = take === 0 ? [] : await relationships.find(filter).sort({ created_at: -1, _id: -1 }).skip(skip).limit(take).toArray();
      return { items, total };
    },

    /** Soft delete by one of its sides, freeing the pair; false if it was already gone. */
    async softDelete(relationshipId: string, actorId: string, changes: Pick<RelationshipDocument, "pair" | "deleted_at">, events: TDomainEvent[]): Promise<boolean> {
      const result = await outbox.update(relationships, { _id: relationshipId, user_ids: actorId, ...LIVE }, { $set: changes }, events);
      return result.matchedCount === 1;
    },
  };
}

export type RelationshipsStore = ReturnType<typeof createRelationshipsStore>;
