import { notificationIdFor } from "../domain/notification-id.ts";
import { notificationsFor, type TNotifyingEvent } from "../domain/notification-text.ts";
import type { NotificationsStore } from "../store/notifications-store.ts";
import { storeNotification } from "./store-notification.ts";

/**
 * Turns one consumed event into its recipients' notifications; returns how many are new.
 * Safe to run again for the same event (a redelivery, or a retry after a partial failure): each
 * recipient's id is derived from the event, so what exists is skipped and only the rest is added.
 */
export async function notifyFromEvent(store: NotificationsStore, event: TNotifyingEvent): Promise<number> {
  let stored = 0;
  for (const draft of notificationsFor(event)) {
    const doc = await storeNotification(store, draft, {
      id: notificationIdFor(event.id, draft.user_id),
      // When it happened, not when we heard of it: a backlog replays in its own order.
      created_at: event.occurred_at,
      actor_id: event.actor_id,
      source_event_id: event.id,
    });
    if (doc) stored++;
  }
  return stored;
}
