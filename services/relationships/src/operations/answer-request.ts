import { AppError, notFound } from "@amia/kit";
import { closedRequestKey, endedRelationshipKey, pairKey } from "../domain/pair-keys.ts";
import { relationshipIdFor } from "../domain/relationship-id.ts";
import { mayAnswer, roleOf } from "../domain/request-rules.ts";
import { relationshipCreated, relationshipDeleted } from "../events/relationship-events.ts";
import { requestAccepted, requestRejected } from "../events/relationship-request-events.ts";
import type { NewRelationship, RelationshipDocument } from "../store/relationships-store.ts";
import type { RelationshipRequestDocument } from "../store/requests-store.ts";
import type { Stores } from "../store/stores.ts";
import { enforce } from "./enforce.ts";
import { personOf } from "./people.ts";

type Request = Omit<RelationshipRequestDocument, "outbox">;

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
 * Accept: one relationship for the two, then the request becomes accepted. Without
 * multi-document transactions, the order makes it crash-safe: the relationship's id is derived
 * from the request's, so a retry after a crash between the two writes finds it ("exists") and
 * finishes the request; the request update is guarded on "still pending", so only one approval
 * wins. An approval that inserted the relationship but then lost to a delete or a decline takes
 * it back (`relationship.deleted` follows its `created`).
 */
export async function acceptRequest(stores: Stores, requestId: string, actorId: string, now = new Date()): Promise<{ request: Request; relationship: RelationshipDocument }> {
  const { request, requester, recipient } = await answerable(stores, requestId, actorId);
  const at = now.toISOString();
  const fields: NewRelationship = {
    _id: relationshipIdFor(request._id),
    pair: pairKey(requester.user_id, recipient.user_id),
    user_ids: [requester.user_id, recipient.user_id],
    parties: [requester, recipient],
    request_id: request._id,
    created_at: at,
    deleted_at: null,
  };
  const inserted = await stores.relationships.insert(fields, [relationshipCreated(fields, actorId)]);
  if (inserted.outcome === "pair_taken") throw new AppError("conflict", `You are already connected with ${requester.email}`);

  const relationshipId = inserted.relationship._id;
  const changes = { status: "accepted" as const, pending_pair: closedRequestKey(request._id), relationship_id: relationshipId, responded_at: at, updated_at: at };
  if (await stores.requests.answer(request._id, actorId, changes, [requestAccepted(request, recipient, relationshipId)])) {
    return { request: { ...request, ...changes }, relationship: inserted.relationship };
  }
  if (inserted.outcome === "inserted") await retractUnlessAccepted(stores, request._id, actorId, inserted.relationship, now);
  return refuseChanged(stores, request._id, actorId);
}

async function retractUnlessAccepted(stores: Stores, requestId: string, actorId: string, relationship: RelationshipDocument, now: Date): Promise<void> {
  const current = await stores.requests.findVisible(requestId, actorId);
  // A concurrent approval of the same request may have finished with this very relationship.
  if (current?.status === "accepted" && current.relationship_id === relationship._id) return;
  await stores.relationships.retract(
    relationship._id,
    { pair: endedRelationshipKey(relationship._id), deleted_at: now.toISOString() },
    [relationshipDeleted(relationship, null)],
  );
}

/** Decline: the request becomes rejected, only while pending, only by its recipient. */
export async function rejectRequest(stores: Stores, requestId: string, actorId: string, now = new Date()): Promise<Request> {
  const { request, recipient } = await answerable(stores, requestId, actorId);
  const at = now.toISOString();
  const changes = { status: "rejected" as const, pending_pair: closedRequestKey(request._id), responded_at: at, updated_at: at };
  if (await stores.requests.answer(request._id, actorId, changes, [requestRejected(request, recipient)])) return { ...request, ...changes };
  return refuseChanged(stores, request._id, actorId);
}

