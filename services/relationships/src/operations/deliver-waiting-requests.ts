import { isDuplicateKeyError } from "@amia/kit";
import { pairKey } from "../domain/pair-keys.ts";
import { requestDelivered } from "../events/relationship-request-events.ts";
import type { Stores } from "../store/stores.ts";
import type { ProjectedUser } from "../store/users-projection.ts";
import { personOf } from "./people.ts";

export interface DeliveryOutcome {
  delivered: string[];
  /** Request ids left waiting, and why (logged by the caller; nothing a user did wrong). */
  skipped: Array<{ request_id: string; reason: "own_request" | "pending_the_other_way" }>;
}

/**
 * Requests made to `user`'s email before anyone had it now reach them, once their email is
 * verified (DESIGN.md "Identity"):
 * each gets its recipient, the pair's pending key and `relationship-request.delivered`, in one
 * write. Idempotent: only still-waiting requests match, so a redelivered sign-up changes nothing.
 */
export async function deliverWaitingRequests(stores: Stores, user: ProjectedUser, now = new Date()): Promise<DeliveryOutcome> {
  const outcome: DeliveryOutcome = { delivered: [], skipped: [] };
  // What was sent to an email reaches only an owner whose provider vouched for it.
  if (!user.email_verified) return outcome;
  const waiting = await stores.requests.listWaitingFor(user.email);
  if (waiting.length === 0) return outcome;
  const requesters = await stores.users.findByIds(waiting.map((request) => request.requester_id));
  for (const request of waiting) {
    // A requester who has since taken the email themselves: a request to oneself never arrives.
    if (request.requester_id === user._id) {
      outcome.skipped.push({ request_id: request._id, reason: "own_request" });
      continue;
    }
    const requester = personOf(request.requester_id, requesters.get(request.requester_id), {
      full_name: request.requester_full_name,
      email: request.requester_email,
    });
    const changes = { requested_user_id: user._id, pending_pair: pairKey(request.requester_id, user._id), updated_at: now.toISOString() };
    try {
      const isDelivered = await stores.requests.deliver(request._id, changes, [requestDelivered(request, requester, user._id)]);
      if (isDelivered) outcome.delivered.push(request._id);
    } catch (error) {
      // The new user already asked the requester (possible in the moment before this ran): that
      // request stands for the pair, and this one stays in the requester's sent list to delete.
      if (!isDuplicateKeyError(error)) throw error;
      outcome.skipped.push({ request_id: request._id, reason: "pending_the_other_way" });
    }
  }
  return outcome;
}
