import { describe, expect, it } from "vitest";
import { parseConfig } from "@amia/kit";
import { creditsPolicyOf, DEFAULT_CREDITS_POLICY, ZUsageEnvSchema } from "./env.ts";

const parse = (env: Record<string, string>) => parseConfig("usage", ZUsageEnvSchema, env);

describe("the usage service's credit configuration", () => {
  it("defaults to the pricing page: 10 credits on Free, 100 on Pro, a credit of $0.001, nobody on Pro", () => {
    expect(DEFAULT_CREDITS_POLICY).toEqual({ creditUsd: 0.001, creditsPerMonth: { free: 10, pro: 100 }, proUserIds: new Set() });
  });

  it("reads real numbers and the Pro users' ids", () => {
    const env = parse({ AI_CREDIT_USD: "0.0025", AI_CREDITS_FREE: "0", AI_CREDITS_PRO: "250", AI_PRO_USER_IDS: " u-1, u-2 ,," });
    expect(creditsPolicyOf(env)).toEqual({ creditUsd: 0.0025, creditsPerMonth: { free: 0, pro: 250 }, proUserIds: new Set(["u-1", "u-2"]) });
  });

  it("names a malformed value, and never reads an empty one as 0", () => {
    expect(() => parse({ AI_CREDIT_USD: "0" })).toThrow(/AI_CREDIT_USD/);
    expect(() => parse({ AI_CREDIT_USD: "a tenth of a cent" })).toThrow(/AI_CREDIT_USD/);
    expect(() => parse({ AI_CREDITS_PRO: "12.5" })).toThrow(/AI_CREDITS_PRO: must be a whole number/);
    // Outside production an empty variable is unset (the default); in production it is an error.
    expect(parse({ AI_CREDITS_FREE: "" }).AI_CREDITS_FREE).toBe(10);
    const production = { NODE_ENV: "production", MONGO_URL: "mongodb://m:27017/", KAFKA_BROKERS: "k:9092", INTERNAL_JWKS_URL: "http://bff:3000/jwks" };
    expect(() => parse({ ...production, AI_CREDITS_FREE: "" })).toThrow(/AI_CREDITS_FREE: must be a whole number/);
    expect(parse(production).AI_CREDITS_FREE).toBe(10);
  });
});
