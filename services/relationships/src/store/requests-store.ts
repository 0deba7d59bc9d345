import type { Collection, Db, Filter } from "mongodb";
import { WITHOUT_OUTBOX_PROJECTION, type IndexPlan, type Outbox, type WithIdempotency, type WithOutbox } from "@amia/kit";
import type { TDomainEvent, TRelationshipRequestStatus } from "@amia/contracts";

/** Storage shape of a relationship request (collection `relationship_requests`); storage names. */
export interface RelationshipRequestDocument extends WithOutbox, WithIdempotency {
  _id: string;
  requester_id: string;
  /** As known when the request was made; reads prefer the users projection. */
  requester_email: string;
  requester_full_name: string | null;
  /** Trimmed and lower-cased, as typed. */
  requested_email: string;
  /** Null while nobody has the email; set when its owner signs up (the request is "delivered"). */
  requested_user_id: string | null;
  status: TRelationshipRequestStatus;
  /**
   * Enforces "one pending request per pair" with a unique index: the pair key while pending, a
   * value unique to this request once it is answered or deleted. Never missing (see pair-keys.ts).
   */
  pending_pair: string;
  relationship_id: string | null;
  created_at: string;
  updated_at: string;
  responded_at: string | null;
  /** Soft delete: the document (and its outbox) stays; lists and reads hide it. */
  deleted_at: string | null;
}

export type NewRelationshipRequest = Omit<RelationshipRequestDocument, keyof WithOutbox>;

export const REQUESTS_COLLECTION = "relationship_requests";

export const REQUESTS_INDEXES: IndexPlan = {
  [REQUESTS_COLLECTION]: [
    { key: { pending_pair: 1 }, name: "relationship_requests_pending_pair_unique", unique: true },
    { key: { requester_id: 1, created_at: -1 }, name: "relationship_requests_sent" },
    { key: { requested_user_id: 1, created_at: -1 }, name: "relationship_requests_received" },
    { key: { requested_email: 1, requested_user_id: 1 }, name: "relationship_requests_waiting" },
  ],
};

const LIVE = { deleted_at: null };
/** Lists never carry the outbox out of the database. */
const WITHOUT_OUTBOX = { projection: WITHOUT_OUTBOX_PROJECTION } as const;

export interface Page {
  skip: number;
  take: number;
}

/** Whom a request asks: the email as typed, and the account that owns it when there is one. */
export interface RequestTarget {
  email: string;
  userId: string | null;
}

const toTarget = ({ email, userId }: RequestTarget): Filter<RelationshipRequestDocument> =>
  userId ? { $or: [{ requested_email: email }, { requested_user_id: userId }] } : { requested_email: email };
const NEWEST_FIRST = { created_at: -1, _id: -1 } as const;

