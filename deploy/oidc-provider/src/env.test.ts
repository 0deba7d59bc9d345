import { describe, expect, it } from "vitest";
import { parseConfig } from "@amia/kit";
import { listenPortOf, productionRefusal, ZOidcProviderEnvSchema } from "./env.ts";

const parse = (env: Record<string, string>) => parseConfig("oidc-provider", ZOidcProviderEnvSchema, env);

describe("ZOidcProviderEnvSchema", () => {
  it("needs nothing locally: client amia-web, the dev secret, the SPA's and the BFF's callbacks", () => {
    const env = parse({});
    expect(env.OIDC_CLIENT_ID).toBe("amia-web");
    expect(env.OIDC_CLIENT_SECRET).toBe("local-dev-secret");
    expect(env.OIDC_REDIRECT_URIS).toEqual(["http://127.0.0.1:5173/api/v1/auth/callback", "http://127.0.0.1:3000/api/v1/auth/callback"]);
    expect(env.OIDC_PROVIDER_ISSUER).toBeUndefined();
    expect(env.OIDC_PROVIDER_ALLOW_IN_PRODUCTION).toBe(false);
    expect(listenPortOf(env)).toBe(4400);
  });

  it("listens on OIDC_PROVIDER_PORT, else PORT", () => {
    expect(listenPortOf(parse({ PORT: "0" }))).toBe(0);
    expect(listenPortOf(parse({ PORT: "4400", OIDC_PROVIDER_PORT: "4500" }))).toBe(4500);
  });

  it("names a malformed issuer, redirect URI or signing key", () => {
    expect(() => parse({ OIDC_PROVIDER_ISSUER: "http://127.0.0.1:4400/" })).toThrow(/OIDC_PROVIDER_ISSUER: must be an http\(s\) URL/);
    expect(() => parse({ OIDC_REDIRECT_URIS: "http://ok/cb, not a url" })).toThrow(/OIDC_REDIRECT_URIS/);
    expect(() => parse({ OIDC_PROVIDER_SIGNING_KEY: "{}" })).toThrow(/OIDC_PROVIDER_SIGNING_KEY/);
    expect(() => parse({ OIDC_PROVIDER_SIGNING_KEY: "nope" })).toThrow(/OIDC_PROVIDER_SIGNING_KEY: must be a JSON private JWK/);
  });

  it("reads OIDC_PROVIDER_ALLOW_IN_PRODUCTION strictly", () => {
    expect(parse({ OIDC_PROVIDER_ALLOW_IN_PRODUCTION: "true" }).OIDC_PROVIDER_ALLOW_IN_PRODUCTION).toBe(true);
    expect(() => parse({ OIDC_PROVIDER_ALLOW_IN_PRODUCTION: "yes" })).toThrow(/OIDC_PROVIDER_ALLOW_IN_PRODUCTION/);
  });
});

describe("productionRefusal", () => {
  it("refuses production unless explicitly allowed, naming the variable", () => {
    expect(productionRefusal({ NODE_ENV: "production", OIDC_PROVIDER_ALLOW_IN_PRODUCTION: false })).toMatch(/^OIDC_PROVIDER_ALLOW_IN_PRODUCTION/);
    expect(productionRefusal({ NODE_ENV: "production", OIDC_PROVIDER_ALLOW_IN_PRODUCTION: true })).toBeUndefined();
    expect(productionRefusal({ NODE_ENV: "development", OIDC_PROVIDER_ALLOW_IN_PRODUCTION: false })).toBeUndefined();
    expect(productionRefusal({ NODE_ENV: "test", OIDC_PROVIDER_ALLOW_IN_PRODUCTION: false })).toBeUndefined();
  });
});
