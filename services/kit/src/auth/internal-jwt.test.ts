import { describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { createService } from "../http/create-service.ts";
import { createTestAuthority } from "../testing/auth.ts";
import { quietLogger } from "../testing/isolation.ts";
import { jsonOf } from "../testing/http.ts";
import { createExpiringCache, createTokenMinter, serviceAuth } from "./internal-jwt.ts";
import { decodeJwt, generateKeyPair } from "jose";

async function buildApp() {
  const authority = await createTestAuthority();
  const auth = serviceAuth({ keys: authority.keys, audience: "events", issuer: authority.issuer });
  const app = createService({ name: "events", logger: quietLogger() });
  app.get("/api/me", auth.requireUser, (c) => c.json(c.var.user));
  app.get("/internal/ping", auth.requireService, (c) => c.json(c.var.user));
  return { app, authority };
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe("internal auth", () => {
  it("lets a user token for this service through and exposes the user", async () => {
    const { app, authority } = await buildApp();
    const token = await authority.mint({ id: "user-1", email: "ana@example.com", kind: "user" }, "events");
    const response = await app.request("/api/me", bearer(token));
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toEqual({ id: "user-1", email: "ana@example.com", kind: "user" });
  });

  it("refuses a request without a token", async () => {
    const { app } = await buildApp();
    const response = await app.request("/api/me");
    expect(response.status).toBe(401);
    expect(await jsonOf(response)).toMatchObject({ code: "unauthorized", message: "Missing internal token" });
  });

  it("refuses a token minted for another service", async () => {
    const { app, authority } = await buildApp();
    const token = await authority.mint({ id: "user-1", kind: "user" }, "usage");
    const response = await app.request("/api/me", bearer(token));
    expect(response.status).toBe(401);
    expect((await jsonOf(response)).details.reason).toBe("ERR_JWT_CLAIM_VALIDATION_FAILED");
  });

  it("refuses a token signed by someone else's key", async () => {
    const { app } = await buildApp();
    const stranger = await createTestAuthority();
    const token = await stranger.mint({ id: "user-1", kind: "user" }, "events");
    expect((await app.request("/api/me", bearer(token))).status).toBe(401);
  });

  it("refuses an HMAC token even if its claims look right", async () => {
    const { app } = await buildApp();
    const token = await new SignJWT({ kind: "user" }).setProtectedHeader({ alg: "HS256" }).setSubject("user-1").setIssuer("amia-bff")
      .setAudience("events").setIssuedAt().setExpirationTime("1m").sign(new TextEncoder().encode("x".repeat(32)));
    expect((await app.request("/api/me", bearer(token))).status).toBe(401);
  });

  it("keeps service tokens off user routes and user tokens off internal routes", async () => {
    const { app, authority } = await buildApp();
    const serviceToken = await authority.mint({ id: "bff", kind: "service" }, "events");
    const userToken = await authority.mint({ id: "user-1", kind: "user" }, "events");

    const asService = await app.request("/api/me", bearer(serviceToken));
    expect(asService.status).toBe(403);
    expect((await jsonOf(asService)).message).toBe("This route acts for a signed-in user");
    const asUser = await app.request("/internal/ping", bearer(userToken));
    expect(asUser.status).toBe(403);
    expect((await jsonOf(asUser)).message).toBe("This route is for internal services only");
    expect(await jsonOf(await app.request("/internal/ping", bearer(serviceToken)))).toEqual({ id: "bff", kind: "service" });
  });

  it("still refuses, on a later call, a token that was refused the first time", async () => {
    const { app, authority } = await buildApp();
    const forCalendar = await authority.mint({ id: "user-1", kind: "user" }, "calendar");
    expect((await app.request("/api/me", bearer(forCalendar))).status).toBe(401);
    expect((await app.request("/api/me", bearer(forCalendar))).status).toBe(401);
  });
});

describe("token minter", () => {
  async function minterAt(clock: { ms: number }) {
    const { privateKey } = await generateKeyPair("ES256");
    return createTokenMinter({ privateKey, kid: "k1", alg: "ES256", issuer: "amia-bff", ttlSeconds: 60, now: () => clock.ms });
  }

  it("hands out the same token for the same user and audience during the first half of its life", async () => {
    const clock = { ms: 1_700_000_000_000 };
    const mint = await minterAt(clock);
    const first = await mint({ id: "user-1", kind: "user" }, "events");
    clock.ms += 29_000;
    expect(await mint({ id: "user-1", kind: "user" }, "events")).toBe(first);
    expect(await mint({ id: "user-2", kind: "user" }, "events")).not.toBe(first);
    expect(await mint({ id: "user-1", kind: "user" }, ["events", "calendar"])).not.toBe(first);
    clock.ms += 1_000;
    const fresh = await mint({ id: "user-1", kind: "user" }, "events");
    expect(fresh).not.toBe(first);
    expect(decodeJwt(fresh).iat).toBe(decodeJwt(first).iat! + 30);
    expect(decodeJwt(fresh).exp).toBe(decodeJwt(fresh).iat! + 60);
  });
});

describe("expiring cache", () => {
  it("forgets entries at their own time and the oldest when full", () => {
    const clock = { ms: 0 };
    const cache = createExpiringCache<string>(2, () => clock.ms);
    cache.set("a", "A", 100);
    cache.set("b", "B", 50);
    expect(cache.get("a")).toBe("A");
    clock.ms = 50;
    expect(cache.get("b")).toBeUndefined();
    cache.set("c", "C", 100);
    cache.set("d", "D", 100);
    expect([cache.get("a"), cache.get("c"), cache.get("d")]).toEqual([undefined, "C", "D"]);
  });
});
