import { describe, expect, it } from "vitest";
import { MongoServerError, MongoServerSelectionError } from "mongodb";
import { z } from "zod";
import { AppError, rateLimited } from "../errors.ts";
import { quietLogger } from "../testing/isolation.ts";
import { jsonOf } from "../testing/http.ts";
import { createService } from "./create-service.ts";
import { validate } from "./validate.ts";

function buildApp(readinessFails = false) {
  const app = createService({
    name: "demo",
    logger: quietLogger(),
    bodyLimitBytes: 64,
    readiness: [
      { name: "mongo", check: async () => "pong" },
      { name: "kafka", check: async () => { if (readinessFails) throw new Error("broker down"); } },
      { name: "search", isRequired: false, check: async () => { if (readinessFails) throw new Error("index offline"); } },
    ],
  });
  app.post(
    "/things",
    validate("json", z.object({ title: z.string().min(1), when: z.object({ time_zone: z.string().min(1) }) })),
    (c) => c.json({ created: c.req.valid("json").title }, 201),
  );
  // A route that takes no body, like approve or reject.
  app.post("/things/:id/approve", (c) => c.json({ approved: c.req.param("id") }));
  app.get("/conflict", () => {
    throw new AppError("conflict", "Already related");
  });
  app.get("/limited", () => {
    throw rateLimited("Too many recipes; try again in 2 minutes", 90.2);
  });
  app.get("/boom", () => {
    throw new Error("secret internal detail");
  });
  app.get("/database-down", () => {
    // As the driver builds it when no server answers (its constructor is internal, hence the cast).
    throw new MongoServerSelectionError("connect ECONNREFUSED 127.0.0.1:27017", { servers: new Map() } as never);
  });
  app.get("/database-not-primary", () => {
    throw new MongoServerError({ message: "not primary", code: 10107 });
  });
  app.get("/database-duplicate", () => {
    throw new MongoServerError({ message: "E11000 duplicate key", code: 11000 });
  });
  return app;
}

const postJson = (body: string) => ({ method: "POST", headers: { "content-type": "application/json" }, body });