export function createRequestsStore(db: Db, outbox: Outbox) {
  const requests: Collection<RelationshipRequestDocument> = db.collection<RelationshipRequestDocument>(REQUESTS_COLLECTION);

  /** A state-guarded update carrying its events; false when the guard no longer holds. */
  const transition = async (guard: Filter<RelationshipRequestDocument> & { _id: string }, changes: Partial<RelationshipRequestDocument>, events: TDomainEvent[]) => {
    const result = await outbox.update(requests, guard, { $set: changes }, events);
    return result.matchedCount === 1;
  };

  const pageOf = async (query: Filter<RelationshipRequestDocument>, page: Page) => {
    const [found, total_count] = await Promise.all([
      // `limit(0)` would mean "no limit" to MongoDB; a page of nothing is only the count.
      page.take === 0 ? [] : requests.find(query, WITHOUT_OUTBOX).sort(NEWEST_FIRST).skip(page.skip).limit(page.take).toArray(),
      requests.countDocuments(query),
    ]);
    return { requests: found, total_count };
  };

  return {
    collection: requests,

    /** Inserts with its events; a duplicate key (a pending request for the pair) propagates. */
    async insert(fields: NewRelationshipRequest, events: TDomainEvent[]): Promise<RelationshipRequestDocument> {
      await outbox.insert(requests, fields, events);
      return fields;
    },

    /** The request whatever its state, deleted ones included. System use (an accepted request's consumer). */
    findById: (requestId: string) => requests.findOne({ _id: requestId }, WITHOUT_OUTBOX),

    /** The request, if the acting user sent it or it was delivered to them. */
    findVisible: (requestId: string, actorId: string) =>
      requests.findOne({ _id: requestId, ...LIVE, $or: [{ requester_id: actorId }, { requested_user_id: actorId }] }),

    /** A request the acting user sent, withdrawn or not: what a retried send answers. */
    findSent: (requestId: string, actorId: string) => requests.findOne({ _id: requestId, requester_id: actorId }),

    /** A page of the requests the acting user sent, newest first, and how many there are in all. */
    listSent: (actorId: string, status: TRelationshipRequestStatus | undefined, page: Page) =>
      pageOf({ requester_id: actorId, ...LIVE, ...(status ? { status } : {}) }, page),

    /** A page of the requests delivered to the acting user, newest first, and how many in all. */
    listReceived: (actorId: string, status: TRelationshipRequestStatus | undefined, page: Page) =>
      pageOf({ requested_user_id: actorId, ...LIVE, ...(status ? { status } : {}) }, page),

    /**
     * When the acting user asked this person (by email, or their account once known) since
     * `since`, in any state, withdrawn ones included: what the daily quota counts.
     */
    async askedAtSince(actorId: string, target: RequestTarget, since: string): Promise<string[]> {
      const found = await requests.find({ requester_id: actorId, ...toTarget(target), created_at: { $gt: since } }, { projection: { created_at: 1 } }).toArray();
      return found.map((request) => request.created_at);
    },

    /** When this person last declined a request from the acting user, since `since` (null if not). */
    async lastDeclinedSince(actorId: string, target: RequestTarget, since: string): Promise<string | null> {
      const found = await requests
        .find({ requester_id: actorId, ...toTarget(target), status: "rejected", responded_at: { $gt: since } }, { projection: { responded_at: 1 } })
        .sort({ responded_at: -1 })
        .limit(1)
        .toArray();
      return found[0]?.responded_at ?? null;
    },

    /** Whether any of these pending keys is taken (see `clashingPendingKeys`). */
    async isAnyPending(pendingKeys: string[]): Promise<boolean> {
      return (await requests.countDocuments({ pending_pair: { $in: pendingKeys } }, { limit: 1 })) > 0;
    },

    /** Pending requests made to `email` before anyone had it. System use: delivery at sign-up. */
    listWaitingFor: (email: string) => requests.find({ requested_email: email, requested_user_id: null, status: "pending", ...LIVE }).toArray(),

    /** Hands a waiting request to the email's new owner; false if it stopped waiting meanwhile. */
    deliver: (requestId: string, changes: Pick<RelationshipRequestDocument, "requested_user_id" | "pending_pair" | "updated_at">, events: TDomainEvent[]) =>
      transition({ _id: requestId, requested_user_id: null, status: "pending", ...LIVE }, changes, events),

    /** Accept or decline, by the person it was sent to, only while pending. */
    answer: (requestId: string, actorId: string, changes: Partial<RelationshipRequestDocument>, events: TDomainEvent[]) =>
      transition({ _id: requestId, requested_user_id: actorId, status: "pending", ...LIVE }, changes, events),

    /** Soft delete by the requester, only if the request is still in the state it was read in. */
    softDelete: (requestId: string, actorId: string, readStatus: TRelationshipRequestStatus, changes: Partial<RelationshipRequestDocument>, events: TDomainEvent[]) =>
      transition({ _id: requestId, requester_id: actorId, status: readStatus, ...LIVE }, changes, events),
  };
}

export type RequestsStore = ReturnType<typeof createRequestsStore>;
