import { decideSlidingWindow, tryAgainIn, waitInWords, type TRateLimitName } from "@amia/contracts";

/*
 * How often one person may ask the same person to connect (issue 13 point 3): every request
 * notifies its recipient, so sending and withdrawing in a loop must not flood them. Counted from
 * the stored requests (withdrawn ones included), so the limits hold whichever way a request
 * came in (the web app, the assistant, the API). Pure.
 */

export interface RequestQuotas {
  /** Requests from one person to one email (or its account) in any 24 hours, withdrawn ones included. */
  requestsToPersonPerDay: number;
  /** After someone declines, how long before the same person may ask them again. */
  cooldownAfterDeclineMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Three tries a day covers a typo'd first attempt and a withdrawn one; a week lets a "no" stand. */
export const DEFAULT_REQUEST_QUOTAS: RequestQuotas = {
  requestsToPersonPerDay: 3,
  cooldownAfterDeclineMs: 7 * DAY_MS,
};

/** The window `requestsToPersonPerDay` counts over. */
export const REQUESTS_TO_PERSON_WINDOW_MS = DAY_MS;

export interface QuotaFacts {
  /** Trimmed and lower-cased, as the request names it. */
  requestedEmail: string;
  /** When the requester's earlier requests to this person were made (epoch ms), any state. */
  earlierRequestsAt: readonly number[];
  /** When this person last declined a request from the requester (epoch ms), if ever. */
  lastDeclinedAt: number | null;
}

export type QuotaVerdict = { allowed: true } | { allowed: false; code: "rate_limited"; limit: TRateLimitName; message: string; retryAfterSeconds: number };

/** A decline first (the longer, and the more telling, wait); then the daily count. */
export function mayAskAgain(facts: QuotaFacts, quotas: RequestQuotas, now: number): QuotaVerdict {
  if (facts.lastDeclinedAt !== null && facts.lastDeclinedAt + quotas.cooldownAfterDeclineMs > now) {
    const retryAfterSeconds = Math.max(1, Math.ceil((facts.lastDeclinedAt + quotas.cooldownAfterDeclineMs - now) / 1000));
    return {
      allowed: false,
      code: "rate_limited",
      limit: "after_decline",
      message: `${facts.requestedEmail} declined your last request; you can ask again in ${waitInWords(retryAfterSeconds)}`,
      retryAfterSeconds,
    };
  }
  const daily = decideSlidingWindow(facts.earlierRequestsAt, quotas.requestsToPersonPerDay, REQUESTS_TO_PERSON_WINDOW_MS, now);
  if (!daily.isAllowed) {
    const times = quotas.requestsToPersonPerDay === 1 ? "once" : `${quotas.requestsToPersonPerDay} times`;
    return {
      allowed: false,
      code: "rate_limited",
      limit: "requests_to_person",
      message: `You have asked ${facts.requestedEmail} ${times} in the last day; ${tryAgainIn(daily.retryAfterSeconds)}`,
      retryAfterSeconds: daily.retryAfterSeconds,
    };
  }
  return { allowed: true };
}
