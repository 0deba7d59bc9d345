import type { EventHandlers } from "@amia/kit";
import { createRelationshipOf } from "../operations/create-relationship.ts";
import type { Stores } from "../store/stores.ts";

/**
 * Consumer group of this service's own `relationship-request.accepted`; a wire name (renaming it
 * re-reads the topic from the start, which is harmless: making a relationship is idempotent).
 */
export const ACCEPTED_REQUESTS_CONSUMER_GROUP = "relationships.accepted-requests";

/**
 * An accepted request makes its relationship (the answer usually did already; this is the net
 * for a process that died right after the acceptance). Read from our own database, not from the
 * event: the request holds both people as recorded, and it is ours.
 */
export function acceptedRequestHandlers({ stores }: { stores: Stores }): EventHandlers {
  return {
    "relationship-request.accepted": async (event) => {
      const request = await stores.requests.findById(event.data.request_id);
      if (request) await createRelationshipOf(stores, request);
    },
  };
}
