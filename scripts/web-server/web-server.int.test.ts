import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quietLogger, serveOverHttp, type ServedApp } from "@amia/kit/testing";
import { CSP_NONCE_PLACEHOLDER, HSTS_HEADER, SECURITY_HEADERS } from "../../bff/src/security/headers.ts";
import { createWebApp } from "./app.ts";

/**
 * The production web server against a build of its own (a few files) and a stand-in BFF: the
 * files with the security headers, index.html for every other path, /api and /.well-known
 * proxied as they are, streams unbuffered.
 */
const INDEX_HTML = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><script type="module" src="/assets/app-1234.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body><div id="root"></div></body></html>`;
let distDir: string;
let bff: ServedApp;
let web: ServedApp;
let webHttps: ServedApp;
let releaseStream: () => void = () => undefined;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), "amia-web-dist-"));
  mkdirSync(join(distDir, "assets"));
  mkdirSync(join(distDir, ".vite"));
  writeFileSync(join(distDir, "index.html"), INDEX_HTML);
  writeFileSync(join(distDir, "assets", "app-1234.js"), "console.log('app');\n");
  writeFileSync(join(distDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  writeFileSync(join(distDir, ".vite", "manifest.json"), "{}");

  const stand = new Hono();
  stand.post("/api/v1/echo", async (c) =>
    c.json({ body: await c.req.text(), contentType: c.req.header("content-type"), forwardedFor: c.req.header("x-forwarded-for"), forwardedProto: c.req.header("x-forwarded-proto"), query: c.req.query("q") }, 201, { "x-from": "bff" }),
  );
  stand.get("/api/v1/auth/login", (c) => c.redirect("http://provider.example/authorize?state=s", 302));
  stand.get("/.well-known/jwks.json", (c) => c.json({ keys: [] }));
  stand.get("/api/v1/stream", (c) =>
    streamSSE(c, async (stream) => {
      await stream.writeSSE({ data: "first" });
      await new Promise<void>((resolve) => (releaseStream = resolve));
      await stream.writeSSE({ data: "second" });
    }),
  );
  bff = await serveOverHttp(stand.fetch);
  web = await serveOverHttp(createWebApp({ distDir, bffUrl: bff.url, isHttps: false, logger: quietLogger() }).fetch);
  webHttps = await serveOverHttp(createWebApp({ distDir, bffUrl: bff.url, isHttps: true, logger: quietLogger() }).fetch);
});
afterAll(async () => {
  await Promise.all([web?.close(), webHttps?.close(), bff?.close()]);
  rmSync(distDir, { recursive: true, force: true });
});

const securityOf = (response: Response) => Object.fromEntries(Object.keys({ ...SECURITY_HEADERS, ...HSTS_HEADER }).map((name) => [name, response.headers.get(name)]));
const without = (headers: Record<string, string | null>, name: string) => Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));
const plainSecurity = { ...SECURITY_HEADERS, "strict-transport-security": null };

