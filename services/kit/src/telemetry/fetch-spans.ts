import { subscribe } from "node:diagnostics_channel";
import { context, SpanKind, SpanStatusCode, trace, type Span } from "@opentelemetry/api";
import { activeService, injectTraceHeaders, markFailed, tracerFor } from "./tracing.ts";

/**
 * A client span and a `traceparent` header on every outgoing fetch made inside traced work: the
 * BFF's calls to the services, the agent's, the calendar's calls to Google, the web server's to
 * the BFF. Node's fetch (undici) announces each request on diagnostics channels, which work the
 * same under ESM and type stripping (no require hook to miss), and lets a subscriber add headers.
 */

/** What undici publishes; only the parts we read (undici's own types are not a dependency). */
interface UndiciRequest {
  method: string;
  origin: string;
  path: string;
  addHeader: (name: string, value: string) => unknown;
}

let isSubscribed = false;

export function traceOutgoingFetch(): void {
  if (isSubscribed) return;
  isSubscribed = true;
  const spans = new WeakMap<UndiciRequest, Span>();

  subscribe("undici:request:create", (message) => {
    const { request } = message as { request: UndiciRequest };
    const active = context.active();
    const service = activeService(active);
    // Fetches outside any traced work (start-up, timers) stay untraced rather than rootless noise.
    if (!service || !trace.getSpan(active)) return;
    const url = new URL(request.path, request.origin);
    const span = tracerFor(service).startSpan(
      request.method,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          "http.request.method": request.method,
          "server.address": url.hostname,
          "server.port": Number(url.port) || (url.protocol === "https:" ? 443 : 80),
          // The path only: a query can carry what a trace backend should not keep.
          "url.full": `${url.origin}${url.pathname}`,
        },
      },
      active,
    );
    spans.set(request, span);
    const headers: Record<string, string> = {};
    injectTraceHeaders(headers, trace.setSpan(active, span));
    for (const [name, value] of Object.entries(headers)) request.addHeader(name, value);
  });

  subscribe("undici:request:headers", (message) => {
    const { request, response } = message as { request: UndiciRequest; response: { statusCode: number } };
    const span = spans.get(request);
    if (!span) return;
    span.setAttribute("http.response.status_code", response.statusCode);
    if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
    spans.delete(request);
  });

  subscribe("undici:request:error", (message) => {
    const { request, error } = message as { request: UndiciRequest; error: unknown };
    const span = spans.get(request);
    if (!span) return;
    markFailed(span, error);
    span.end();
    spans.delete(request);
  });
}
