import { isDeepStrictEqual } from "node:util";
import type { Collection, Db, Filter } from "mongodb";
import { isDuplicateKeyError, withoutOutbox, WRITE_CONFLICT, type IndexPlan, type Outbox, type TWriteConflict, type WithIdempotency, type WithOutbox } from "@amia/kit";
import type { TCalendarEventSyncedData, TDomainEvent, TEventRequestStatus, TGoogleAttendeeResponse, TPaginationQuery } from "@amia/contracts";
import type { EventRequestState } from "../domain/event-request.ts";

/** Storage shape of an event request: its state and the events its last writes caused. */
export interface EventRequestDocument extends EventRequestState, WithOutbox, WithIdempotency {
  /** The newest `request_version` a calendar sync report was applied for (storage only). */
  calendar_synced_version?: number;
}

/** What the calendar service reports (calendar.event-synced); older reports lack `request_version`. */
export type CalendarSyncReport = Pick<TCalendarEventSyncedData, "event_request_id" | "user_id" | "google_event_id" | "operation" | "request_version">;

/** Collection name (storage): renaming it strands every stored request. */
export const EVENT_REQUESTS_COLLECTION = "event_requests";

export const EVENT_REQUESTS_INDEXES: IndexPlan = {
  [EVENT_REQUESTS_COLLECTION]: [
    { key: { created_by: 1, deleted_at: 1, created_at: -1 }, name: "event_requests_by_creator" },
    { key: { reviewer_ids: 1, deleted_at: 1, created_at: -1 }, name: "event_requests_by_reviewer" },
    // The plain list's start order (LIST_ORDERS.start), so its pages are read in index order.
    { key: { created_by: 1, deleted_at: 1, start_at: 1, _id: 1 }, name: "event_requests_by_creator_start" },
    { key: { reviewer_ids: 1, deleted_at: 1, start_at: 1, _id: 1 }, name: "event_requests_by_reviewer_start" },
  ],
};

export type Role = "creator" | "reviewer";

export interface ListFilter {
  role: Role;
  status?: TEventRequestStatus | undefined;
  importanceLevel?: number | undefined;
  startFromMs?: number | null | undefined;
  startToExclusiveMs?: number | null | undefined;
  /** Only requests that end (for good: `ends_at`) at or after this instant, or never. */
  endFromMs?: number | null | undefined;
  /**
   * Reviewer lists only: the creators whose requests may be listed (those the reviewer is still
   * connected with), narrowed further by `createdBy` when given.
   */
  creatorIds?: readonly string[] | undefined;
  createdBy?: string | undefined;
}

/**
 * The orders a list is paged in, each ending on `_id` so that requests sharing a start or a
 * creation time keep one order from page to page (no request shown twice or skipped).
 * `start`: the plain list (earliest first); `newest`: the list with approvals.
 */
const LIST_ORDERS = {
  start: { start_at: 1, _id: 1 },
  newest: { created_at: -1, _id: -1 },
} as const;
export type ListOrder = keyof typeof LIST_ORDERS;

