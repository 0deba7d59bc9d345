import { z } from "zod";

/*
 * Limits on how much one person may do (issue 13): how a wait is said in words, and the one
 * sliding-window rule the BFF's rate limits and the services' quotas both decide with. Pure.
 * The numbers themselves live with their owners (bff/src/env.ts, each service's domain/).
 */

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;

function unit(count: number, singular: string): string {
  return `${count} ${singular}${count === 1 ? "" : "s"}`;
}

/**
 * A wait in the unit a person would use: seconds under a minute and a half, minutes under an
 * hour and a half, hours under a day and a half, else days. Always rounded up, so trying again
 * at the time said never meets the same refusal ("12 minutes", "24 hours", "7 days").
 */
export function waitInWords(seconds: number): string {
  const wait = Math.max(1, Math.ceil(seconds));
  if (wait < 90) return unit(wait, "second");
  if (wait < 90 * MINUTE_S) return unit(Math.ceil(wait / MINUTE_S), "minute");
  if (wait < 36 * HOUR_S) return unit(Math.ceil(wait / HOUR_S), "hour");
  return unit(Math.ceil(wait / DAY_S), "day");
}

/** "try again in 12 minutes": the end of every 429's message. */
export function tryAgainIn(seconds: number): string {
  return `try again in ${waitInWords(seconds)}`;
}

export type TWindowVerdict = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

/**
 * Whether one more may happen when `limit` are allowed in any `windowMs`, given the instants
 * (epoch ms, any order) of those already counted. Refused, it says how long until the oldest
 * that keeps the count at the limit leaves the window: whole seconds, at least 1.
 */
export function decideSlidingWindow(instants: readonly number[], limit: number, windowMs: number, now: number): TWindowVerdict {
  const inWindow = instants.filter((at) => at > now - windowMs).sort((a, b) => a - b);
  if (inWindow.length < limit) return { isAllowed: true };
  // Below the limit again once all but `limit - 1` of them have left the window.
  const freesSlot = inWindow[inWindow.length - limit]!;
  return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freesSlot + windowMs - now) / 1000)) };
}

/**
 * Which limit refused a 429, in its `details.limit`, so a client can say which in its own words.
 * Wire names: never rename one; add new ones at the end.
 */
export const RATE_LIMIT_NAMES = [
  "writes", // any change, per person per minute (BFF)
  "relationship_requests", // relationship requests sent, per person per hour (BFF)
  "requests_to_person", // relationship requests to one email per day, withdrawn ones included (relationships)
  "after_decline", // asking again someone who declined, within the cooldown (relationships)
  "self_notifications", // notifications a person creates for themselves, per hour (notifications)
  "notification_streams", // live notification streams open at once (BFF)
] as const;
export type TRateLimitName = (typeof RATE_LIMIT_NAMES)[number];

/**
 * `details` of a 429 from a named limit. `limit` is a plain string here, so a body naming a
 * limit this build does not know still parses. Retry-After carries the same wait.
 */
export const ZRateLimitedDetailsSchema = z.object({
  limit: z.string(),
  retry_after_seconds: z.number().int().min(1),
});
export type TRateLimitedDetails = z.infer<typeof ZRateLimitedDetailsSchema>;
