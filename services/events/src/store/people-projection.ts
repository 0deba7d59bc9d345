import type { Collection, Db } from "mongodb";
import { isDuplicateKeyError, type IndexPlan } from "@amia/kit";

/**
 * What the events service knows of other services' data, built from their events (no service
 * reads another's database): who is related to whom (relationship.*), and people's names
 * (user.*) for the sentences other services word from our events.
 */

interface RelationshipDocument {
  _id: string;
  /** The two user ids, sorted and joined: one lookup answers "are A and B related?". */
  pair: string;
  is_deleted: boolean;
}

interface PersonDocument {
  _id: string;
  full_name: string | null;
  /** occurred_at of the event last applied: an older event never overwrites a newer one. */
  as_of: string;
}

export const PEOPLE_INDEXES: IndexPlan = {
  relationships: [{ key: { pair: 1, is_deleted: 1 }, name: "relationships_pair" }],
};

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

export function createPeopleProjection(db: Db) {
  const relationships: Collection<RelationshipDocument> = db.collection<RelationshipDocument>("relationships");
  const people: Collection<PersonDocument> = db.collection<PersonDocument>("people");

  return {
    async relationshipCreated(relationshipId: string, userIds: [string, string]): Promise<void> {
      await relationships.updateOne(
        { _id: relationshipId },
        { $setOnInsert: { pair: pairKey(...userIds), is_deleted: false } },
        { upsert: true },
      );
    },

    async relationshipDeleted(relationshipId: string, userIds: [string, string]): Promise<void> {
      await relationships.updateOne({ _id: relationshipId }, { $set: { pair: pairKey(...userIds), is_deleted: true } }, { upsert: true });
    },

    /** The ids among `others` that `userId` is related to. */
    async relatedAmong(userId: string, others: readonly string[]): Promise<Set<string>> {
      if (others.length === 0) return new Set();
      const found = await relationships.find({ pair: { $in: others.map((other) => pairKey(userId, other)) }, is_deleted: false }).toArray();
      const pairs = new Set(found.map((doc) => doc.pair));
      return new Set(others.filter((other) => pairs.has(pairKey(userId, other))));
    },

    async personSeen(userId: string, fullName: string | null, asOf: string): Promise<void> {
      const newer = await people.updateOne({ _id: userId, as_of: { $lte: asOf } }, { $set: { full_name: fullName, as_of: asOf } });
      if (newer.matchedCount === 1) return;
      try {
        await people.insertOne({ _id: userId, full_name: fullName, as_of: asOf });
      } catch (error) {
        // Already there with a newer state: nothing to do.
        if (!isDuplicateKeyError(error)) throw error;
      }
    },

    async fullName(userId: string): Promise<string | null> {
      return (await people.findOne({ _id: userId }))?.full_name ?? null;
    },
  };
}

export type PeopleProjection = ReturnType<typeof createPeopleProjection>;