export function createEventRequestsStore(db: Db, outbox: Outbox) {
  const requests: Collection<EventRequestDocument> = db.collection<EventRequestDocument>(EVENT_REQUESTS_COLLECTION);
  const stateOf = (doc: EventRequestDocument | null): EventRequestState | null => (doc ? withoutOutbox(doc) : null);

  const byRole = (userId: string, filter: ListFilter): Filter<EventRequestDocument> => {
    const query: Filter<EventRequestDocument> = { deleted_at: null };
    if (filter.role === "creator") query.created_by = userId;
    else {
      query.reviewer_ids = userId;
      const creators = filter.creatorIds ?? [];
      query.created_by = { $in: filter.createdBy ? creators.filter((id) => id === filter.createdBy) : [...creators] };
    }
    if (filter.status) query.status = filter.status;
    if (filter.importanceLevel !== undefined) query.importance_level = filter.importanceLevel;
    const range: Record<string, number> = {};
    if (filter.startFromMs != null) range.$gte = filter.startFromMs;
    if (filter.startToExclusiveMs != null) range.$lt = filter.startToExclusiveMs;
    if (Object.keys(range).length > 0) query.start_at = range;
    // `$not`, so a series without end (null) and a document stored before `ends_at` was kept stay in.
    if (filter.endFromMs != null) query.ends_at = { $not: { $lt: filter.endFromMs } };
    return query;
  };

  return {
    collection: requests,

    /**
     * A request `userId` created or is listed to review, not deleted. Whether a reviewer may
     * still see it (connected to the creator) is `maySee`'s to say (read-event-requests.ts).
     */
    findForUser: async (userId: string, id: string): Promise<EventRequestState | null> =>
      stateOf(await requests.findOne({ _id: id, deleted_at: null, $or: [{ created_by: userId }, { reviewer_ids: userId }] })),

    /**
     * Writes a decided state with the events it emits, in one document write: an insert when
     * nothing was read (`read` null), otherwise only the fields the decision changed, guarded on
     * the version read. `WRITE_CONFLICT` when someone wrote first; the caller decides again.
     * Fields the decision did not change (the calendar's `google_event_id`) are left as stored.
     */
    async save(read: EventRequestState | null, next: EventRequestState, events: readonly TDomainEvent[], idempotencyFingerprint?: string): Promise<EventRequestState | TWriteConflict> {
      if (read === null) {
        try {
          // A keyed create keeps its body's fingerprint (kit/idempotency.ts); the id is already the key's.
          const created = idempotencyFingerprint === undefined ? next : { ...next, idempotency_fingerprint: idempotencyFingerprint };
          await outbox.insert(requests, created, events);
          return next;
        } catch (error) {
          if (isDuplicateKeyError(error)) return WRITE_CONFLICT;
          throw error;
        }
      }
      const changes = Object.fromEntries(
        Object.entries(next).filter(([key, value]) => key !== "_id" && !isDeepStrictEqual(value, read[key as keyof EventRequestState])),
      ) as Partial<EventRequestState>;
      const result = await outbox.update(requests, { _id: read._id, version: read.version }, { $set: changes }, events);
      return result.matchedCount === 1 ? next : WRITE_CONFLICT;
    },

    /**
     * A request `creatorId` created, deleted or not, with its idempotency fingerprint: what a
     * retried create answers (operations/create-event-request.ts).
     */
    findCreated: async (creatorId: string, id: string): Promise<(EventRequestState & WithIdempotency) | null> =>
      stateOf(await requests.findOne({ _id: id, created_by: creatorId })),

    /** One page of the requests `filter` selects, in `order`, with how many it selects in all. */
    async page(userId: string, filter: ListFilter, order: ListOrder, { skip, take }: TPaginationQuery): Promise<{ docs: EventRequestState[]; total: number }> {
      const query = byRole(userId, filter);
      const [docs, total] = await Promise.all([
        // `limit(0)` would mean "no limit" to MongoDB; a page of nothing is only the count.
        take === 0 ? Promise.resolve([]) : requests.find(query).sort(LIST_ORDERS[order]).skip(skip).limit(take).toArray(),
        requests.countDocuments(query),
      ]);
      return { docs: docs.map(withoutOutbox), total };
    },

    /** How many of `creatorId`'s requests are waiting for answers (pending, not deleted). */
    countOpenBy: (creatorId: string): Promise<number> => requests.countDocuments({ created_by: creatorId, deleted_at: null, status: "pending" }),

    /** Ids of `creatorId`'s pending requests that `reviewerId` is asked to review. */
    pendingReviewedBy: async (creatorId: string, reviewerId: string): Promise<string[]> =>
      (await requests.find({ created_by: creatorId, reviewer_ids: reviewerId, deleted_at: null, status: "pending" }, { projection: { _id: 1 } }).toArray()).map((doc) => doc._id),

    /**
     * calendar.event-synced, for the request's creator (whose calendar holds the event). Results
     * can arrive out of order: one carrying a `request_version` is applied only when newer than
     * the last applied. A create or update never writes an id onto a deleted request (a late
     * create after the delete); a delete clears the id (without a version: only the id it
     * deleted, since a newer event may have replaced it). The same report twice changes nothing.
     */
    async recordCalendarSync(sync: CalendarSyncReport): Promise<void> {
      const filter: Filter<EventRequestDocument> = { _id: sync.event_request_id, created_by: sync.user_id };
      const set: Partial<EventRequestDocument> = {};
      if (sync.request_version !== undefined) {
        filter.$or = [{ calendar_synced_version: { $lt: sync.request_version } }, { calendar_synced_version: { $exists: false } }];
        set.calendar_synced_version = sync.request_version;
      }
      if (sync.operation === "delete") {
        if (sync.request_version === undefined) filter.google_event_id = sync.google_event_id;
        set.google_event_id = null;
      } else {
        filter.deleted_at = null;
        Object.assign(set, { google_event_id: sync.google_event_id, calendar_sync_failure: null });
      }
      await requests.updateOne(filter, { $set: set });
    },

    /**
     * calendar.google-attendees-responded: the invited reviewers' answers in Google, as a whole
     * (each report holds every answer; reports of one request arrive in order, one partition).
     * Attendees who are not reviewers of the request are left out.
     */
    async recordGoogleResponses(id: string, creatorId: string, responses: ReadonlyArray<{ user_id: string | null; response_status: TGoogleAttendeeResponse }>): Promise<void> {
      const byReviewer = Object.fromEntries(responses.flatMap((response) => (response.user_id ? [[response.user_id, response.response_status]] : [])));
      await requests.updateOne({ _id: id, created_by: creatorId, deleted_at: null }, { $set: { google_responses: byReviewer } });
    },

    recordCalendarFailure: (id: string, userId: string, reason: string, at: string) =>
      requests.updateOne({ _id: id, created_by: userId }, { $set: { calendar_sync_failure: { reason, at } } }),
  };
}

export type EventRequestsStore = ReturnType<typeof createEventRequestsStore>;
