import { describe, expect, it } from "vitest";
import { parseConfig } from "@amia/kit";
import { mfaEncryptionKeyOf, ZIdentityEnvSchema } from "./env.ts";

const base = { MONGO_URL: "mongodb://db:27017/", KAFKA_BROKERS: "kafka:9092", INTERNAL_JWKS_URL: "https://bff.internal/.well-known/jwks.json" };
const DEV_KEY = Buffer.from("amia-local-dev-mfa-key-32-bytes!").toString("base64");

describe("identity's environment: the second factor's key", () => {
  it("uses the development key outside production when none is set", () => {
    const env = parseConfig("identity", ZIdentityEnvSchema, { NODE_ENV: "development" });
    expect(mfaEncryptionKeyOf(env).toString("base64")).toBe(DEV_KEY);
  });

  it("requires a key of its own in production, and refuses the development one", () => {
    expect(() => parseConfig("identity", ZIdentityEnvSchema, { ...base, NODE_ENV: "production" })).toThrow(/MFA_ENCRYPTION_KEY is not set/);
    expect(() => parseConfig("identity", ZIdentityEnvSchema, { ...base, NODE_ENV: "production", MFA_ENCRYPTION_KEY: DEV_KEY })).toThrow(/MFA_ENCRYPTION_KEY: must not be the development key/);
    expect(() => parseConfig("identity", ZIdentityEnvSchema, { ...base, NODE_ENV: "production", MFA_ENCRYPTION_KEY: "c2hvcnQ=" })).toThrow(/MFA_ENCRYPTION_KEY: must be 32 bytes/);
    const key = Buffer.alloc(32, 7).toString("base64");
    expect(mfaEncryptionKeyOf(parseConfig("identity", ZIdentityEnvSchema, { ...base, NODE_ENV: "production", MFA_ENCRYPTION_KEY: key })).toString("base64")).toBe(key);
  });
});
