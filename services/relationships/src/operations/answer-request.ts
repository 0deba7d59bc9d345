import { AppError, notFound, type ServiceModuleDeps, type WithOutbox } from "@amia/kit";
import { closedRequestKey, pairKey } from "../domain/pair-keys.ts";
import { relationshipIdFor } from "../domain/relationship-id.ts";
import { mayAnswer, roleOf } from "../domain/request-rules.ts";
import { requestAccepted, requestRejected } from "../events/relationship-request-events.ts";
import type { NewRelationship } from "../store/relationships-store.ts";
import type { RelationshipRequestDocument } from "../store/requests-store.ts";
import type { Stores } from "../store/stores.ts";
import { createRelationshipOf, plannedRelationship } from "./create-relationship.ts";
import { enforce } from "./enforce.ts";
import { personOf } from "./people.ts";

type Request = Omit<RelationshipRequestDocument, keyof WithOutbox>;

/** A pending request the acting user may answer, with both people as they are known now. */
async function answerable(stores: Stores, requestId: string, actorId: string) {
  const request = await stores.requests.findVisible(requestId, actorId);
  if (!request) throw notFound("Relationship request");
  enforce(mayAnswer(roleOf(request, actorId), request.status));
  const known = await stores.users.findByIds([request.requester_id, actorId]);
  const requester = personOf(request.requester_id, known.get(request.requester_id), { full_name: request.requester_full_name, email: request.requester_email });
  const recipient = personOf(actorId, known.get(actorId), { full_name: null, email: request.requested_email });
  return { request, requester, recipient };
}

/** The guarded update lost (someone else changed the request): say why, as the rules would. */
async function refuseChanged(stores: Stores, requestId: string, actorId: string): Promise<never> {
  const current = await stores.requests.findVisible(requestId, actorId);
  if (!current) throw notFound("Relationship request");
  enforce(mayAnswer(roleOf(current, actorId), current.status));
  throw new AppError("conflict", "This request changed while you were answering it; please reload");
}

/**
 * Accept: ONE write, the request becoming accepted with `relationship-request.accepted` in its
 * outbox, guarded on "still pending" so only one approval wins. The relationship follows from that
 * event (create-relationship.ts), made here at once so the answer can carry it, and again by this
 * service's own consumer of the event if this process dies first; its id is derived from the
 * request's, so however often it is attempted there is one relationship and one
 * `relationship.created`. No crash can leave a relationship without an accepted request, nor an
 * accepted request whose relationship is never made.
 */
export async function acceptRequest(stores: Stores, requestId: string, actorId: string, { logger, now = new Date() }: { logger: ServiceModuleDeps["logger"]; now?: Date }): Promise<{ request: Request; relationship: NewRelationship }> {
  const { request, requester, recipient } = await answerable(stores, requestId, actorId);
  // The clear answer; the pair's unique key holds if two approvals of two requests race past it.
  if (await stores.relationships.isLive(pairKey(requester.user_id, recipient.user_id))) throw new AppError("conflict", `You are already connected with ${requester.email}`);
  const at = now.toISOString();
  const relationshipId = relationshipIdFor(request._id);
  const changes = { status: "accepted" as const, pending_pair: closedRequestKey(request._id), relationship_id: relationshipId, responded_at: at, updated_at: at };
  if (!(await stores.requests.answer(request._id, actorId, changes, [requestAccepted(request, recipient, relationshipId)]))) {
    return refuseChanged(stores, request._id, actorId);
  }
  const accepted = { ...request, ...changes };
  const planned = plannedRelationship(accepted, requester, recipient);
  try {
    const made = await createRelationshipOf(stores, accepted);
    return { request: accepted, relationship: made ?? planned };
  } catch (error) {
    // The acceptance is written and its event will make the relationship (the consumer retries
    // until it can): answer with what it will be, rather than an error inviting a retry that
    // could only say "already answered".
    logger.warn({ err: error, request_id: request._id, relationship_id: relationshipId }, "relationship left to the accepted-request consumer");
    return { request: accepted, relationship: planned };
  }
}

/** Decline: the request becomes rejected, only while pending, only by its recipient. */
export async function rejectRequest(stores: Stores, requestId: string, actorId: string, now = new Date()): Promise<Request> {
  const { request, recipient } = await answerable(stores, requestId, actorId);
  const at = now.toISOString();
  const changes = { status: "rejected" as const, pending_pair: closedRequestKey(request._id), responded_at: at, updated_at: at };
  if (await stores.requests.answer(request._id, actorId, changes, [requestRejected(request, recipient)])) return { ...request, ...changes };
  return refuseChanged(stores, request._id, actorId);
}

