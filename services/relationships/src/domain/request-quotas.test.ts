import { describe, expect, it } from "vitest";
import { mayAskAgain, type RequestQuotas } from "./request-quotas.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const quotas: RequestQuotas = { requestsToPersonPerDay: 3, cooldownAfterDeclineMs: 7 * DAY };
const now = 100 * DAY;
const facts = (earlierRequestsAt: number[], lastDeclinedAt: number | null = null) => ({ requestedEmail: "bo@example.com", earlierRequestsAt, lastDeclinedAt });

describe("asking the same person again", () => {
  it("allows up to the daily number of requests to one person, counting only the last 24 hours", () => {
    expect(mayAskAgain(facts([]), quotas, now)).toEqual({ allowed: true });
    expect(mayAskAgain(facts([now - HOUR, now - 2 * HOUR]), quotas, now)).toEqual({ allowed: true });
    expect(mayAskAgain(facts([now - 25 * HOUR, now - 26 * HOUR, now - 27 * HOUR, now - HOUR]), quotas, now)).toEqual({ allowed: true });
  });

  it("refuses the next one until the oldest of the day leaves the window, saying so in words", () => {
    expect(mayAskAgain(facts([now - 3 * HOUR, now - 2 * HOUR, now - HOUR]), quotas, now)).toEqual({
      allowed: false,
      code: "rate_limited",
      limit: "requests_to_person",
      message: "You have asked bo@example.com 3 times in the last day; try again in 21 hours",
      retryAfterSeconds: 21 * 3600,
    });
    expect(mayAskAgain(facts([now - 60_000]), { ...quotas, requestsToPersonPerDay: 1 }, now)).toMatchObject({
      message: "You have asked bo@example.com once in the last day; try again in 24 hours",
    });
  });

  it("lets a decline stand for the cooldown, whatever the daily count, then allows again", () => {
    expect(mayAskAgain(facts([now - 2 * DAY], now - 2 * DAY), quotas, now)).toEqual({
      allowed: false,
      code: "rate_limited",
      limit: "after_decline",
      message: "bo@example.com declined your last request; you can ask again in 5 days",
      retryAfterSeconds: 5 * 24 * 3600,
    });
    expect(mayAskAgain(facts([now - 8 * DAY], now - 7 * DAY), quotas, now)).toEqual({ allowed: true });
  });
});