describe("createService", () => {
  it("answers /healthz and /readyz when every check passes", async () => {
    const app = buildApp();
    expect(await jsonOf(await app.request("/healthz"))).toEqual({ status: "ok", service: "demo" });
    const ready = await app.request("/readyz");
    expect(ready.status).toBe(200);
    expect(await jsonOf(ready)).toMatchObject({ status: "ready", checks: { mongo: "ok", kafka: "ok" } });
  });

  it("says which dependency is down with a 503 from /readyz", async () => {
    const ready = await buildApp(true).request("/readyz");
    expect(ready.status).toBe(503);
    expect(await jsonOf(ready)).toMatchObject({ status: "unavailable", checks: { mongo: "ok", kafka: "error: broker down" } });
  });

  it("stays ready while only a dependency it copes without is down, and still reports it", async () => {
    const app = createService({
      name: "demo",
      logger: quietLogger(),
      readiness: [
        { name: "mongodb", check: async () => "pong" },
        { name: "kafka", isRequired: false, check: async () => { throw new Error("broker down"); } },
      ],
    });
    const ready = await app.request("/readyz");
    expect(ready.status).toBe(200);
    expect(await jsonOf(ready)).toEqual({ status: "ready", service: "demo", checks: { mongodb: "ok", kafka: "error: broker down" }, not_required: ["kafka"] });
  });

  it("rejects bad input with a 400 that names each bad field", async () => {
    const response = await buildApp().request("/things", postJson(JSON.stringify({ title: "", when: {} })));
    expect(response.status).toBe(400);
    const body = await jsonOf(response);
    expect(body.code).toBe("validation_failed");
    expect(body.message).toContain("title");
    expect(body.message).toContain("when.time_zone");
    expect(body.details.fields.map((f: { path: string }) => f.path)).toEqual(["title", "when.time_zone"]);
  });

  it("accepts good input", async () => {
    const response = await buildApp().request("/things", postJson(JSON.stringify({ title: "Lunch", when: { time_zone: "UTC" } })));
    expect(response.status).toBe(201);
    expect(await jsonOf(response)).toEqual({ created: "Lunch" });
  });

  it("turns malformed JSON into a 400, not a 500", async () => {
    const response = await buildApp().request("/things", postJson("{not json"));
    expect(response.status).toBe(400);
    expect((await jsonOf(response)).code).toBe("validation_failed");
  });

  it("refuses bodies over the limit with a 413", async () => {
    const response = await buildApp().request("/things", postJson(JSON.stringify({ title: "x".repeat(200), when: { time_zone: "UTC" } })));
    expect(response.status).toBe(413);
    expect((await jsonOf(response)).code).toBe("payload_too_large");
  });

  it("refuses a body far over the limit without reading it, and closes the connection after the 413", async () => {
    const response = await buildApp().request("/things", { method: "POST", headers: { "content-type": "application/json", "content-length": String(64 * 4 + 1) }, body: "x".repeat(64 * 4 + 1) });
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    expect(await jsonOf(response)).toEqual({ message: "Request body is larger than 64 bytes", code: "payload_too_large" });
  });

  it("keeps the connection after a 413 for a body it could read to the end", async () => {
    const response = await buildApp().request("/things", postJson("x".repeat(100)));
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBeNull();
  });

  it.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])("refuses a %s body on a JSON route with a 415 naming the type", async (contentType) => {
    const response = await buildApp().request("/things", { method: "POST", headers: { "content-type": contentType }, body: JSON.stringify({ title: "Lunch", when: { time_zone: "UTC" } }) });
    expect(response.status).toBe(415);
    expect(await jsonOf(response)).toEqual({ message: `Send the body as JSON (content-type: application/json), not ${contentType.split(";")[0]}`, code: "unsupported_media_type" });
  });

  it("refuses a body with no content type with a 415", async () => {
    const response = await buildApp().request("/things", { method: "POST", body: new TextEncoder().encode("{}") });
    expect(response.status).toBe(415);
    expect(await jsonOf(response)).toEqual({ message: "Send the body as JSON (content-type: application/json); it had no content type", code: "unsupported_media_type" });
  });

  it("takes a +json media type and parameters as JSON", async () => {
    for (const contentType of ["application/merge-patch+json", "application/json; charset=utf-8", "Application/JSON"]) {
      const response = await buildApp().request("/things", { method: "POST", headers: { "content-type": contentType }, body: JSON.stringify({ title: "Lunch", when: { time_zone: "UTC" } }) });
      expect([contentType, response.status]).toEqual([contentType, 201]);
    }
  });

  it("lets a request without a body through whatever its content type says", async () => {
    expect((await buildApp().request("/things/7/approve", { method: "POST" })).status).toBe(200);
    const typed = await buildApp().request("/things/7/approve", { method: "POST", headers: { "content-type": "text/plain" } });
    expect(typed.status).toBe(200);
    expect(await jsonOf(typed)).toEqual({ approved: "7" });
  });

  it("maps an AppError code to its status and keeps the message", async () => {
    const response = await buildApp().request("/conflict");
    expect(response.status).toBe(409);
    expect(await jsonOf(response)).toEqual({ message: "Already related", code: "conflict" });
  });

  it("sends a refusal's wait as Retry-After in whole seconds, rounded up", async () => {
    const response = await buildApp().request("/limited");
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("91");
    expect(await jsonOf(response)).toEqual({ message: "Too many recipes; try again in 2 minutes", code: "rate_limited" });
    expect((await buildApp().request("/conflict")).headers.get("retry-after")).toBeNull();
  });

  it("hides an unexpected error's detail behind a generic 500", async () => {
    const response = await buildApp().request("/boom");
    expect(response.status).toBe(500);
    const body = await jsonOf(response);
    expect(body).toEqual({ message: "An unexpected error occurred.", code: "internal" });
  });

  it("answers a database outage with a 503 that says to try again, and when", async () => {
    for (const path of ["/database-down", "/database-not-primary"]) {
      const response = await buildApp().request(path);
      expect(response.status, path).toBe(503);
      expect(response.headers.get("retry-after"), path).toBe("5");
      expect(await jsonOf(response), path).toEqual({ code: "upstream_unavailable", message: expect.stringContaining("try again") });
    }
  });

  it("keeps a database error about the request itself a 500", async () => {
    expect((await buildApp().request("/database-duplicate")).status).toBe(500);
  });

  it("answers unknown routes with a JSON 404", async () => {
    const response = await buildApp().request("/nowhere");
    expect(response.status).toBe(404);
    expect(await jsonOf(response)).toEqual({ message: "No route for GET /nowhere", code: "not_found" });
  });

  it("passes a caller's request id on, and makes one when there is none or it is unsafe", async () => {
    const app = buildApp();
    expect((await app.request("/healthz", { headers: { "x-request-id": "abc-123" } })).headers.get("x-request-id")).toBe("abc-123");
    const generated = (await app.request("/healthz", { headers: { "x-request-id": "bad id with spaces; and semicolons" } })).headers.get("x-request-id");
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
  });
});
