import type { Collection, Db, Filter } from "mongodb";
import { appendToOutbox, withOutbox, type IndexPlan, type WithOutbox } from "@amia/kit";
import type { TDomainEvent, TEventDate, TEventRequest, TEventRequestStatus } from "@amia/contracts";
import type { Approval, ApproverState } from "../domain/approval-rules.ts";

/** Storage shape of an event request (collection `event_requests`); wire names where shared. */
export interface EventRequestDocument extends Approval, WithOutbox {
  _id: string;
  created_by: string;
  title: string | null;
  description: string | null;
  location: string | null;
  notes: string | null;
  start_date: TEventDate;
  end_date: TEventDate;
  /** The start as an instant, for range filters and ordering (derived from start_date). */
  start_at: number;
  importance_level: number;
  approvers: ApproverState[];
  /** Who was asked to review: the "requests I am asked to review" index. */
  reviewer_ids: string[];
  created_at: string;
  updated_at: string;
  google_event_id: string | null;
  /** Set by the calendar service's report of a failed sync; not on the wire. */
  calendar_sync_failure: { reason: string; at: string } | null;
  /** Soft delete keeps the document, so the events in its outbox are still published. */
  deleted_at: string | null;
  /** Bumped by every change: writes are guarded on the version they read. */
  version: number;
}

export const EVENT_REQUESTS_COLLECTION = "event_requests";

export const EVENT_REQUESTS_INDEXES: IndexPlan = {
  [EVENT_REQUESTS_COLLECTION]: [
    { key: { created_by: 1, deleted_at: 1, created_at: -1 }, name: "event_requests_by_creator" },
    { key: { reviewer_ids: 1, deleted_at: 1, created_at: -1 }, name: "event_requests_by_reviewer" },
  ],
};

export type Role = "creator" | "reviewer";

export interface ListFilter {
  role: Role;
  status?: TEventRequestStatus | undefined;
  importanceLevel?: number | undefined;
  startFromMs?: number | null | undefined;
  startToExclusiveMs?: number | null | undefined;
  createdBy?: string | undefined;
}

/** The most a plain (unpaged) list returns; the paged list is the way past it. */
export const UNPAGED_LIST_LIMIT = 500;

export function toEventRequest(doc: EventRequestDocument): TEventRequest {
  return {
    id: doc._id,
    title: doc.title,
    description: doc.description,
    location: doc.location,
    notes: doc.notes,
    start_date: doc.start_date,
    end_date: doc.end_date,
    importance_level: doc.importance_level,
    status: doc.status,
    approval_status: doc.approval_status,
    requested_approvals: doc.requested_approvals,
    completed_count: doc.completed_count,
    approvers: doc.approvers.map((approver) => ({ ...approver })),
    created_by: doc.created_by,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    google_event_id: doc.google_event_id,
  };
}

export function createEventRequestsStore(db: Db) {
  const requests: Collection<EventRequestDocument> = db.collection<EventRequestDocument>(EVENT_REQUESTS_COLLECTION);

  /** Only what the user may see: requests they created or were asked to review. */
  const visibleTo = (userId: string): Filter<EventRequestDocument> => ({
    deleted_at: null,
    $or: [{ created_by: userId }, { reviewer_ids: userId }],
  });

  const byRole = (userId: string, filter: ListFilter): Filter<EventRequestDocument> => {
    const query: Filter<EventRequestDocument> = { deleted_at: null };
    if (filter.role === "creator") query.created_by = userId;
    else {
      query.reviewer_ids = userId;
      if (filter.createdBy) query.created_by = filter.createdBy;
    }
    if (filter.status) query.status = filter.status;
    if (filter.importanceLevel !== undefined) query.importance_level = filter.importanceLevel;
    const range: Record<string, number> = {};
    if (filter.startFromMs != null) range.$gte = filter.startFromMs;
    if (filter.startToExclusiveMs != null) range.$lt = filter.startToExclusiveMs;
    if (Object.keys(range).length > 0) query.start_at = range;
    return query;
  };

  return {
    collection: requests,

    insert: (doc: Omit<EventRequestDocument, "outbox">, events: TDomainEvent[]) => requests.insertOne(withOutbox(doc, events) as EventRequestDocument),

    findVisible: (userId: string, id: string) => requests.findOne({ _id: id, ...visibleTo(userId) }),

    /** Applies a change read at `version`; false when someone changed the request meanwhile. */
    async replaceIfUnchanged(userId: string, stored: EventRequestDocument, changes: Partial<EventRequestDocument>, events: TDomainEvent[]): Promise<boolean> {
      const update = appendToOutbox<EventRequestDocument>({ $set: { ...changes, version: stored.version + 1 } }, events);
      const result = await requests.updateOne({ _id: stored._id, version: stored.version, ...visibleTo(userId) }, update);
      return result.matchedCount === 1;
    },

    list: (userId: string, filter: ListFilter) =>
      requests.find(byRole(userId, filter)).sort({ start_at: 1, _id: 1 }).limit(UNPAGED_LIST_LIMIT).toArray(),

    async page(userId: string, filter: ListFilter, skip: number, take: number): Promise<{ docs: EventRequestDocument[]; total: number }> {
      const query = byRole(userId, filter);
      const [docs, total] = await Promise.all([
        take === 0 ? Promise.resolve([]) : requests.find(query).sort({ created_at: -1, _id: -1 }).skip(skip).limit(take).toArray(),
        requests.countDocuments(query),
      ]);
      return { docs, total };
    },

    /** calendar.event-synced: idempotent, whoever asks (a consumer acts for the system). */
    recordCalendarEvent: (id: string, googleEventId: string) =>
      requests.updateOne({ _id: id }, { $set: { google_event_id: googleEventId, calendar_sync_failure: null } }),

    recordCalendarFailure: (id: string, reason: string, at: string) =>
      requests.updateOne({ _id: id }, { $set: { calendar_sync_failure: { reason, at } } }),
  };
}

export type EventRequestsStore = ReturnType<typeof createEventRequestsStore>;