describe("the production web server's files", () => {
  it("serves index.html with the security headers and a fresh nonce in both the policy and the page", async () => {
    const first = await fetch(`${web.url}/`);
    const second = await fetch(`${web.url}/`);
    const [html, secondHtml] = [await first.text(), await second.text()];
    const nonce = /property="csp-nonce" nonce="([^"]+)"/.exec(html)?.[1];

    expect([first.status, first.headers.get("content-type"), first.headers.get("cache-control")]).toEqual([200, "text/html; charset=utf-8", "no-cache"]);
    expect(without(securityOf(first), "content-security-policy")).toEqual(without(plainSecurity, "content-security-policy"));
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(html).not.toContain(CSP_NONCE_PLACEHOLDER);
    expect(first.headers.get("content-security-policy")).toBe(SECURITY_HEADERS["content-security-policy"].replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`));
    expect(/nonce="([^"]+)"/.exec(secondHtml)?.[1]).not.toBe(nonce);
  });

  it("serves a built asset with the security headers, cached for good", async () => {
    const asset = await fetch(`${web.url}/assets/app-1234.js`);
    expect([asset.status, asset.headers.get("content-type"), asset.headers.get("cache-control"), await asset.text()]).toEqual([200, "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "console.log('app');\n"]);
    expect(securityOf(asset)).toEqual(plainSecurity);
    const favicon = await fetch(`${web.url}/favicon.svg`);
    expect([favicon.status, favicon.headers.get("cache-control")]).toEqual([200, "no-cache"]);
  });

  it.each([
    "/events/123/edit",
    "/@vite/client",
    "/@fs/etc/passwd",
    `/@fs${process.cwd()}/deploy/local/.run/redis/redis.log`,
    "/src/main.tsx",
    "/node_modules/react/package.json",
    "/.vite/manifest.json",
    "/assets/%2e%2e/%2e%2e/package.json",
    "/..%2f..%2fpackage.json",
  ])("answers %s with index.html: there is no dev server and nothing outside the build", async (path) => {
    const response = await fetch(`${web.url}${path}`);
    expect([response.status, response.headers.get("content-type")]).toEqual([200, "text/html; charset=utf-8"]);
    expect(await response.text()).toContain('<div id="root"></div>');
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("answers /healthz, with the headers", async () => {
    const health = await fetch(`${web.url}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: "ok", service: "web" }]);
    expect(securityOf(health)).toEqual(plainSecurity);
  });

  it("adds HSTS when the public origin is https", async () => {
    for (const path of ["/", "/assets/app-1234.js", "/healthz"]) expect((await fetch(`${webHttps.url}${path}`)).headers.get("strict-transport-security")).toBe(HSTS_HEADER["strict-transport-security"]);
  });

  it("only reads files: a POST outside /api is a 405", async () => {
    const response = await fetch(`${web.url}/`, { method: "POST", body: "x" });
    expect([response.status, response.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
  });
});

describe("the production web server's proxy to the BFF", () => {
  it("passes a call on as it is — method, body, type, query — with who asked, and the answer back as the BFF gave it", async () => {
    const response = await fetch(`${web.url}/api/v1/echo?q=1`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"a":1}' });
    expect([response.status, response.headers.get("x-from")]).toEqual([201, "bff"]);
    expect(await response.json()).toEqual({ body: '{"a":1}', contentType: "application/json", forwardedFor: "127.0.0.1", forwardedProto: "http", query: "1" });
    // The BFF's answers carry the BFF's own headers (it sets the security headers itself).
    expect(response.headers.get("content-security-policy")).toBeNull();
  });

  it("hands a redirect to the browser and proxies /.well-known too", async () => {
    const login = await fetch(`${web.url}/api/v1/auth/login`, { redirect: "manual" });
    expect([login.status, login.headers.get("location")]).toEqual([302, "http://provider.example/authorize?state=s"]);
    expect(await (await fetch(`${web.url}/.well-known/jwks.json`)).json()).toEqual({ keys: [] });
  });

  it("streams: the first event arrives while the BFF is still writing", async () => {
    const response = await fetch(`${web.url}/api/v1/stream`);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let seen = "";
    while (!seen.includes("first")) seen += decoder.decode((await reader.read()).value);
    expect(seen).not.toContain("second");
    releaseStream();
    while (!seen.includes("second")) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += decoder.decode(value);
    }
    expect(seen).toContain("data: second");
  });

  it("says the server is not answering when the BFF is down, as JSON", async () => {
    const orphan = await serveOverHttp(createWebApp({ distDir, bffUrl: "http://127.0.0.1:9", isHttps: false, logger: quietLogger() }).fetch);
    try {
      const response = await fetch(`${orphan.url}/api/v1/users/me`);
      expect([response.status, await response.json()]).toEqual([502, { message: "Amia's server is not answering; please try again shortly", code: "upstream_unavailable" }]);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    } finally {
      await orphan.close();
    }
  });

  it("serves its own Prometheus text on /metrics: request durations by route, not by file or path", async () => {
    await fetch(`${web.url}/assets/app-1234.js`);
    await fetch(`${web.url}/api/v1/auth/login`, { redirect: "manual" });
    const response = await fetch(`${web.url}/metrics`);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toMatch(/^http_server_request_duration_seconds_count\{service="web",http_request_method="GET",http_route="\/api\/\*",http_response_status_code="302"\} \d+$/m);
    expect(text).toMatch(/^http_server_request_duration_seconds_count\{service="web",http_request_method="GET",http_route="\/\*",http_response_status_code="200"\} \d+$/m);
    expect(text).not.toContain("app-1234");
  });
});
