import type { Context, Handler } from "hono";
import { idempotencyKeyOf } from "@amia/kit";
import type { RouteSpec } from "../routes/catalogue.ts";
import type { BffEnv } from "../sessions/session-middleware.ts";
import { UpstreamError, type UpstreamClient, type UpstreamRequest, type UpstreamResponse } from "./upstream-client.ts";

/**
 * Forwards a catalogue route one-for-one to its owning service: same method, path, query and
 * body (when the route declares one), as the signed-in user. Status and body come back as the
 * service gave them (error bodies are already `{message, code, details?}`); streams pass
 * through unbuffered.
 */

/** Headers every streamed answer carries, so no proxy on the way buffers it. */
export const STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache",
  "x-accel-buffering": "no",
} as const;

const NO_BODY_STATUSES = new Set([204, 205, 304]);

function wantsJsonOnly(accept: string | undefined): boolean {
  return !!accept && accept.includes("application/json") && !accept.includes("text/event-stream") && !accept.includes("*/*");
}

/** The upstream request for this call, as the session's user. */
export async function upstreamRequestOf(c: Context<BffEnv>, route: RouteSpec): Promise<UpstreamRequest> {
  const session = c.var.session;
  const url = new URL(c.req.url);
  // Only a route whose catalogue entry declares a body sends one on. The kit has already read
  // every body (within the limit, JSON only); on a route that takes none it is dropped here —
  // the web app sends `{}` to cancel and undo — so no service receives bytes it will not read.
  const body = route.body ? await c.req.arrayBuffer() : undefined;
  return {
    service: route.service,
    method: c.req.method,
    path: `${url.pathname}${url.search}`,
    principal: { id: session.user_id, email: session.email, kind: "user" },
    requestId: c.var.requestId,
    body: body && body.byteLength > 0 ? body : undefined,
    contentType: body && body.byteLength > 0 ? c.req.header("content-type") : undefined,
    // A stream route still answers JSON to a client that asks only for JSON (the chat's
    // non-streaming variant, `{content}`); everyone else gets the stream.
    accept: route.isStream && !wantsJsonOnly(c.req.header("accept")) ? "text/event-stream" : "application/json",
    signal: c.req.raw.signal,
    onBehalfOf: route.onBehalfOf,
    // Only a create that honours it sends its key on (a malformed one is a 400 naming the header);
    // elsewhere the header means nothing and is dropped.
    idempotencyKey: route.idempotency === "key" ? idempotencyKeyOf(c) : undefined,
    isRepeatableDecision: route.idempotency === "decision",
    // A chat turn and smart-fill only read (routes/api.ts): a lost answer leaves nothing to check.
    isOutcomeHarmless: route.rateLimit === "chat",
  };
}

/** The browser's answer for a buffered upstream answer. */
export function relayResponse(service: string, upstream: UpstreamResponse): Response {
  if (NO_BODY_STATUSES.has(upstream.status)) return new Response(null, { status: upstream.status });
  const contentType = upstream.headers.get("content-type") ?? "";
  if (upstream.status >= 500 && !contentType.includes("json")) {
    throw new UpstreamError(502, `The ${service} service failed (${upstream.status}); please try again`);
  }
  const headers = new Headers();
  if (contentType) headers.set("content-type", contentType);
  const retryAfter = upstream.headers.get("retry-after");
  if (retryAfter) headers.set("retry-after", retryAfter);
  return new Response(upstream.body.byteLength > 0 ? upstream.body : null, { status: upstream.status, headers });
}

export function forwardTo(route: RouteSpec, upstream: UpstreamClient): Handler<BffEnv> {
  if (!route.isStream) {
    return async (c) => relayResponse(route.service, await upstream.call(await upstreamRequestOf(c, route)));
  }
  return async (c) => {
    const response = await upstream.open(await upstreamRequestOf(c, route));
    const isEventStream = response.ok && (response.headers.get("content-type") ?? "").startsWith("text/event-stream");
    if (isEventStream && response.body) return new Response(response.body, { status: response.status, headers: STREAM_HEADERS });
    // Not a stream (a refusal such as a 400 or 429): relay it like any other answer.
    let body: ArrayBuffer;
    try {
      body = await response.arrayBuffer();
    } catch {
      throw new UpstreamError(503, `The ${route.service} service broke off its answer; please try again`);
    }
    return relayResponse(route.service, { status: response.status, headers: response.headers, body });
  };
}
