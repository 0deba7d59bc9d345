import { describe, expect, it } from "vitest";
import { PRICING_CONTACT_MESSAGE, PRICING_TIERS, PRICING_TOAST_MS } from "./pricing-tiers.ts";

describe("pricing tiers (SPEC section 2, Pricing page)", () => {
  it("offers Free at $0/month, Pro at $9/month (best value) and Legend on request", () => {
    const [free, pro, legend] = PRICING_TIERS;
    expect(PRICING_TIERS).toHaveLength(3);
    expect([free?.name, free?.price, free?.period]).toEqual(["Free", "$0", "/month"]);
    expect([pro?.name, pro?.price, pro?.period, pro?.isBestValue]).toEqual(["Pro", "$9", "/month", true]);
    expect(legend?.name).toBe("Legend");
    expect(legend?.period).toBeUndefined();
    expect(PRICING_TIERS.filter((tier) => tier.isBestValue)).toHaveLength(1);
  });

  it("gives 10 AI credits on Free and 100 on Pro", () => {
    expect(PRICING_TIERS[0]?.features).toContain("10 AI credits a month");
    expect(PRICING_TIERS[1]?.features).toContain("100 AI credits a month");
  });

  it("signs up from Free and shows the contact toast from Pro and Legend", () => {
    expect(PRICING_TIERS.map((tier) => tier.action.label)).toEqual(["Get Started", "Contact Us", "Contact Us"]);
    expect(PRICING_TIERS[0]?.action).toMatchObject({ to: "/login" });
  });

  it("keeps the contact toast up for 10 seconds with the trial message", () => {
    expect(PRICING_TOAST_MS).toBe(10_000);
    expect(PRICING_CONTACT_MESSAGE).toMatch(/currently being trialled/);
    expect(PRICING_CONTACT_MESSAGE).toMatch(/check back soon/);
    expect(PRICING_CONTACT_MESSAGE).toMatch(/free tier/);
  });
});
