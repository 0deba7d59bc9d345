import type { EventHandlers } from "@amia/kit";
import { createRelationshipOf } from "../operations/create-relationship.ts";
import { deliverWaitingRequests } from "../operations/deliver-waiting-requests.ts";
import type { Stores } from "../store/stores.ts";

/**
 * Consumer group of this service's own relationship-request events; a wire name (renaming it
 * re-reads the topic from the start, which is harmless: both handlers are idempotent).
 */
export const ACCEPTED_REQUESTS_CONSUMER_GROUP = "relationships.accepted-requests";

/**
 * The nets under this service's own writes, for a process that died right after one: each write
 * and its event are one document, so the event always comes, and what the answer would have done
 * next is done here.
 */
export function acceptedRequestHandlers({ stores }: { stores: Stores }): EventHandlers {
  return {
    /**
     * A request to an email nobody had at the look-up: the sender looks again after the insert
     * (its owner may have signed up in between, their sign-up handled before the request
     * existed). A process killed between the insert and that second look would leave the request
     * waiting for good (found by the fault suite): the created event looks again.
     */
    "relationship-request.created": async (event) => {
      if (event.data.requested_user_id !== null) return;
      const owner = await stores.users.findVerifiedOwner(event.data.requested_email);
      if (owner) await deliverWaitingRequests(stores, owner);
    },
    /**
     * An accepted request makes its relationship (the answer usually did already). Read from our
     * own database, not from the event: the request holds both people as recorded, and it is ours.
     */
    "relationship-request.accepted": async (event) => {
      const request = await stores.requests.findById(event.data.request_id);
      if (request) await createRelationshipOf(stores, request);
    },
  };
}
