import type { NotificationDraft } from "../domain/notification-text.ts";
import { notificationCreated } from "../events/notification-events.ts";
import type { NotificationDocument, NotificationsStore } from "../store/notifications-store.ts";

export interface NotificationOrigin {
  id: string;
  created_at: string;
  /** Who caused it (the source event's actor, or the user who posted it). */
  actor_id: string | null;
  source_event_id: string | null;
  /** A POST with an Idempotency-Key: its body's fingerprint (kit/idempotency.ts). */
  idempotency_fingerprint?: string | undefined;
}

/**
 * Stores a new unread notification together with its `notification.created` event, in one
 * document write. Undefined when a notification with this id already exists (a redelivery).
 */
export async function storeNotification(store: NotificationsStore, draft: Omit<NotificationDraft, "meaning">, origin: NotificationOrigin): Promise<NotificationDocument | undefined> {
  const doc: NotificationDocument = {
    _id: origin.id,
    user_id: draft.user_id,
    title: draft.title,
    is_read: false,
    is_deleted: false,
    // Normalised to UTC: an offset from another producer would otherwise break the string order.
    created_at: new Date(origin.created_at).toISOString(),
    kind: draft.kind,
    subject_id: draft.subject_id,
    source_event_id: origin.source_event_id,
    ...(origin.idempotency_fingerprint === undefined ? {} : { idempotency_fingerprint: origin.idempotency_fingerprint }),
  };
  const isNew = await store.insertNew(doc, [notificationCreated(doc, origin.actor_id)]);
  return isNew ? doc : undefined;
}
