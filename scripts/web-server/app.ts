import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { posix, relative, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { Hono, type Context } from "hono";
import { getMimeType } from "hono/utils/mime";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Logger } from "pino";
import { METRICS_PATH, metricsHandler, observeRequests } from "@amia/kit";
import { contentSecurityPolicy, CSP_NONCE_PLACEHOLDER, securityHeadersFor } from "../../bff/src/security/headers.ts";

/**
 * The production web server of `npm start`: what deploy/docker/nginx.conf does in compose, in a
 * few lines of Node. The SPA's built files with the security headers; any other path gets
 * index.html (the SPA routes it); /api/ and /.well-known/ go to the BFF unbuffered, so the chat
 * and notification streams stream; /healthz for the supervisor. No source file, no /@fs/, no
 * dev server: only what the build put in web/dist.
 */

export interface WebAppOptions {
  /** The build's folder (web/dist). */
  distDir: string;
  /** Where the BFF listens, e.g. http://127.0.0.1:3000. */
  bffUrl: string;
  /** The public origin is https: HSTS too. */
  isHttps: boolean;
  logger: Logger;
}

/**
 * Connection-level headers (RFC 9110 §7.6.1): they describe one hop and are never passed on. The
 * trace context is this hop's too: the call to the BFF gets its own, from this server's span.
 */
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade", "traceparent", "tracestate"];
/** Hashed file names (Vite's assets/) never change content: cache them for good. */
const IMMUTABLE = "public, max-age=31536000, immutable";

export function createWebApp(options: WebAppOptions): Hono {
  const { bffUrl, isHttps, logger } = options;
  const distDir = resolve(options.distDir);
  const indexPath = resolve(distDir, "index.html");
  const headers = securityHeadersFor(isHttps);
  const app = new Hono();
  // A server span per request and http_server_request_duration_seconds, as every process has.
  app.use(observeRequests("web"));

  const toBff = async (c: Context) => {
    const url = new URL(c.req.url);
    const forwarded = new Headers(c.req.raw.headers);
    for (const name of HOP_BY_HOP) forwarded.delete(name);
    const peer = getConnInfo(c).remote.address;
    forwarded.set("x-forwarded-for", [c.req.header("x-forwarded-for"), peer].filter(Boolean).join(", "));
    forwarded.set("x-forwarded-proto", isHttps ? "https" : "http");
    let answer: Response;
    try {
      answer = await fetch(`${bffUrl}${url.pathname}${url.search}`, {
        method: c.req.method,
        headers: forwarded,
        body: c.req.raw.body,
        // The body streams on as it arrives; redirects (sign-in) are the browser's to follow.
        duplex: "half",
        redirect: "manual",
        signal: c.req.raw.signal,
      } as RequestInit);
    } catch (error) {
      logger.warn({ err: error, path: url.pathname }, "the BFF did not answer");
      return c.json({ message: "Amia's server is not answering; please try again shortly", code: "upstream_unavailable" }, 502, headers);
    }
    const relayed = new Headers(answer.headers);
    for (const name of HOP_BY_HOP) relayed.delete(name);
    // Streams pass through as they come (the BFF marks them x-accel-buffering: no for nginx).
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: relayed });
  };

  /** index.html with a fresh nonce for its one run-time style element (security/headers.ts). */
  const indexPage = async (c: Context) => {
    const nonce = randomBytes(16).toString("base64");
    const html = (await readFile(indexPath, "utf8")).replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
    return new Response(c.req.method === "HEAD" ? null : html, {
      headers: { ...headers, "content-security-policy": contentSecurityPolicy(nonce), "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
    });
  };

  /** The built file a path names: inside dist, no dot-named part (.vite/), a regular file. */
  const fileOf = async (pathname: string): Promise<{ path: string; size: number } | undefined> => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    if (decoded.includes("\0")) return undefined;
    const path = resolve(distDir, `.${posix.normalize(decoded)}`);
    const inside = relative(distDir, path);
    if (!inside || inside.startsWith("..") || inside.split(sep).some((part) => part.startsWith("."))) return undefined;
    const stats = await stat(path).catch(() => undefined);
    return stats?.isFile() ? { path, size: stats.size } : undefined;
  };

  app.get("/healthz", (c) => c.json({ status: "ok", service: "web" }, 200, headers));
  app.get(METRICS_PATH, metricsHandler("web"));
  app.all("/api/*", toBff);
  app.all("/.well-known/*", toBff);
  app.on(["GET", "HEAD"], "*", async (c) => {
    const file = await fileOf(c.req.path);
    if (!file || file.path === indexPath) return indexPage(c);
    const body = c.req.method === "HEAD" ? null : (Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>);
    return new Response(body, {
      headers: {
        ...headers,
        "content-type": getMimeType(file.path) ?? "application/octet-stream",
        "content-length": String(file.size),
        "cache-control": relative(distDir, file.path).startsWith(`assets${sep}`) ? IMMUTABLE : "no-cache",
      },
    });
  });
  // Files are only read: as nginx answers a POST to a static file.
  app.all("*", (c) => c.body(null, 405, { ...headers, allow: "GET, HEAD" }));
  return app;
}
