import { describe, expect, it } from "vitest";
import { decideRate, rateWindowOf } from "./rate-limit.ts";

describe("rateWindowOf", () => {
  it("puts instants of one minute in one window and says how long it has left", () => {
    expect(rateWindowOf(120_000, 60_000)).toEqual({ index: 2, remainingMs: 60_000 });
    expect(rateWindowOf(179_999, 60_000)).toEqual({ index: 2, remainingMs: 1 });
    expect(rateWindowOf(180_000, 60_000)).toEqual({ index: 3, remainingMs: 60_000 });
  });
});

describe("decideRate", () => {
  const window = { index: 7, remainingMs: 12_300 };

  it("allows up to the limit, counting this request", () => {
    expect(decideRate(1, 3, window)).toEqual({ isAllowed: true });
    expect(decideRate(3, 3, window)).toEqual({ isAllowed: true });
  });

  it("refuses past the limit until the window ends, in whole seconds rounded up", () => {
    expect(decideRate(4, 3, window)).toEqual({ isAllowed: false, retryAfterSeconds: 13 });
  });

  it("never says to retry in zero seconds", () => {
    expect(decideRate(4, 3, { index: 7, remainingMs: 1 })).toEqual({ isAllowed: false, retryAfterSeconds: 1 });
  });
});
