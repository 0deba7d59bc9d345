import { AppError, notFound } from "@amia/kit";
import { closedRequestKey } from "../domain/pair-keys.ts";
import { mayDelete, roleOf } from "../domain/request-rules.ts";
import { requestDeleted } from "../events/relationship-request-events.ts";
import type { Stores } from "../store/stores.ts";
import { enforce } from "./enforce.ts";

const MAX_ATTEMPTS = 3;

/**
 * The requester deletes a request they sent: a soft delete (the document, and the events in its
 * outbox, stay; every list and read hides it) that frees the pair's pending key. The update is
 * guarded on the state it was read in, so the event says truly what was deleted; if the
 * recipient answered in between, read again.
 */
export async function deleteRequest(stores: Stores, requestId: string, actorId: string, now = new Date()): Promise<void> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const request = await stores.requests.findVisible(requestId, actorId);
    if (!request) throw notFound("Relationship request");
    enforce(mayDelete(roleOf(request, actorId), request.status));
    const at = now.toISOString();
    const changes = { deleted_at: at, pending_pair: closedRequestKey(request._id), updated_at: at };
    if (await stores.requests.softDelete(request._id, actorId, request.status, changes, [requestDeleted(request)])) return;
  }
  throw new AppError("conflict", "This request is changing; please try again");
}
