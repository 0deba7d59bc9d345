import { AppError, type WithOutbox } from "@amia/kit";
import type { NewRelationship } from "../store/relationships-store.ts";
import type { RelationshipRequestDocument } from "../store/requests-store.ts";
import type { Stores } from "../store/stores.ts";
import { createRelationshipOf } from "./create-relationship.ts";

type Request = Omit<RelationshipRequestDocument, keyof WithOutbox>;

/**
 * Answers are idempotent by (who, answer): the person asked accepting (or declining) a request
 * they already accepted (declined) — a retry after an answer that never reached them — is told
 * it is done, with the request as it is; nothing is written again. A different answer, or
 * anyone else, still gets the refusal.
 */
export async function answerOnce<T>(answer: () => Promise<T>, answeredAlready: () => Promise<T | null>): Promise<T> {
  try {
    return await answer();
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "conflict") throw error;
    const done = await answeredAlready();
    if (done) return done;
    throw error;
  }
}

/**
 * The request `actorId` accepted, with its relationship — made now if the accepted-request
 * consumer has not made it yet (idempotent: create-relationship.ts), as the first answer did; null
 * when they did not accept it, or the relationship has since ended.
 */
export async function acceptedAlready(stores: Stores, requestId: string, actorId: string): Promise<{ request: Request; relationship: NewRelationship } | null> {
  const request = await stores.requests.findVisible(requestId, actorId);
  if (!request || request.requested_user_id !== actorId || request.status !== "accepted") return null;
  const relationship = await createRelationshipOf(stores, request);
  return relationship && relationship._id === request.relationship_id ? { request, relationship } : null;
}

/** The request `actorId` declined; else null. */
export async function declinedAlready(stores: Stores, requestId: string, actorId: string): Promise<Request | null> {
  const request = await stores.requests.findVisible(requestId, actorId);
  return request && request.requested_user_id === actorId && request.status === "rejected" ? request : null;
}
