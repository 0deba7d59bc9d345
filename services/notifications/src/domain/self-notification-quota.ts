import { decideSlidingWindow, tryAgainIn, type TRateLimitName } from "@amia/contracts";

/*
 * How many notifications a person may create for themselves (POST /notifications) in any hour
 * (issue 13 point 3): each is stored and pushed live, and one user made 150 in a loop. Counted
 * in the database, deleted ones included, so create-and-delete does not get round it. Waiting
 * lifts it: a 429 with Retry-After. Pure.
 */

/** Reminders a person writes by hand: twenty an hour is plenty, a loop is not. */
export const DEFAULT_SELF_NOTIFICATIONS_PER_HOUR = 20;

export const SELF_NOTIFICATIONS_WINDOW_MS = 60 * 60 * 1000;

export type SelfNotificationVerdict = { allowed: true } | { allowed: false; limit: TRateLimitName; message: string; retryAfterSeconds: number };

/** `earlierAt`: when the person's own notifications of the last hour were created (epoch ms). */
export function mayNotifySelf(earlierAt: readonly number[], perHour: number, now: number): SelfNotificationVerdict {
  const verdict = decideSlidingWindow(earlierAt, perHour, SELF_NOTIFICATIONS_WINDOW_MS, now);
  if (verdict.isAllowed) return { allowed: true };
  return {
    allowed: false,
    limit: "self_notifications",
    message: `You have created ${perHour} notifications in the last hour, the most one person may; ${tryAgainIn(verdict.retryAfterSeconds)}`,
    retryAfterSeconds: verdict.retryAfterSeconds,
  };
}
