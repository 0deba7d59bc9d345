import { describe, expect, it } from "vitest";
import type { UserServices } from "../tools/user-services.ts";
import { checkCredits, createCreditsChecker, offlineBecause } from "./credits.ts";

const usage = (answers: Array<{ status: number; body?: unknown }>): UserServices & { asked: number } => {
  const services = {
    asked: 0,
    call: async () => answers[Math.min(services.asked++, answers.length - 1)]!,
  };
  return services as UserServices & { asked: number };
};

/** The usage service's answer (contracts' ZAiCreditsResponseSchema) for a Free user. */
const credits = (overrides: Record<string, unknown>) => ({
  plan: "free",
  credits_per_month: 10,
  credits_used: 7,
  credits_left: 3,
  period_start: "2026-11-01T00:00:00Z",
  period_end: "2026-12-01T00:00:00Z",
  is_over_budget: false,
  ...overrides,
});

describe("the AI credit check", () => {
  it("reads the usage service's verdict; anything else is unknown", async () => {
    expect(await checkCredits(usage([{ status: 200, body: credits({}) }]))).toEqual({ kind: "allowed" });
    expect(await checkCredits(usage([{ status: 200, body: credits({ credits_used: 10, credits_left: 0, is_over_budget: true }) }]))).toEqual({ kind: "over_budget", creditsPerMonth: 10, periodEnd: "2026-12-01T00:00:00Z" });
    expect(await checkCredits(usage([{ status: 503 }]))).toEqual({ kind: "unknown" });
    expect(await checkCredits(usage([{ status: 200, body: { is_over_budget: false } }]))).toEqual({ kind: "unknown" });
  });

  it("trusts an 'allowed' answer for a short while, never an over-budget one", async () => {
    let now = 0;
    const checker = createCreditsChecker({ allowedForMs: 10_000, nowMs: () => now });
    const allowed = usage([{ status: 200, body: credits({}) }]);
    await checker.check("u1", allowed);
    await checker.check("u1", allowed);
    expect(allowed.asked).toBe(1);
    now = 10_000;
    await checker.check("u1", allowed);
    expect(allowed.asked).toBe(2);

    const over = usage([{ status: 200, body: credits({ credits_used: 10, credits_left: 0, is_over_budget: true }) }]);
    await checker.check("u2", over);
    await checker.check("u2", over);
    expect(over.asked).toBe(2);
  });

  it("says why the offline assistant answers", () => {
    expect(offlineBecause({ kind: "over_budget", creditsPerMonth: 10, periodEnd: "2026-12-01T00:00:00Z" })).toMatch(/used all 10 of this month's AI credits.*until 1 December/);
    expect(offlineBecause({ kind: "unknown" })).toMatch(/couldn't check your AI credits/);
  });
});
