import type { Collection, Db, Filter } from "mongodb";
import { appendToOutbox, withOutbox, type IndexPlan, type WithOutbox } from "@amia/kit";
import type { TDomainEvent, TRelationshipRequestStatus } from "@amia/contracts";

/** Storage shape of a relationship request (collection `relationship_requests`); storage names. */
export interface RelationshipRequestDocument extends WithOutbox {
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

export type NewRelationshipRequest = Omit<RelationshipRequestDocument, "outbox">;

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
const NEWEST_FIRST = { created_at: -1, _id: -1 } as const;

export function createRequestsStore(db: Db) {
  const requests: Collection<RelationshipRequestDocument> = db.collection<RelationshipRequestDocument>(REQUESTS_COLLECTION);

  /** A state-guarded update carrying its events; false when the guard no longer holds. */
  const transition = async (guard: Filter<RelationshipRequestDocument>, changes: Partial<RelationshipRequestDocument>, events: TDomainEvent[]) => {
    const result = await requests.updateOne(guard, appendToOutbox<RelationshipRequestDocument>({ $set: changes }, events));
    return result.matchedCount === 1;
  };

  return {
    collection: requests,

    /** Inserts with its events; a duplicate key (a pending request for the pair) propagates. */
    async insert(fields: NewRelationshipRequest, events: TDomainEvent[]): Promise<RelationshipRequestDocument> {
      const doc = withOutbox(fields, events) as RelationshipRequestDocument;
      await requests.insertOne(doc);
      return doc;
    },

    /** The request, if the acting user sent it or it was delivered to them. */
    findVisible: (requestId: string, actorId: string) =>
      requests.findOne({ _id: requestId, ...LIVE, $or: [{ requester_id: actorId }, { requested_user_id: actorId }] }),

    listSent: (actorId: string, status?: TRelationshipRequestStatus) =>
      requests.find({ requester_id: actorId, ...LIVE, ...(status ? { status } : {}) }).sort(NEWEST_FIRST).toArray(),

    listReceived: (actorId: string, status?: TRelationshipRequestStatus) =>
      requests.find({ requested_user_id: actorId, ...LIVE, ...(status ? { status } : {}) }).sort(NEWEST_FIRST).toArray(),

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
