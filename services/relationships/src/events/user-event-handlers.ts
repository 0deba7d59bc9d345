import type { EventHandlers, ServiceModuleDeps } from "@amia/kit";
import type { TEventOf } from "@amia/contracts";
import { deliverWaitingRequests } from "../operations/deliver-waiting-requests.ts";
import type { Stores } from "../store/stores.ts";

/** Consumer group of the users projection; a wire name (renaming it re-reads the topic from the start). */
export const USERS_CONSUMER_GROUP = "relationships.users";

interface Deps {
  stores: Stores;
  logger: ServiceModuleDeps["logger"];
}

/**
 * Keeps the users projection from identity's events, then hands any request that waited for the
 * user's email to them, once their email is verified. Both steps are idempotent, so a redelivery changes nothing.
 */
export function userEventHandlers({ stores, logger }: Deps): EventHandlers {
  const apply = async (event: TEventOf<"user.registered"> | TEventOf<"user.updated">) => {
    const { user_id, email, name, full_name, email_verified } = event.data;
    // The event's own time orders versions; normalised so strings compare as instants.
    await stores.users.apply({ _id: user_id, email, name, full_name, email_verified }, new Date(event.occurred_at).toISOString());
    // Deliver to the email the user has now, even if this event was older than what we hold.
    const current = await stores.users.findById(user_id);
    // Requests to an email reach only an owner the provider vouched for; a later `user.updated`
    // saying it is verified delivers them then.
    if (!current?.email_verified) return;
    const { skipped } = await deliverWaitingRequests(stores, current);
    for (const skip of skipped) logger.warn({ event_id: event.id, user_id, ...skip }, "waiting relationship request left undelivered");
  };
  return {
    "user.registered": apply,
    "user.updated": apply,
  };
}
