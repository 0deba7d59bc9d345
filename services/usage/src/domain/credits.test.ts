import { describe, expect, it } from "vitest";
import { canCallModel, creditBalance, creditPeriodOf, planOf, thresholdsCrossed, type CreditsPolicy } from "./credits.ts";

const policy: CreditsPolicy = { creditUsd: 0.001, creditsPerMonth: { free: 10, pro: 100 }, proUserIds: new Set(["u-pro"]) };

describe("a user's plan", () => {
  it("is Pro only for the users named, Free for everyone else", () => {
    expect(planOf(policy, "u-pro")).toBe("pro");
    expect(planOf(policy, "u-anyone")).toBe("free");
    expect(planOf({ ...policy, proUserIds: new Set() }, "u-pro")).toBe("free");
  });
});

describe("the credit month", () => {
  it("is the UTC calendar month, its end the next month's first instant", () => {
    expect(creditPeriodOf(new Date("2026-03-15T12:00:00Z"))).toEqual({
      key: "2026-03",
      start: "2026-03-01T00:00:00.000Z",
      endExclusive: "2026-04-01T00:00:00.000Z",
    });
  });

  it("turns at midnight UTC, whatever the local offset", () => {
    expect(creditPeriodOf(new Date("2026-03-31T23:59:59.999Z")).key).toBe("2026-03");
    expect(creditPeriodOf(new Date("2026-03-31T20:00:00-04:00")).key).toBe("2026-04");
  });

  it("runs across a year's end and a leap February", () => {
    expect(creditPeriodOf(new Date("2026-12-05T00:00:00Z"))).toMatchObject({ key: "2026-12", endExclusive: "2027-01-01T00:00:00.000Z" });
    expect(creditPeriodOf(new Date("2028-02-29T10:00:00Z"))).toMatchObject({ key: "2028-02", endExclusive: "2028-03-01T00:00:00.000Z" });
  });
});

describe("a month's credits", () => {
  it("counts the cost in credits, to a hundredth, and what is left", () => {
    // Three gpt-4o-mini answers of about $0.0009 each.
    expect(creditBalance(0.0027, 10, 0.001)).toEqual({ credits_per_month: 10, credits_used: 2.7, credits_left: 7.3, is_over_budget: false });
    expect(creditBalance(0, 10, 0.001)).toEqual({ credits_per_month: 10, credits_used: 0, credits_left: 10, is_over_budget: false });
    expect(creditBalance(0.0000123, 10, 0.001)).toMatchObject({ credits_used: 0.01, credits_left: 9.99 });
  });

  it("is over budget from the moment nothing is left, and never shows a negative balance", () => {
    expect(creditBalance(0.00999, 10, 0.001)).toMatchObject({ credits_used: 9.99, credits_left: 0.01, is_over_budget: false });
    expect(creditBalance(0.01, 10, 0.001)).toMatchObject({ credits_used: 10, credits_left: 0, is_over_budget: true });
    expect(creditBalance(0.0125, 10, 0.001)).toMatchObject({ credits_used: 12.5, credits_left: 0, is_over_budget: true });
  });

  it("allows a model call only while some credit is left", () => {
    expect(canCallModel(creditBalance(0.00999, 10, 0.001))).toBe(true);
    expect(canCallModel(creditBalance(0.01, 10, 0.001))).toBe(false);
    // A plan with no credits allows none.
    expect(canCallModel(creditBalance(0, 0, 0.001))).toBe(false);
  });

  it("is not fooled by float noise in the month's sum", () => {
    // 0.1 + 0.2 style sums land a hair off the round figure.
    expect(creditBalance(0.001 + 0.002 + 0.007, 10, 0.001)).toMatchObject({ credits_used: 10, is_over_budget: true });
    expect(creditBalance(0.0007 + 0.0001, 10, 0.0001)).toMatchObject({ credits_used: 8, credits_left: 2 });
  });
});

describe("the thresholds a new usage crosses", () => {
  const crossed = (beforeUsd: number, afterUsd: number, creditsPerMonth = 10) => thresholdsCrossed({ beforeUsd, afterUsd }, creditsPerMonth, 0.001);

  it("names 80% when the month's credits reach 8 of 10, and only then", () => {
    expect(crossed(0.0079, 0.0081)).toEqual([80]);
    expect(crossed(0.0079, 0.008)).toEqual([80]);
    expect(crossed(0.007, 0.0079)).toEqual([]);
    expect(crossed(0.008, 0.009)).toEqual([]);
  });

  it("names 100% when nothing is left, and both when one call passes both", () => {
    expect(crossed(0.009, 0.01)).toEqual([100]);
    expect(crossed(0.0095, 0.02)).toEqual([100]);
    expect(crossed(0.005, 0.011)).toEqual([80, 100]);
    expect(crossed(0.01, 0.015)).toEqual([]);
  });

  it("measures against the plan's budget", () => {
    expect(crossed(0.0079, 0.0081, 100)).toEqual([]);
    expect(crossed(0.079, 0.081, 100)).toEqual([80]);
  });

  it("names nothing for a call that cost nothing, or a plan with no credits", () => {
    expect(crossed(0.0079, 0.0079)).toEqual([]);
    expect(crossed(0, 0.005, 0)).toEqual([]);
  });
});
