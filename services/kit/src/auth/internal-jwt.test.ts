import { describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { createService } from "../http/create-service.ts";
import { createTestAuthority } from "../testing/auth.ts";
import { quietLogger } from "../testing/isolation.ts";
import { jsonOf } from "../testing/http.ts";
import { serviceAuth } from "./internal-jwt.ts";

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
});
