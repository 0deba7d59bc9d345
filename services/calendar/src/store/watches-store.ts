import type { Db } from "mongodb";
import type { IndexPlan } from "@amia/kit";

/**
 * Two-way sync's per-user state (owned by the calendar service): the sync token of the user's
 * last listing and the push channel Google notifies us on. One document per user; the channel's
 * token is a secret (it proves a notification came through our channel), kept as given to Google:
 * it opens nothing but a sync of that user's calendar.
 */

/** Storage name. */
export const CALENDAR_WATCHES_COLLECTION = "calendar_watches";

/** Storage names: the webhook finds a channel by id; renewal finds channels by expiry. */
export const CALENDAR_WATCHES_INDEXES: IndexPlan = {
  [CALENDAR_WATCHES_COLLECTION]: [
    { key: { "channel.id": 1 }, name: "calendar_watches_by_channel" },
    { key: { "channel.expires_at": 1 }, name: "calendar_watches_by_expiry" },
  ],
};

/** A channel as stored; field names are storage names. */
export interface StoredChannel {
  id: string;
  resource_id: string;
  token: string;
  /** Epoch ms. */
  expires_at: number;
}

/** Stored shape; field names are storage names. */
export interface CalendarWatchDoc {
  _id: string;
  /** Google's nextSyncToken of the last complete listing; null: the next listing is a full one. */
  sync_token: string | null;
  channel: StoredChannel | null;
  /** How many full listings ran (the first, and one per 410): for operators and tests. */
  full_syncs: number;
  last_synced_at: string | null;
  updated_at: string;
}

export interface WatchesStore {
  get: (userId: string) => Promise<CalendarWatchDoc | null>;
  saveSyncToken: (userId: string, syncToken: string | null, options?: { isFull?: boolean }) => Promise<void>;
  /** Replaces the user's channel (null: none); resolves the one it replaced. */
  saveChannel: (userId: string, channel: StoredChannel | null) => Promise<StoredChannel | null>;
  /** The user whose channel has this id, with the channel. */
  findByChannel: (channelId: string) => Promise<{ userId: string; channel: StoredChannel } | null>;
  /** Users whose channel expires before `beforeMs`, soonest first. */
  listExpiring: (beforeMs: number, limit: number) => Promise<Array<{ userId: string; channel: StoredChannel }>>;
}

export function createWatchesStore(db: Db): WatchesStore {
  const collection = db.collection<CalendarWatchDoc>(CALENDAR_WATCHES_COLLECTION);
  const now = () => new Date().toISOString();
  const upsertDefaults = (userId: string) => ({ _id: userId });
  return {
    get: (userId) => collection.findOne({ _id: userId }),

    async saveSyncToken(userId, syncToken, { isFull = false } = {}) {
      await collection.updateOne(
        upsertDefaults(userId),
        {
          $set: { sync_token: syncToken, updated_at: now(), ...(syncToken !== null ? { last_synced_at: now() } : {}) },
          $inc: { full_syncs: isFull ? 1 : 0 },
          $setOnInsert: { channel: null },
        },
        { upsert: true },
      );
    },

    async saveChannel(userId, channel) {
      const before = await collection.findOneAndUpdate(
        upsertDefaults(userId),
        { $set: { channel, updated_at: now() }, $setOnInsert: { sync_token: null, full_syncs: 0, last_synced_at: null } },
        { upsert: true, returnDocument: "before" },
      );
      return before?.channel ?? null;
    },

    async findByChannel(channelId) {
      const doc = await collection.findOne({ "channel.id": channelId });
      return doc?.channel ? { userId: doc._id, channel: doc.channel } : null;
    },

    async listExpiring(beforeMs, limit) {
      const docs = await collection.find({ "channel.expires_at": { $lt: beforeMs } }).sort({ "channel.expires_at": 1 }).limit(limit).toArray();
      return docs.flatMap((doc) => (doc.channel ? [{ userId: doc._id, channel: doc.channel }] : []));
    },
  };
}
