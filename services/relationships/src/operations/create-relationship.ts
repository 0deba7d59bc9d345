import type { WithOutbox } from "@amia/kit";
import { pairKey } from "../domain/pair-keys.ts";
import { relationshipCreated } from "../events/relationship-events.ts";
import type { Person } from "../events/relationship-request-events.ts";
import type { NewRelationship } from "../store/relationships-store.ts";
import type { RelationshipRequestDocument } from "../store/requests-store.ts";
import type { Stores } from "../store/stores.ts";
import { personOf } from "./people.ts";

type AcceptedRequest = Omit<RelationshipRequestDocument, keyof WithOutbox>;

/**
 * The relationship an accepted request makes, from the request alone: its id (derived from the
 * request's, set on the request by the acceptance), both people, and the time of the answer. Every
 * attempt at it builds the same document, so whichever attempt inserts first, they agree.
 */
export function plannedRelationship(request: AcceptedRequest, requester: Person, recipient: Person): NewRelationship {
  return {
    _id: request.relationship_id!,
    pair: pairKey(requester.user_id, recipient.user_id),
    user_ids: [requester.user_id, recipient.user_id],
    parties: [requester, recipient],
    request_id: request._id,
    created_at: request.responded_at!,
    deleted_at: null,
  };
}

/**
 * Makes the relationship of an accepted request, with its `relationship.created`, once: a second
 * attempt (the answer's and the consumer's, a redelivered event) finds it by its id and writes
 * nothing. Also when the request was deleted after it was accepted: the acceptance stands. Null
 * when there is nothing to make (the request is not accepted) or when the two are already related
 * through another relationship (a second request between them accepted in the same moment).
 */
export async function createRelationshipOf(stores: Stores, request: AcceptedRequest): Promise<NewRelationship | null> {
  if (request.status !== "accepted" || !request.relationship_id || !request.requested_user_id || !request.responded_at) return null;
  const known = await stores.users.findByIds([request.requester_id, request.requested_user_id]);
  const requester = personOf(request.requester_id, known.get(request.requester_id), { full_name: request.requester_full_name, email: request.requester_email });
  const recipient = personOf(request.requested_user_id, known.get(request.requested_user_id), { full_name: null, email: request.requested_email });
  const fields = plannedRelationship(request, requester, recipient);
  // The acceptor made it: the same actor whichever attempt writes it.
  const inserted = await stores.relationships.insert(fields, [relationshipCreated(fields, request.requested_user_id)]);
  if (inserted.outcome !== "pair_taken") return inserted.relationship;
  return stores.relationships.findLiveByPair(fields.pair);
}
