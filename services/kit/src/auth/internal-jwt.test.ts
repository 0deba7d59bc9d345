import { describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { createService } from "../http/create-service.ts";
import { createTestAuthority } from "../testing/auth.ts";
import { quietLogger } from "../testing/isolation.ts";
import { jsonOf } from "../testing/http.ts";
import { internalAuth } from "./internal-jwt.ts";

async function buildApp() {
  const authority = await createTestAuthority();
  const app = createService({ name: "events", logger: quietLogger() });
  app.use("/api/*", internalAuth({ keys: authority.keys, audience: "events", issuer: authority.issuer }));
  app.get("/api/me", (c) => c.json(c.var.user));
  return { app, authority };
}

describe("internalAuth", () => {
  it("lets a token for this service through and exposes the user", async () => {
    const { app, authority } = await buildApp();
    const token = await authority.mint({ id: "user-1", email: "ana@example.com" }, "events");
    const response = await app.request("/api/me", { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toEqual({ id: "user-1", email: "ana@example.com" });
  });

  it("refuses a request without a token", async () => {
    const { app } = await buildApp();
    const response = await app.request("/api/me");
    expect(response.status).toBe(401);
    expect(await jsonOf(response)).toMatchObject({ code: "unauthorized", message: "Missing internal token" });
  });

  it("refuses a token minted for another service", async () => {
    const { app, authority } = await buildApp();
    const token = await authority.mint({ id: "user-1" }, "usage");
    const response = await app.request("/api/me", { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(401);
    expect((await jsonOf(response)).details.reason).toBe("ERR_JWT_CLAIM_VALIDATION_FAILED");
  });

  it("refuses a token signed by someone else's key", async () => {
    const { app } = await buildApp();
    const stranger = await createTestAuthority();
    const token = await stranger.mint({ id: "user-1" }, "events");
    expect((await app.request("/api/me", { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it("refuses an HMAC token even if its claims look right", async () => {
    const { app } = await buildApp();
    const token = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setSubject("user-1").setIssuer("amia-bff")
      .setAudience("events").setIssuedAt().setExpirationTime("1m").sign(new TextEncoder().encode("x".repeat(32)));
    expect((await app.request("/api/me", { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});
