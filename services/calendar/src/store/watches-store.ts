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

/** Storage names: the webhook finds a channel (open or opening) by id; renewal finds channels by expiry. */
export const CALENDAR_WATCHES_INDEXES: IndexPlan = {
  [CALENDAR_WATCHES_COLLECTION]: [
    { key: { "channel.id": 1 }, name: "calendar_watches_by_channel" },
    { key: { "opening_channel.id": 1 }, name: "calendar_watches_by_opening_channel" },
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

/**
 * A channel saved before events.watch is asked to open it (our code chooses its id and token):
 * Google sends the channel's first message ("sync") as soon as it exists, before the watch call
 * has answered with the resource id. Field names are storage names.
 */
export interface OpeningChannel {
  id: string;
  token: string;
  /** Epoch ms: what we ask for (Google may answer a sooner one). */
  expires_at: number;
}

/** A channel a notification names: the open one, or the one being opened (its resource id not known yet: null). */
export interface ChannelOnRecord {
  id: string;
  resource_id: string | null;
  token: string;
  expires_at: number;
}

/** Stored shape; field names are storage names. */
export interface CalendarWatchDoc {
  _id: string;
  /** Google's nextSyncToken of the last complete listing; null: the next listing is a full one. */
  sync_token: string | null;
  channel: StoredChannel | null;
  /**
   * The channel being opened (saved before events.watch, cleared once it answers). Beside
   * `channel`, which keeps working until the new one replaces it. Absent on documents from before it.
   */
  opening_channel?: OpeningChannel | null;
  /** How many full listings ran (the first, and one per 410): for operators and tests. */
  full_syncs: number;
  last_synced_at: string | null;
  updated_at: string;
}

export interface WatchesStore {
  get: (userId: string) => Promise<CalendarWatchDoc | null>;
  saveSyncToken: (userId: string, syncToken: string | null, options?: { isFull?: boolean }) => Promise<void>;
  /** Saves the channel about to be opened (replacing any earlier opening one); the user's open channel stays. */
  saveOpeningChannel: (userId: string, channel: OpeningChannel) => Promise<void>;
  /**
   * events.watch answered: the opening channel with this id becomes the user's channel, Google's
   * resource id and expiry filled in. Resolves the channel it replaced; `confirmed: false` when it
   * is no longer the opening one (Disconnect forgot it meanwhile).
   */
  confirmChannel: (userId: string, channel: StoredChannel) => Promise<{ confirmed: true; replaced: StoredChannel | null } | { confirmed: false }>;
  /** events.watch failed: the opening channel with this id is forgotten (its messages then find no channel). */
  dropOpeningChannel: (userId: string, channelId: string) => Promise<void>;
  /** Forgets the user's channels, open and opening (Disconnect). */
  clearChannels: (userId: string) => Promise<void>;
  /** The user whose channel, open or opening, has this id, with the channel. */
  findByChannel: (channelId: string) => Promise<{ userId: string; channel: ChannelOnRecord } | null>;
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

    async saveOpeningChannel(userId, channel) {
      await collection.updateOne(
        upsertDefaults(userId),
        { $set: { opening_channel: channel, updated_at: now() }, $setOnInsert: { channel: null, sync_token: null, full_syncs: 0, last_synced_at: null } },
        { upsert: true },
      );
    },

    async confirmChannel(userId, channel) {
      const before = await collection.findOneAndUpdate(
        { _id: userId, "opening_channel.id": channel.id },
        { $set: { channel, opening_channel: null, updated_at: now() } },
        { returnDocument: "before" },
      );
      return before ? { confirmed: true, replaced: before.channel ?? null } : { confirmed: false };
    },

    async dropOpeningChannel(userId, channelId) {
      await collection.updateOne({ _id: userId, "opening_channel.id": channelId }, { $set: { opening_channel: null, updated_at: now() } });
    },

    async clearChannels(userId) {
      await collection.updateOne({ _id: userId }, { $set: { channel: null, opening_channel: null, updated_at: now() } });
    },

    async findByChannel(channelId) {
      const doc = await collection.findOne({ $or: [{ "channel.id": channelId }, { "opening_channel.id": channelId }] });
      if (doc?.channel?.id === channelId) return { userId: doc._id, channel: doc.channel };
      if (doc?.opening_channel?.id === channelId) return { userId: doc._id, channel: { ...doc.opening_channel, resource_id: null } };
      return null;
    },

    async listExpiring(beforeMs, limit) {
      const docs = await collection.find({ "channel.expires_at": { $lt: beforeMs } }).sort({ "channel.expires_at": 1 }).limit(limit).toArray();
      return docs.flatMap((doc) => (doc.channel ? [{ userId: doc._id, channel: doc.channel }] : []));
    },
  };
}
