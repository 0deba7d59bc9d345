import { describe, expect, it } from "vitest";
import { handlerRetryDelayMs } from "./handler-backoff.ts";

const backoff = { initialDelayMs: 200, maxDelayMs: 30_000 };

describe("handlerRetryDelayMs", () => {
  it("doubles from the initial delay, each wait between half its step and the step", () => {
    expect([1, 2, 3].map((attempt) => handlerRetryDelayMs(attempt, backoff, () => 0))).toEqual([100, 200, 400]);
    expect([1, 2, 3].map((attempt) => handlerRetryDelayMs(attempt, backoff, () => 1))).toEqual([200, 400, 800]);
  });

  it("stays at the cap however long the failure lasts, and never gives up", () => {
    expect(handlerRetryDelayMs(20, backoff, () => 1)).toBe(30_000);
    expect(handlerRetryDelayMs(10_000, backoff, () => 0)).toBe(15_000);
  });
});
