import { describe, expect, it } from "vitest";
import { creditsSummary, formatCredits, overBudgetMessage, renewalDay } from "./ai-credits.ts";

describe("AI credits", () => {
  it("shows whole and fractional credits as they are, to a hundredth", () => {
    expect(formatCredits(3)).toBe("3");
    expect(formatCredits(2.5)).toBe("2.5");
    expect(formatCredits(0.75)).toBe("0.75");
    expect(formatCredits(1000)).toBe("1,000");
  });

  it("says how many of the month's credits are used and how many are left", () => {
    expect(creditsSummary({ credits_used: 3, credits_per_month: 10, credits_left: 7 })).toBe("3 of 10 AI credits used · 7 left");
    expect(creditsSummary({ credits_used: 8.75, credits_per_month: 100, credits_left: 91.25 })).toBe("8.75 of 100 AI credits used · 91.25 left");
    expect(creditsSummary({ credits_used: 12.5, credits_per_month: 10, credits_left: 0 })).toBe("12.5 of 10 AI credits used · 0 left");
  });

  it("names the renewal day in UTC, where the month turns", () => {
    expect(renewalDay({ period_end: "2026-04-01T00:00:00.000Z" })).toBe("Apr 1, 2026");
  });

  it("tells an over-budget user until when the assistant works offline, and nobody else", () => {
    expect(overBudgetMessage({ is_over_budget: true, period_end: "2026-04-01T00:00:00.000Z" })).toBe(
      "You have used all your AI credits this month. The assistant works offline until Apr 1, 2026.",
    );
    expect(overBudgetMessage({ is_over_budget: false, period_end: "2026-04-01T00:00:00.000Z" })).toBeNull();
  });
});
