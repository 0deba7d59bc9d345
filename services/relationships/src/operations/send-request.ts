import { randomUUID } from "node:crypto";
import { isDuplicateKeyError, type TInternalUser } from "@amia/kit";
import { clashingPendingKeys, pairKey, waitingPairKey } from "../domain/pair-keys.ts";
import { maySend, pendingClash } from "../domain/send-rules.ts";
import { requestCreated } from "../events/relationship-request-events.ts";
import type { NewRelationshipRequest, RelationshipRequestDocument } from "../store/requests-store.ts";
import type { Stores } from "../store/stores.ts";
import { deliverWaitingRequests } from "./deliver-waiting-requests.ts";
import { enforce } from "./enforce.ts";
import { actingPerson } from "./people.ts";

/**
 * A relationship request from the signed-in user to an email (already trimmed and lower-cased).
 * To an email nobody has yet, it waits for its owner's sign-up. The checks give clear answers;
 * the unique pending key is what actually holds when two requests race.
 */
export async function sendRequest(stores: Stores, actor: TInternalUser, requestedEmail: string, now = new Date()): Promise<RelationshipRequestDocument> {
  const requester = await actingPerson(stores.users, actor);
  const owner = await stores.users.findByEmail(requestedEmail);
  const me = { id: requester.user_id, email: requester.email };
  const requested = { email: requestedEmail, userId: owner?._id ?? null };

  const isAlreadyRelated = requested.userId !== null && (await stores.relationships.isLive(pairKey(me.id, requested.userId)));
  const hasPendingRequest = await stores.requests.isAnyPending(clashingPendingKeys(me, requested));
  enforce(maySend({ requester: me, requested, isAlreadyRelated, hasPendingRequest }));

  const at = now.toISOString();
  const fields: NewRelationshipRequest = {
    _id: randomUUID(),
    requester_id: me.id,
    requester_email: me.email,
    requester_full_name: requester.full_name,
    requested_email: requestedEmail,
    requested_user_id: requested.userId,
    status: "pending",
    pending_pair: requested.userId ? pairKey(me.id, requested.userId) : waitingPairKey(me.id, requestedEmail),
    relationship_id: null,
    created_at: at,
    updated_at: at,
    responded_at: null,
    deleted_at: null,
  };
  let request: RelationshipRequestDocument;
  try {
    request = await stores.requests.insert(fields, [requestCreated(fields)]);
  } catch (error) {
    if (isDuplicateKeyError(error)) enforce(pendingClash(requestedEmail));
    throw error;
  }

  // The owner may have signed up between our look-up and the insert, and their `user.registered`
  // been handled before this request existed: look again, so the request cannot wait forever.
  if (!requested.userId) {
    const ownerNow = await stores.users.findByEmail(requestedEmail);
    if (ownerNow) await deliverWaitingRequests(stores, ownerNow, now);
  }
  return request;
}
