import type { Collection, Db } from "mongodb";
import { findEach, isDuplicateKeyError } from "@amia/kit";
import type { TEventDataOf } from "@amia/contracts";

/*
 * Each user's time zone from their Settings, projected from identity's `user.settings-updated`
 * (no service reads another's database), so a notification can say a time on its recipient's
 * clocks. Collection and field names are storage names.
 */

export const RECIPIENT_ZONES_COLLECTION = "recipient_time_zones";

interface RecipientZoneDocument {
  /** The user id. */
  _id: string;
  /** Null when the user cleared it (the web app then uses the browser's zone, which we cannot know). */
  time_zone: string | null;
  /** `updated_at` of the settings last applied: an older event never overwrites a newer one. */
  as_of: string;
}

export function createRecipientZones(db: Db) {
  const zones: Collection<RecipientZoneDocument> = db.collection<RecipientZoneDocument>(RECIPIENT_ZONES_COLLECTION);
  return {
    /** Applies saved settings unless newer ones were applied already; a redelivery changes nothing. */
    async settingsUpdated(data: TEventDataOf<"user.settings-updated">): Promise<void> {
      const fields = { time_zone: data.time_zone, as_of: data.updated_at };
      const newer = await zones.updateOne({ _id: data.user_id, as_of: { $lte: data.updated_at } }, { $set: fields });
      if (newer.matchedCount === 1) return;
      try {
        await zones.insertOne({ _id: data.user_id, ...fields });
      } catch (error) {
        // Already there with newer settings: nothing to do.
        if (!isDuplicateKeyError(error)) throw error;
      }
    },

    /** The known zones of these users; someone who never chose one is absent. */
    async zonesOf(userIds: readonly string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const found = await findEach(zones, "_id", userIds);
      return new Map(found.flatMap((doc) => (doc.time_zone ? [[doc._id, doc.time_zone] as const] : [])));
    },
  };
}

export type RecipientZones = ReturnType<typeof createRecipientZones>;
