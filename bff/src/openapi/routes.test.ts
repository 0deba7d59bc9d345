import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openapiRoutes } from "./routes.ts";

describe("the OpenAPI routes", () => {
  const app = openapiRoutes();

  it("serve the document as JSON at /api/v1/openapi.json, without a session", async () => {
    const response = await app.request("/api/v1/openapi.json");

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(body.openapi).toMatch(/^3\.1\./);
    expect(body.paths).toHaveProperty(["/api/v1/event-requests/{id}"]);
  });

  it("serve the reference page as HTML at /api/v1/docs, allowing only its own inline style", async () => {
    const response = await app.request("/api/v1/docs");

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html.startsWith("<!doctype html>")).toBe(true);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    const hash = createHash("sha256").update(style).digest("base64");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain(`style-src 'sha256-${hash}'`);
  });

  it("answer the same bytes every time", async () => {
    const first = await (await app.request("/api/v1/openapi.json")).text();
    const second = await (await app.request("/api/v1/openapi.json")).text();

    expect(second).toBe(first);
  });

  it("answer nothing else", async () => {
    expect((await app.request("/api/v1/openapi.json", { method: "POST" })).status).toBe(404);
    expect((await app.request("/api/v1/docs/other")).status).toBe(404);
  });
});
