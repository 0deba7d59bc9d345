import { exportJWK, generateKeyPair, createLocalJWKSet } from "jose";
import { describe, expect, it } from "vitest";
import { verifyInternalToken } from "@amia/kit";
import { quietLogger } from "@amia/kit/testing";
import { parseBffEnv } from "../env.ts";
import { loadInternalKeys } from "./internal-keys.ts";

async function privateJwk(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  return { private: { ...(await exportJWK(privateKey)), kid }, public: { ...(await exportJWK(publicKey)), kid } };
}

describe("the BFF's internal signing keys", () => {
  it("signs with the configured key and publishes its public half, then the previous keys", async () => {
    const current = await privateJwk("2026-02");
    const previous = await privateJwk("2026-01");
    const env = parseBffEnv({ INTERNAL_JWT_PRIVATE_JWK: JSON.stringify(current.private), INTERNAL_JWT_PREVIOUS_PUBLIC_JWKS: JSON.stringify([previous.public]) });

    const keys = await loadInternalKeys(env, quietLogger());

    expect(keys.kid).toBe("2026-02");
    expect(keys.jwks.keys.map((key) => key.kid)).toEqual(["2026-02", "2026-01"]);
    expect(keys.jwks.keys.every((key) => key.d === undefined)).toBe(true);
    const token = await keys.mint({ id: "user-1", email: "ana@example.com", kind: "user" }, "events");
    const verified = await verifyInternalToken(token, { keys: createLocalJWKSet(keys.jwks), audience: "events", issuer: "amia-bff" });
    expect(verified).toEqual({ id: "user-1", email: "ana@example.com", kind: "user" });
    await expect(verifyInternalToken(token, { keys: createLocalJWKSet(keys.jwks), audience: "relationships", issuer: "amia-bff" })).rejects.toThrow();
  });

  it("mints short-lived tokens (60 s) naming the key", async () => {
    const keys = await loadInternalKeys(parseBffEnv({}), quietLogger());
    const token = await keys.mint({ id: "bff", kind: "service" }, "identity");
    const [header, payload] = token.split(".").slice(0, 2).map((part) => JSON.parse(Buffer.from(part, "base64url").toString()));
    expect(header).toMatchObject({ alg: "ES256", kid: keys.kid });
    expect(payload).toMatchObject({ sub: "bff", kind: "service", aud: "identity", iss: "amia-bff" });
    expect(payload.exp - payload.iat).toBe(60);
  });
});
