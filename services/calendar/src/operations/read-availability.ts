import { DEFAULT_USER_SETTINGS, type TAvailabilityBody, type TAvailabilityResponse, type TPersonAvailability } from "@amia/contracts";
import { availabilityVisibility } from "../domain/availability-rules.ts";
import { NotConnectedError, ReconnectRequiredError, type GoogleCalendar } from "../google/google-calendar.ts";
import type { SharingProjection } from "../store/sharing-projection.ts";

/**
 * The caller's and the named people's availability in a window: zone, working hours and (where
 * the rules allow) busy intervals from each person's Google freeBusy, which holds no event detail.
 * A Google failure other than a missing connection fails the whole answer (upstream), rather than
 * passing someone off as free.
 */
export async function readAvailability(
  { google, sharing }: { google: GoogleCalendar; sharing: SharingProjection },
  callerId: string,
  body: TAvailabilityBody,
): Promise<TAvailabilityResponse> {
  const others = [...new Set(body.user_ids)].filter((id) => id !== callerId);
  const everyone = [callerId, ...others];
  const [settings, connected] = await Promise.all([sharing.settingsOf(everyone), sharing.connectedAmong(callerId, others)]);
  const range = { timeMin: body.timeMin, timeMax: body.timeMax };

  const people = await Promise.all(
    everyone.map(async (userId): Promise<TPersonAvailability> => {
      const own = settings.get(userId) ?? DEFAULT_USER_SETTINGS;
      const visibility = availabilityVisibility({ isCaller: userId === callerId, isConnected: connected.has(userId), sharesFreeBusy: own.share_free_busy });
      const shown = visibility.mayReadSettings ? { time_zone: own.time_zone, working_hours: own.working_hours } : { time_zone: null, working_hours: null };
      if (!visibility.mayReadBusy) return { user_id: userId, ...shown, shared: false, reason: visibility.reason };
      const busy = await busyOrNotConnected(google, userId, range);
      if (!busy) return { user_id: userId, ...shown, shared: false, reason: "calendar_not_connected" };
      return { user_id: userId, ...shown, shared: true, reason: null, busy };
    }),
  );
  return { people };
}

/** The person's busy intervals (start and end only), or null when we hold no working Google connection. */
async function busyOrNotConnected(google: GoogleCalendar, userId: string, range: { timeMin: string; timeMax: string }) {
  try {
    return (await google.busy(userId, range)).map(({ start, end }) => ({ start, end }));
  } catch (error) {
    if (error instanceof NotConnectedError || error instanceof ReconnectRequiredError) return null;
    throw error;
  }
}
