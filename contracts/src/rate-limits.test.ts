import { describe, expect, it } from "vitest";
import { decideSlidingWindow, tryAgainIn, waitInWords } from "./rate-limits.ts";

describe("waitInWords", () => {
  it("says a wait in the unit a person would use, rounded up", () => {
    expect(waitInWords(0.2)).toBe("1 second");
    expect(waitInWords(45)).toBe("45 seconds");
    expect(waitInWords(89)).toBe("89 seconds");
    expect(waitInWords(90)).toBe("2 minutes");
    expect(waitInWords(11 * 60 + 5)).toBe("12 minutes");
    expect(waitInWords(60 * 60)).toBe("60 minutes");
    expect(waitInWords(90 * 60)).toBe("2 hours");
    expect(waitInWords(24 * 3600 - 1)).toBe("24 hours");
    expect(waitInWords(36 * 3600)).toBe("2 days");
    expect(waitInWords(7 * 24 * 3600 - 60)).toBe("7 days");
  });

  it("ends a refusal's message", () => {
    expect(tryAgainIn(720)).toBe("try again in 12 minutes");
  });
});

describe("decideSlidingWindow", () => {
  const minute = 60_000;

  it("allows while fewer than the limit are in the window, ignoring those that left it", () => {
    expect(decideSlidingWindow([], 2, minute, 100_000)).toEqual({ isAllowed: true });
    expect(decideSlidingWindow([50_000], 2, minute, 100_000)).toEqual({ isAllowed: true });
    expect(decideSlidingWindow([30_000, 40_000, 50_000], 2, minute, 100_000)).toEqual({ isAllowed: true });
  });

  it("refuses at the limit until enough have left the window, in whole seconds rounded up", () => {
    // 45.5 s and 50 s are in the window; one slot frees when 45.5 s leaves it, at 105.5 s.
    expect(decideSlidingWindow([50_000, 45_500], 2, minute, 100_000)).toEqual({ isAllowed: false, retryAfterSeconds: 6 });
    // Three in the window with a limit of two: two must leave, so the wait is for the second oldest.
    expect(decideSlidingWindow([41_000, 45_000, 50_000], 2, minute, 100_000)).toEqual({ isAllowed: false, retryAfterSeconds: 5 });
  });

  it("never says to retry in zero seconds", () => {
    expect(decideSlidingWindow([40_001], 1, minute, 100_000)).toEqual({ isAllowed: false, retryAfterSeconds: 1 });
  });
});
