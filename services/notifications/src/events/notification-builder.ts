import type { Bus, BusConsumer } from "@amia/kit";
import type { TNotifyingEvent } from "../domain/notification-text.ts";
import { notifyFromEvent } from "../operations/notify-from-event.ts";
import type { NotificationsStore } from "../store/notifications-store.ts";
import type { RecipientZones } from "../store/recipient-zones.ts";

/**
 * Consumer group id. Wire name: renaming it starts a new group from the oldest message, which
 * replays history (harmless, as notifications are idempotent, but slow).
 */
export const BUILDER_GROUP_ID = "notifications.builder";

export interface NotificationBuilderDeps {
  bus: Bus;
  store: NotificationsStore;
  zones: RecipientZones;
}

/** Builds notifications from other services' events; the bus validates each against the contracts. */
export function createNotificationBuilder({ bus, store, zones }: NotificationBuilderDeps): BusConsumer {
  const notify = async (event: TNotifyingEvent) => {
    await notifyFromEvent({ store, zones }, event);
  };

  return bus.consumer({
    groupId: BUILDER_GROUP_ID,
    handlers: {
      "relationship-request.created": notify,
      "relationship-request.delivered": notify,
      "relationship-request.accepted": notify,
      "relationship-request.rejected": notify,
      "event-request.created": notify,
      "event-request.updated": notify,
      "event-request.review-recorded": notify,
      "event-request.approved": notify,
      "event-request.rejected": notify,
      "calendar.sync-failed": notify,
      "calendar.google-event-changed": notify,
      "ai-credits.threshold-reached": notify,
      // A withdrawn request can no longer be answered: hide its "wants to connect", whatever
      // state it was in, rather than leave a link to something that is gone. Nothing new is said.
      "relationship-request.deleted": async ({ data }) => {
        if (data.requested_user_id !== null) await store.withdrawAbout([data.requested_user_id], data.request_id, ["relationship_request_received"]);
      },
      // A deleted event request: everything anyone was told about it would lead to a page that
      // is gone, so it is all withdrawn, for the reviewers and the creator alike. Nothing new is
      // said: the creator did it, and a reviewer has nothing left to do.
      "event-request.deleted": async (event) => {
        await store.withdrawAbout([event.data.created_by, ...event.data.approver_user_ids], event.data.event_request_id);
        // Deleted in Google Calendar: the reviewers did not see it happen here, so they are told.
        if (event.data.cause === "deleted_in_google") await notify(event);
      },
      // A reviewer who left (no longer connected) may no longer see the request: what they were
      // told about it is withdrawn. The creator may be told that they left (notificationsFor).
      "event-request.reviewer-removed": async (event) => {
        await store.withdrawAbout([event.data.reviewer_id], event.data.event_request_id);
        await notify(event);
      },
    },
  });
}
