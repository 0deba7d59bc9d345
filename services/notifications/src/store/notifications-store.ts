import type { Collection, Db, Filter } from "mongodb";
import { isDuplicateKeyError, WITHOUT_OUTBOX_PROJECTION, type IndexPlan, type Outbox, type WithIdempotency, type WithOutbox } from "@amia/kit";
import type { TDomainEvent, TNotification, TNotificationKind } from "@amia/contracts";

/** Storage shape of a notification (collection `notifications`); field names are the wire names. */
export interface NotificationDocument extends WithOutbox, WithIdempotency {
  /** Derived from its meaning and recipient (domain/notification-id.ts); for POST, random or the Idempotency-Key's. */
  _id: string;
  /** The recipient: every read and write below is scoped to them. */
  user_id: string;
  title: string;
  is_read: boolean;
  is_deleted: boolean;
  /** ISO 8601 in UTC with milliseconds, so the string order is the time order. */
  created_at: string;
  kind: TNotificationKind;
  subject_id: string | null;
  /** The event it was built from (for tracing); null when the user created it. */
  source_event_id: string | null;
}

export const NOTIFICATIONS_COLLECTION = "notifications";

export const NOTIFICATIONS_INDEXES: IndexPlan = {
  [NOTIFICATIONS_COLLECTION]: [
    // The list (and the dashboard's unread count): one user's visible, unread-or-not, newest first.
    { key: { user_id: 1, is_deleted: 1, is_read: 1, created_at: -1 }, name: "notifications_user_list" },
    // Withdrawing what someone was told about a request that is gone or closed to them.
    { key: { user_id: 1, subject_id: 1 }, name: "notifications_user_subject" },
  ],
};

export interface NotificationFilter {
  is_read?: boolean | undefined;
  is_deleted: boolean;
}

export interface Page {
  skip: number;
  take: number;
}

/** Reads never carry the outbox out of the database. */
const WITHOUT_OUTBOX = { projection: WITHOUT_OUTBOX_PROJECTION } as const;

/** Newest first; `_id` breaks ties, so paging through equal times neither skips nor repeats. */
const NEWEST_FIRST = { created_at: -1, _id: -1 } as const;

export function toNotification(doc: Omit<NotificationDocument, "outbox">): TNotification {
  return {
    id: doc._id,
    title: doc.title,
    is_read: doc.is_read,
    is_deleted: doc.is_deleted,
    created_at: doc.created_at,
    kind: doc.kind,
    subject_id: doc.subject_id,
  };
}

/**
 * Every method that reads or changes a user's notifications takes that user's id (STYLE.md §9):
 * there is no way to reach a notification by id alone, so another user's is simply not found.
 */
export function createNotificationsStore(db: Db, outbox: Outbox) {
  const notifications: Collection<NotificationDocument> = db.collection<NotificationDocument>(NOTIFICATIONS_COLLECTION);
  return {
    collection: notifications,

    /**
     * Inserts a notification with the events its creation causes, in one write. False when one
     * with this id exists: the source event was delivered before, and that is the whole effect.
     */
    async insertNew(doc: Omit<NotificationDocument, keyof WithOutbox>, events: TDomainEvent[]): Promise<boolean> {
      try {
        await outbox.insert(notifications, doc, events);
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },

    async list(userId: string, filter: NotificationFilter, page: Page): Promise<{ notifications: NotificationDocument[]; total_count: number }> {
      const query: Filter<NotificationDocument> = { user_id: userId, is_deleted: filter.is_deleted };
      if (filter.is_read !== undefined) query.is_read = filter.is_read;
      const [found, total_count] = await Promise.all([
        // `limit(0)` would mean "no limit" to MongoDB; a page of nothing is only the count.
        page.take === 0 ? [] : notifications.find(query, WITHOUT_OUTBOX).sort(NEWEST_FIRST).skip(page.skip).limit(page.take).toArray(),
        notifications.countDocuments(query),
      ]);
      return { notifications: found, total_count };
    },

    /**
     * When the user created notifications for themselves (POST, not built from an event) since
     * `since`, deleted ones included: what the hourly quota counts.
     */
    async selfCreatedAtSince(userId: string, since: string): Promise<string[]> {
      const found = await notifications.find({ user_id: userId, source_event_id: null, created_at: { $gt: since } }, { projection: { created_at: 1 } }).toArray();
      return found.map((doc) => doc.created_at);
    },

    findOwn: (userId: string, id: string) => notifications.findOne({ _id: id, user_id: userId }, WITHOUT_OUTBOX),

    /**
     * The updated notification, or null when the user has none with this id. No projection:
     * FerretDB's findAndModify does not implement one (the outbox is dropped on the way out).
     */
    setRead: (userId: string, id: string, isRead: boolean) =>
      notifications.findOneAndUpdate({ _id: id, user_id: userId }, { $set: { is_read: isRead } }, { returnDocument: "after" }),

    /** Soft delete: the notification stays, hidden from the default list. False when not the user's. */
    async softDelete(userId: string, id: string): Promise<boolean> {
      const result = await notifications.updateOne({ _id: id, user_id: userId }, { $set: { is_deleted: true } });
      return result.matchedCount === 1;
    },

    /**
     * Marks the user's visible unread notifications read; returns how many changed. Deleted ones
     * are left alone, so the count is what the user saw go from unread to read.
     */
    async markAllRead(userId: string): Promise<number> {
      const result = await notifications.updateMany({ user_id: userId, is_deleted: false, is_read: false }, { $set: { is_read: true } });
      return result.modifiedCount;
    },

    /**
     * Withdraws what these users were told about one thing (a deleted request, one they may no
     * longer see): soft-deleted, so it leaves their lists and unread counts but stays readable
     * with `is_deleted=true`, and its id stays taken, so a late copy of the event that made it
     * cannot make it again. `kinds` narrows it to some kinds; returns how many were withdrawn.
     */
    async withdrawAbout(userIds: readonly string[], subjectId: string, kinds?: readonly TNotificationKind[]): Promise<number> {
      if (userIds.length === 0) return 0;
      // One equality update per user (a handful), not `user_id: {$in}`: our local database reads
      // the whole collection for `$in` (kit's findEach says why).
      const results = await Promise.all(
        [...new Set(userIds)].map((userId) => {
          const query: Filter<NotificationDocument> = { user_id: userId, subject_id: subjectId, is_deleted: false };
          if (kinds) query.kind = { $in: [...kinds] };
          return notifications.updateMany(query, { $set: { is_deleted: true } });
        }),
      );
      return results.reduce((sum, result) => sum + result.modifiedCount, 0);
    },
  };
}

export type NotificationsStore = ReturnType<typeof createNotificationsStore>;
