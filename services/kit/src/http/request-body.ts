import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "../errors.ts";

/**
 * Every request body is read to its end before any route runs, and only JSON is accepted.
 *
 * Why read bodies a route does not need: a keep-alive connection is only reusable once the
 * server has taken the whole request off it. A route that answered without reading its body
 * (approve, reject, retry take none) left those bytes on the connection; @hono/node-server then
 * tried to drain them, but the body stream a middleware had opened paused the socket again, so
 * after 500 ms it destroyed the connection — and the caller's pool (the BFF's, shared by every
 * user) had already sent someone else's request on it, which failed with a reset. Reading the
 * whole body first, within the limit, leaves every connection clean whatever a route does.
 *
 * A body over the limit is still read and thrown away when it is no larger than `drainBytes`,
 * so the 413 leaves the connection usable for the caller's next request. A larger one is not
 * worth reading: the 413 says `connection: close`, and the connection ends after it.
 */

export interface RequestBodyOptions {
  /** Largest body a route may receive. */
  limitBytes: number;
  /** Largest body read (and discarded) to keep the connection usable after a 413. */
  drainBytes: number;
}

/** `application/json` or any `application/…+json` (merge-patch, problem, …), parameters ignored. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  const type = (contentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
  return type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type);
}

function payloadTooLarge(limitBytes: number): AppError {
  return new AppError("payload_too_large", `Request body is larger than ${limitBytes} bytes`);
}

export function unsupportedMediaType(contentType: string | undefined): AppError {
  const type = (contentType ?? "").split(";", 1)[0]!.trim();
  return new AppError(
    "unsupported_media_type",
    type ? `Send the body as JSON (content-type: application/json), not ${type}` : "Send the body as JSON (content-type: application/json); it had no content type",
  );
}

type Read = { kind: "whole"; bytes: Uint8Array } | { kind: "over-limit-drained" } | { kind: "over-drain-limit" };

async function readBounded(body: ReadableStream<Uint8Array>, { limitBytes, drainBytes }: RequestBodyOptions): Promise<Read> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > drainBytes) {
      await reader.cancel().catch(() => undefined);
      return { kind: "over-drain-limit" };
    }
    // Over the limit: keep reading to the end, but keep nothing.
    if (size <= limitBytes) chunks.push(value);
  }
  if (size > limitBytes) return { kind: "over-limit-drained" };
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { kind: "whole", bytes };
}

/**
 * Leaves the body for whatever runs next: Hono's `c.req.json()` / `text()` / `arrayBuffer()`
 * (the validators, the BFF's forwarding) answer from its body cache; `c.req.raw`'s stream is
 * spent, and nothing after this middleware reads it.
 */
function keepBody(c: Context, bytes: ArrayBuffer) {
  // Hono keeps promises there (its types say values): `json()` chains `.then` on the text.
  const cache = c.req.bodyCache as Record<string, unknown>;
  cache.arrayBuffer = Promise.resolve(bytes);
  cache.text = Promise.resolve(new TextDecoder().decode(bytes));
}

export function readWholeBody(options: RequestBodyOptions): MiddlewareHandler {
  const { limitBytes, drainBytes } = options;
  const tooLargeToRead = (c: Parameters<MiddlewareHandler>[0]) => {
    // Without reading the rest the connection cannot carry another request: say so, so the
    // caller opens a new one instead of finding this one reset.
    c.header("connection", "close");
    throw payloadTooLarge(limitBytes);
  };

  return async (c, next) => {
    const raw = c.req.raw;
    if (raw.method === "GET" || raw.method === "HEAD") return next();
    const declared = Number(c.req.header("content-length"));
    const isChunked = Boolean(c.req.header("transfer-encoding"));
    if (Number.isFinite(declared) && declared > drainBytes && !isChunked) return tooLargeToRead(c);
    const contentType = c.req.header("content-type");

    // A declared length within the limit is read in one go: @hono/node-server then takes it
    // straight off the socket, ~0.3 ms a request cheaper than a web stream reader (the HTTP
    // parser holds the sender to its content-length). The rest goes through the bounded read.
    if (Number.isFinite(declared) && declared <= limitBytes && !isChunked) {
      const bytes = await raw.arrayBuffer();
      if (bytes.byteLength > 0 && !isJsonMediaType(contentType)) throw unsupportedMediaType(contentType);
      keepBody(c, bytes);
      return next();
    }
    if (!raw.body) return next();
    const read = await readBounded(raw.body, options);
    if (read.kind === "over-drain-limit") return tooLargeToRead(c);
    if (read.kind === "over-limit-drained") throw payloadTooLarge(limitBytes);
    if (read.bytes.byteLength > 0 && !isJsonMediaType(contentType)) throw unsupportedMediaType(contentType);
    keepBody(c, read.bytes.buffer as ArrayBuffer);
    return next();
  };
}
