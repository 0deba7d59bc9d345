import { describe, expect, it } from "vitest";
import { bffConfig, parseBffEnv } from "./env.ts";

const production = {
  NODE_ENV: "production",
  REDIS_URL: "redis://redis:6379",
  KAFKA_BROKERS: "kafka:9092",
  PUBLIC_ORIGIN: "https://amia.example",
  OIDC_ISSUER: "https://accounts.google.com",
  OIDC_CLIENT_ID: "client",
  OIDC_CLIENT_SECRET: "secret",
  INTERNAL_JWT_PRIVATE_JWK: JSON.stringify({ kty: "EC", crv: "P-256", x: "x", y: "y", d: "d", kid: "2026-01" }),
  IDENTITY_URL: "http://identity:4001",
  RELATIONSHIPS_URL: "http://relationships:4002",
  EVENTS_URL: "http://events:4003",
  NOTIFICATIONS_URL: "http://notifications:4004",
  AGENT_URL: "http://agent:4005",
  USAGE_URL: "http://usage:4006",
  CALENDAR_URL: "http://calendar:4007",
  RECIPES_URL: "http://recipes:4008",
};

describe("the BFF's configuration", () => {
  it("needs nothing outside production: the local stack, a callback on the SPA's origin, a plain-http cookie", () => {
    const config = bffConfig(parseBffEnv({}));
    expect(config.publicOrigin).toBe("http://127.0.0.1:5173");
    expect(config.redirectUri).toBe("http://127.0.0.1:5173/api/v1/auth/callback");
    expect(config.isSecureCookie).toBe(false);
    expect(config.serviceUrls.identity).toEqual(["http://127.0.0.1:4001"]);
    expect(config.env.OIDC_SCOPES).toEqual(["openid", "email", "profile", "https://www.googleapis.com/auth/calendar.events"]);
    expect(config.env.INTERNAL_JWT_PRIVATE_JWK).toBeUndefined();
  });

  it("accepts a complete production environment; the cookie is Secure behind https", () => {
    const config = bffConfig(parseBffEnv(production));
    expect(config.isSecureCookie).toBe(true);
    expect(config.redirectUri).toBe("https://amia.example/api/v1/auth/callback");
    expect(config.env.INTERNAL_JWT_PRIVATE_JWK?.kid).toBe("2026-01");
  });

  it("takes a service's replicas as a comma-separated list of URLs, each checked and named when wrong", () => {
    const config = bffConfig(parseBffEnv({ EVENTS_URL: "http://127.0.0.1:4003, http://127.0.0.1:4103/" }));
    expect(config.serviceUrls.events).toEqual(["http://127.0.0.1:4003", "http://127.0.0.1:4103"]);
    expect(() => parseBffEnv({ EVENTS_URL: "http://127.0.0.1:4003,127.0.0.1:4103" })).toThrow(/EVENTS_URL\.1: /);
    expect(() => parseBffEnv({ EVENTS_URL: "http://127.0.0.1:4003,ftp://127.0.0.1:4103" })).toThrow(/EVENTS_URL\.1: must be an http\(s\) URL/);
    expect(() => parseBffEnv({ EVENTS_URL: "http://127.0.0.1:4003,http://127.0.0.1:4003/" })).toThrow(/EVENTS_URL: lists the same URL twice/);
    expect(() => parseBffEnv({ EVENTS_URL: " , " })).toThrow(/EVENTS_URL: must list at least one value/);
  });

  it("in production defaults no place and no secret, and names each one missing", () => {
    const { OIDC_CLIENT_SECRET: _secret, EVENTS_URL: _events, ...rest } = production;
    expect(() => parseBffEnv(rest)).toThrow(/OIDC_CLIENT_SECRET is not set[\s\S]*EVENTS_URL is not set/);
  });

  it("in production requires a signing key, unless a per-start key is explicitly allowed", () => {
    const { INTERNAL_JWT_PRIVATE_JWK: _key, ...rest } = production;
    expect(() => parseBffEnv(rest)).toThrow(/INTERNAL_JWT_PRIVATE_JWK is not set/);
    expect(parseBffEnv({ ...rest, INTERNAL_JWT_ALLOW_EPHEMERAL_KEY: "true" }).INTERNAL_JWT_PRIVATE_JWK).toBeUndefined();
  });

  it("refuses a key that is not a private ES256/EdDSA JWK with a kid, and previous keys that are private", () => {
    expect(() => parseBffEnv({ INTERNAL_JWT_PRIVATE_JWK: "{not json" })).toThrow(/INTERNAL_JWT_PRIVATE_JWK: must be JSON/);
    expect(() => parseBffEnv({ INTERNAL_JWT_PRIVATE_JWK: JSON.stringify({ kty: "oct", k: "c2VjcmV0" }) })).toThrow(/INTERNAL_JWT_PRIVATE_JWK/);
    expect(() => parseBffEnv({ INTERNAL_JWT_PREVIOUS_PUBLIC_JWKS: JSON.stringify([{ kty: "EC", crv: "P-256", x: "x", y: "y", d: "d", kid: "old" }]) })).toThrow(/INTERNAL_JWT_PREVIOUS_PUBLIC_JWKS/);
  });

  it("allows a plain-http issuer only on loopback", () => {
    expect(parseBffEnv({ OIDC_ISSUER: "http://localhost:4400" }).OIDC_ISSUER).toBe("http://localhost:4400");
    expect(() => parseBffEnv({ OIDC_ISSUER: "http://idp.example" })).toThrow(/OIDC_ISSUER: must be https/);
    // Not a URL at all: named, not a crash of the parser.
    expect(() => parseBffEnv({ OIDC_ISSUER: "127.0.0.1:4400", PUBLIC_ORIGIN: "localhost:5173" })).toThrow(/PUBLIC_ORIGIN: must be an origin[\s\S]*OIDC_ISSUER: Invalid URL/);
  });

  it("counts a name under .localhost as loopback (docker-compose.yml's issuer), and not a name that merely ends in localhost", () => {
    expect(parseBffEnv({ OIDC_ISSUER: "http://oidc.localhost:4400" }).OIDC_ISSUER).toBe("http://oidc.localhost:4400");
    expect(() => parseBffEnv({ OIDC_ISSUER: "http://evillocalhost:4400" })).toThrow(/OIDC_ISSUER: must be https/);
    expect(() => parseBffEnv({ OIDC_ISSUER: "http://oidc.localhost.example:4400" })).toThrow(/OIDC_ISSUER: must be https/);
  });

  it("wants an origin, not a URL with a path, and scopes that include openid", () => {
    expect(() => parseBffEnv({ PUBLIC_ORIGIN: "https://amia.example/app" })).toThrow(/PUBLIC_ORIGIN: must be an origin/);
    expect(() => parseBffEnv({ OIDC_SCOPES: "email profile" })).toThrow(/OIDC_SCOPES: must include openid/);
  });
});
