import type { Bus, BusConsumer } from "@amia/kit";
import type { RecipientZones } from "../store/recipient-zones.ts";

/**
 * Consumer group id. Wire name: renaming it starts a new group that reads the users topic from
 * its oldest message (harmless: the projection is an upsert guarded by `updated_at`).
 */
export const RECIPIENT_ZONES_GROUP_ID = "notifications.recipient-zones";

/** user.settings-updated → each user's time zone, for times said on the recipient's clocks. */
export function createRecipientZonesConsumer(bus: Bus, zones: RecipientZones): BusConsumer {
  return bus.consumer({
    groupId: RECIPIENT_ZONES_GROUP_ID,
    handlers: {
      "user.settings-updated": async (event) => zones.settingsUpdated(event.data),
    },
  });
}
