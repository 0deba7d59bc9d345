import { AppError, createOnce, isDuplicateKeyError, type TIdempotentCreate, type TInternalUser } from "@amia/kit";
import { clashingPendingKeys, pairKey, waitingPairKey } from "../domain/pair-keys.ts";
import { DEFAULT_REQUEST_QUOTAS, mayAskAgain, REQUESTS_TO_PERSON_WINDOW_MS, type RequestQuotas } from "../domain/request-quotas.ts";
import { maySend, pendingClash } from "../domain/send-rules.ts";
import { requestCreated } from "../events/relationship-request-events.ts";
import type { NewRelationshipRequest, RelationshipRequestDocument } from "../store/requests-store.ts";
import type { Stores } from "../store/stores.ts";
import { deliverWaitingRequests } from "./deliver-waiting-requests.ts";
import { enforce } from "./enforce.ts";
import { actingPerson } from "./people.ts";

export interface SendOptions {
  quotas?: RequestQuotas;
  now?: Date;
  /** An Idempotency-Key's create (kit/idempotency.ts): the request's id is the key's. */
  keyed?: TIdempotentCreate | null;
}

/** Idempotency scope (storage: part of every keyed request's id; renaming it re-creates on retry). */
export const RELATIONSHIP_REQUEST_IDEMPOTENCY_SCOPE = "relationship-request";

/**
 * A relationship request from the signed-in user to an email (already trimmed and lower-cased).
 * To an email no verified account has yet, it waits for its owner's sign-up (or verification).
 * The checks give clear answers; the unique pending key is what actually holds when two
 * requests race. The quotas are counted from stored requests: two sends racing past the count
 * can both pass, but only one can be pending for the pair, so a flood cannot come of it.
 */
export async function sendRequest(stores: Stores, actor: TInternalUser, requestedEmail: string, options: SendOptions = {}): Promise<RelationshipRequestDocument> {
  const { keyed = null } = options;
  try {
    // A retry with the same key answers the request the first call made, before the checks
    // ("already pending") that would now refuse it.
    return await createOnce(keyed, {
      find: (id) => stores.requests.findSent(id, actor.id),
      replay: (stored) => {
        if (stored.deleted_at !== null) throw new AppError("conflict", "The relationship request made with this Idempotency-Key has since been withdrawn");
        return stored;
      },
      create: (id, fingerprint) => checkAndInsert(stores, actor, requestedEmail, options, id, fingerprint),
    });
  } catch (error) {
    // Not a twin of this key (createOnce answered those): the pending pair's unique key held.
    if (isDuplicateKeyError(error)) enforce(pendingClash(requestedEmail));
    throw error;
  }
}

async function checkAndInsert(stores: Stores, actor: TInternalUser, requestedEmail: string, options: SendOptions, id: string, fingerprint: string | undefined): Promise<RelationshipRequestDocument> {
  const { quotas = DEFAULT_REQUEST_QUOTAS, now = new Date() } = options;
  const requester = await actingPerson(stores.users, actor);
  const owner = await stores.users.findVerifiedOwner(requestedEmail);
  const me = { id: requester.user_id, email: requester.email };
  const requested = { email: requestedEmail, userId: owner?._id ?? null };

  const isAlreadyRelated = requested.userId !== null && (await stores.relationships.isLive(pairKey(me.id, requested.userId)));
  const hasPendingRequest = await stores.requests.isAnyPending(clashingPendingKeys(me, requested));
  enforce(maySend({ requester: me, requested, isAlreadyRelated, hasPendingRequest }));

  const [earlierRequestsAt, lastDeclinedAt] = await Promise.all([
    stores.requests.askedAtSince(me.id, requested, new Date(now.getTime() - REQUESTS_TO_PERSON_WINDOW_MS).toISOString()),
    stores.requests.lastDeclinedSince(me.id, requested, new Date(now.getTime() - quotas.cooldownAfterDeclineMs).toISOString()),
  ]);
  enforce(
    mayAskAgain(
      { requestedEmail, earlierRequestsAt: earlierRequestsAt.map(Date.parse), lastDeclinedAt: lastDeclinedAt === null ? null : Date.parse(lastDeclinedAt) },
      quotas,
      now.getTime(),
    ),
  );

  const at = now.toISOString();
  const fields: NewRelationshipRequest = {
    _id: id,
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
    ...(fingerprint === undefined ? {} : { idempotency_fingerprint: fingerprint }),
  };
  // A duplicate key (the pending pair, or a keyed twin's id) propagates to sendRequest.
  const request = await stores.requests.insert(fields, [requestCreated(fields)]);

  // The owner may have signed up between our look-up and the insert, and their `user.registered`
  // been handled before this request existed: look again, so the request cannot wait forever.
  if (!requested.userId) {
    const ownerNow = await stores.users.findVerifiedOwner(requestedEmail);
    if (ownerNow) await deliverWaitingRequests(stores, ownerNow, now);
  }
  return request;
}
