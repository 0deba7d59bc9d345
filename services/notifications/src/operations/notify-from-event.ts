import { notificationIdFor } from "../domain/notification-id.ts";
import { notificationsFor, recipientsToLocate, type TNotifyingEvent } from "../domain/notification-text.ts";
import type { NotificationsStore } from "../store/notifications-store.ts";
import type { RecipientZones } from "../store/recipient-zones.ts";
import { storeNotification } from "./store-notification.ts";

/**
 * Turns one consumed event into its recipients' notifications; returns how many are new.
 * Safe to run again for the same event (a redelivery, or a retry after a partial failure), and
 * for another event saying the same thing: each notification's id is derived from its meaning
 * and recipient, so what exists is skipped and only the rest is added.
 */
export async function notifyFromEvent(deps: { store: NotificationsStore; zones: RecipientZones }, event: TNotifyingEvent): Promise<number> {
  const recipientZones = await deps.zones.zonesOf(recipientsToLocate(event));
  let stored = 0;
  for (const draft of notificationsFor(event, { recipientZones })) {
    const doc = await storeNotification(deps.store, draft, {
      id: notificationIdFor(draft.meaning, draft.user_id),
      // When it happened, not when we heard of it: a backlog replays in its own order.
      created_at: event.occurred_at,
      actor_id: event.actor_id,
      source_event_id: event.id,
    });
    if (doc) stored++;
  }
  return stored;
}
