import { createEvent } from "@amia/kit";
import type { TEventOf } from "@amia/contracts";
import { toNotification, type NotificationDocument } from "../store/notifications-store.ts";

export const PRODUCER = "notifications";

/**
 * `notification.created`, keyed by the notification id. It carries the notification in its wire
 * shape, so the BFF pushes it to the recipient's open browsers as it is.
 */
export function notificationCreated(doc: Omit<NotificationDocument, "outbox">, actorId: string | null): TEventOf<"notification.created"> {
  return createEvent(PRODUCER, "notification.created", {
    subject: doc._id,
    actor_id: actorId,
    data: { user_id: doc.user_id, notification: toNotification(doc) },
  });
}
