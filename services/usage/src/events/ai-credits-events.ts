import { createEvent } from "@amia/kit";
import type { TAiCreditsThresholdReachedData, TEventOf } from "@amia/contracts";

/** The envelope's `producer`. */
export const PRODUCER = "usage";

/** Keyed by the user, so one user's announcements stay in order. */
export function creditsThresholdReached(data: TAiCreditsThresholdReachedData): TEventOf<"ai-credits.threshold-reached"> {
  return createEvent(PRODUCER, "ai-credits.threshold-reached", { subject: data.user_id, actor_id: data.user_id, data });
}
