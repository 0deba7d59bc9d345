import type { Collection, Db } from "mongodb";
import { findEach, isDuplicateKeyError, type IndexPlan } from "@amia/kit";
import type { TEventDataOf, TWorkingHours } from "@amia/contracts";

/*
 * What the calendar service knows of other services' data, built from their events (no service
 * reads another's database): each user's settings (user.settings-updated, from identity) and who
 * is connected with whom (relationship.*, from relationships). The availability route decides
 * from it whose busy times a caller may see. Collection names are storage names.
 */

export const SHARING_SETTINGS_COLLECTION = "sharing_settings";
export const SHARING_RELATIONSHIPS_COLLECTION = "sharing_relationships";

interface SettingsDocument {
  /** The user id. */
  _id: string;
  time_zone: string | null;
  working_hours: TWorkingHours;
  share_free_busy: boolean;
  /** `updated_at` of the settings last applied: an older event never overwrites a newer one. */
  as_of: string;
}

interface RelationshipDocument {
  /** The relationship id. */
  _id: string;
  /** The two user ids, sorted and joined: one lookup answers "are A and B connected?". */
  pair: string;
  is_deleted: boolean;
}

/** The projection's name and collections (storage names), for its generation and for a rebuild. */
export const SHARING_PROJECTION = { projection: "sharing", collections: [SHARING_SETTINGS_COLLECTION, SHARING_RELATIONSHIPS_COLLECTION] } as const;

export const SHARING_INDEXES: IndexPlan = {
  [SHARING_RELATIONSHIPS_COLLECTION]: [{ key: { pair: 1, is_deleted: 1 }, name: "sharing_relationships_pair" }],
};

function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

export type ProjectedSettings = Omit<SettingsDocument, "_id" | "as_of">;

export function createSharingProjection(db: Db) {
  const settings: Collection<SettingsDocument> = db.collection<SettingsDocument>(SHARING_SETTINGS_COLLECTION);
  const relationships: Collection<RelationshipDocument> = db.collection<RelationshipDocument>(SHARING_RELATIONSHIPS_COLLECTION);

  return {
    async settingsUpdated(data: TEventDataOf<"user.settings-updated">): Promise<void> {
      const fields = { time_zone: data.time_zone, working_hours: data.working_hours, share_free_busy: data.share_free_busy, as_of: data.updated_at };
      const newer = await settings.updateOne({ _id: data.user_id, as_of: { $lte: data.updated_at } }, { $set: fields });
      if (newer.matchedCount === 1) return;
      try {
        await settings.insertOne({ _id: data.user_id, ...fields });
      } catch (error) {
        // Already there with newer settings: nothing to do.
        if (!isDuplicateKeyError(error)) throw error;
      }
    },

    async relationshipCreated(relationshipId: string, userIds: readonly [string, string]): Promise<void> {
      await relationships.updateOne({ _id: relationshipId }, { $setOnInsert: { pair: pairKey(...userIds), is_deleted: false } }, { upsert: true });
    },

    async relationshipDeleted(relationshipId: string, userIds: readonly [string, string]): Promise<void> {
      await relationships.updateOne({ _id: relationshipId }, { $set: { pair: pairKey(...userIds), is_deleted: true } }, { upsert: true });
    },

    /** The ids among `others` that `userId` is connected with now. */
    async connectedAmong(userId: string, others: readonly string[]): Promise<Set<string>> {
      if (others.length === 0) return new Set();
      const found = await findEach(relationships, "pair", others.map((other) => pairKey(userId, other)), { is_deleted: false });
      const pairs = new Set(found.map((doc) => doc.pair));
      return new Set(others.filter((other) => pairs.has(pairKey(userId, other))));
    },

    /** Whether anything was projected yet (an empty database starts a new generation: projection-generation.ts). */
    async hasData(): Promise<boolean> {
      return (await settings.findOne({}, { projection: { _id: 1 } })) !== null || (await relationships.findOne({}, { projection: { _id: 1 } })) !== null;
    },

    /** The projected settings of these users; someone who never saved settings is absent. */
    async settingsOf(userIds: readonly string[]): Promise<Map<string, ProjectedSettings>> {
      const found = await findEach(settings, "_id", userIds);
      return new Map(found.map(({ _id, as_of: _asOf, ...rest }) => [_id, rest]));
    },
  };
}

export type SharingProjection = ReturnType<typeof createSharingProjection>;
