import type { Collection, Db } from "mongodb";
import { findEach, isDuplicateKeyError, type IndexPlan } from "@amia/kit";
import type { NameBook } from "../domain/event-request.ts";

/**
 * What the events service knows of other services' data, built from their events (no service
 * reads another's database): who is connected with whom (relationship.*), and people's names
 * (user.*), which the events service gives with every request it shows and every event it emits.
 * Collection and field names are storage names.
 */

interface RelationshipDocument {
  _id: string;
  /** The two user ids, sorted and joined: one lookup answers "are A and B related?". */
  pair: string;
  /** The same two ids, so "everyone A is connected with" is one indexed query. */
  user_ids: [string, string];
  is_deleted: boolean;
}

interface PersonDocument {
  _id: string;
  full_name: string | null;
  /** For Google invitations (the calendar invites approvers by email); absent on older documents until the person's next event. */
  email?: string | null;
  /** occurred_at of the event last applied: an older event never overwrites a newer one. */
  as_of: string;
}

export const PEOPLE_INDEXES: IndexPlan = {
  relationships: [
    { key: { pair: 1, is_deleted: 1 }, name: "relationships_pair" },
    { key: { user_ids: 1, is_deleted: 1 }, name: "relationships_by_user" },
  ],
};

/** The projection's name and collections (storage names), for its generation and for a rebuild. */
export const PEOPLE_PROJECTION = { projection: "people", collections: ["relationships", "people"] } as const;

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

export function createPeopleProjection(db: Db) {
  const relationships: Collection<RelationshipDocument> = db.collection<RelationshipDocument>("relationships");
  const people: Collection<PersonDocument> = db.collection<PersonDocument>("people");

  const relatedAmong = async (userId: string, others: readonly string[]): Promise<Set<string>> => {
    if (others.length === 0) return new Set();
    const found = await findEach(relationships, "pair", others.map((other) => pairKey(userId, other)), { is_deleted: false });
    const pairs = new Set(found.map((doc) => doc.pair));
    return new Set(others.filter((other) => pairs.has(pairKey(userId, other))));
  };

  return {
    async relationshipCreated(relationshipId: string, userIds: [string, string]): Promise<void> {
      await relationships.updateOne(
        { _id: relationshipId },
        { $setOnInsert: { pair: pairKey(...userIds), user_ids: userIds, is_deleted: false } },
        { upsert: true },
      );
    },

    async relationshipDeleted(relationshipId: string, userIds: [string, string]): Promise<void> {
      await relationships.updateOne({ _id: relationshipId }, { $set: { pair: pairKey(...userIds), user_ids: userIds, is_deleted: true } }, { upsert: true });
    },

    /**
     * Relationships stored before `user_ids` existed get it from their pair, so "everyone A is
     * connected with" finds them too. Runs at start-up; a no-op once done.
     */
    async addMissingUserIds(): Promise<void> {
      const missing = await relationships.find({ user_ids: { $exists: false } }, { projection: { pair: 1 } }).toArray();
      for (const { _id, pair } of missing) {
        const [a, b] = pair.split("|");
        if (a && b) await relationships.updateOne({ _id }, { $set: { user_ids: [a, b] } });
      }
    },

    /** The ids among `others` that `userId` is connected with. */
    relatedAmong,

    /** Whether anything was projected yet (an empty database starts a new generation: projection-generation.ts). */
    async hasData(): Promise<boolean> {
      return (await relationships.findOne({}, { projection: { _id: 1 } })) !== null || (await people.findOne({}, { projection: { _id: 1 } })) !== null;
    },

    async isConnected(a: string, b: string): Promise<boolean> {
      return (await relatedAmong(a, [b])).has(b);
    },

    /** Everyone `userId` is connected with now. */
    async connectionsOf(userId: string): Promise<string[]> {
      const found = await relationships.find({ user_ids: userId, is_deleted: false }, { projection: { user_ids: 1 } }).toArray();
      return [...new Set(found.flatMap((doc) => doc.user_ids).filter((id) => id !== userId))];
    },

    async personSeen(userId: string, fullName: string | null, asOf: string, email?: string | null): Promise<void> {
      const fields = { full_name: fullName, as_of: asOf, ...(email !== undefined ? { email } : {}) };
      const newer = await people.updateOne({ _id: userId, as_of: { $lte: asOf } }, { $set: fields });
      if (newer.matchedCount === 1) return;
      try {
        await people.insertOne({ _id: userId, ...fields });
      } catch (error) {
        // Already there with a newer state: nothing to do.
        if (!isDuplicateKeyError(error)) throw error;
      }
    },

    async fullName(userId: string): Promise<string | null> {
      return (await people.findOne({ _id: userId }))?.full_name ?? null;
    },

    /** The emails of `userIds` (null for anyone whose email is not known), in one read. */
    async emails(userIds: readonly string[]): Promise<Map<string, string | null>> {
      const ids = [...new Set(userIds)];
      const found = ids.length === 0 ? [] : await findEach(people, "_id", ids);
      const emails = new Map<string, string | null>(ids.map((id) => [id, null]));
      for (const person of found) emails.set(person._id, person.email ?? null);
      return emails;
    },

    /** The names of `userIds` (null for anyone not known), in one read. */
    async fullNames(userIds: readonly string[]): Promise<NameBook> {
      const ids = [...new Set(userIds)];
      const found = ids.length === 0 ? [] : await findEach(people, "_id", ids);
      const names = new Map<string, string | null>(ids.map((id) => [id, null]));
      for (const person of found) names.set(person._id, person.full_name);
      return names;
    },
  };
}

export type PeopleProjection = ReturnType<typeof createPeopleProjection>;
