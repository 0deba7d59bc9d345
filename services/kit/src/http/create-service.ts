import { randomUUID } from "node:crypto";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { Hono, type Context, type Handler, type MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { HTTPException } from "hono/http-exception";
import type { Logger } from "pino";
import { AppError } from "../errors.ts";
import { isDatabaseUnavailable } from "../mongo/connect.ts";
import { isRedisUnavailable } from "../redis/connect.ts";
import { acceptRequestId, REQUEST_ID_HEADER, runWithRequestId } from "../request-context.ts";
import { metricsFor, renderMetrics } from "../telemetry/metrics.ts";
import { contextFromCarrier, inSpan } from "../telemetry/tracing.ts";
import { honourDeadline } from "./deadline.ts";
import { readWholeBody } from "./request-body.ts";
import type { TInternalUser } from "../auth/internal-jwt.ts";

/** The variables every route can read from the context. */
export interface ServiceEnv {
  Variables: {
    requestId: string;
    /** Set by the internal-auth middleware: the signed-in user the BFF acts for. */
    user: TInternalUser;
  };
}

export interface ReadinessCheck {
  name: string;
  check: () => Promise<unknown>;
  /**
   * Whether the process is unready while this check fails (default true). A dependency the
   * process copes without — the broker, for a service whose writes wait in its outbox — is still
   * checked and reported, but does not take the process out of its load balancer: under an
   * orchestrator that would turn a broker blip into a full outage.
   */
  isRequired?: boolean;
}

export interface CreateServiceOptions {
  name: string;
  logger: Logger;
  readiness?: ReadinessCheck[];
  bodyLimitBytes?: number;
  readinessTimeoutMs?: number;
  /**
   * Headers every answer carries unless it sets its own — errors and refusals included (the
   * BFF's security headers; services, reached only by the BFF, need none).
   */
  responseHeaders?: Readonly<Record<string, string>>;
  /**
   * Whether the caller's `x-request-deadline` is honoured (deadline.ts): services yes; the BFF,
   * whose callers are browsers and which sets the deadlines itself, no.
   */
  honoursDeadline?: boolean;
}

const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred.";

/**
 * A database outage (restart, failover) passes in seconds: the answer says so and when to try
 * again, rather than "unexpected error". `upstream_unavailable` is the code callers already
 * treat as "unavailable, try again shortly"; the BFF relays it and the web app words it.
 */
const DATABASE_UNAVAILABLE_MESSAGE = "This part of Amia can't reach what it needs right now; please try again in a few seconds.";
export const DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * A body over the limit but at most this many times it is read and thrown away before the 413,
 * so the caller's connection stays usable; a larger one closes the connection (request-body.ts).
 */
export const BODY_DRAIN_FACTOR = 4;

/** Prometheus text on each process's own port; the BFF forwards only /api/v1/* and its own routes. */
export const METRICS_PATH = "/metrics";

/**
 * A Hono app with what every process needs: request ids, a server span per request (continuing
 * the caller's `traceparent`), JSON request logs, the request-duration histogram, every body read
 * whole within a size limit and JSON only (request-body.ts), the caller's deadline (deadline.ts),
 * one JSON error shape, a JSON 404, /healthz (alive), /readyz (the dependencies it cannot work
 * without answer) and /metrics.
 */
export function createService(options: CreateServiceOptions): Hono<ServiceEnv> {
  const { name, logger, readiness = [], bodyLimitBytes = 256 * 1024, readinessTimeoutMs = 2_000, responseHeaders = {}, honoursDeadline = true } = options;
  const app = new Hono<ServiceEnv>();

  app.use(observeRequests(name));
  app.use(async (c, next) => {
    const requestId = acceptRequestId(c.req.header(REQUEST_ID_HEADER)) ?? randomUUID();
    c.set("requestId", requestId);
    c.header(REQUEST_ID_HEADER, requestId);
    const startedAt = performance.now();
    await runWithRequestId(requestId, next);
    addMissingHeaders(c, responseHeaders);
    const isQuiet = c.req.path === "/healthz" || c.req.path === "/readyz" || c.req.path === METRICS_PATH;
    logger[isQuiet ? "debug" : "info"](
      {
        request_id: requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        duration_ms: Math.round((performance.now() - startedAt) * 10) / 10,
      },
      "request",
    );
  });

  // Before the body is read: a request whose caller has stopped waiting is refused at once.
  if (honoursDeadline) app.use(honourDeadline());

  app.use(readWholeBody({ limitBytes: bodyLimitBytes, drainBytes: bodyLimitBytes * BODY_DRAIN_FACTOR }));

  app.get("/healthz", (c) => c.json({ status: "ok", service: name }));

  app.get(METRICS_PATH, metricsHandler(name));

  app.get("/readyz", async (c) => {
    const results = await Promise.all(
      readiness.map(async ({ name: checkName, check }) => {
        try {
          await withTimeout(check(), readinessTimeoutMs, `${checkName} did not answer within ${readinessTimeoutMs} ms`);
          return [checkName, "ok"] as const;
        } catch (error) {
          return [checkName, `error: ${error instanceof Error ? error.message : String(error)}`] as const;
        }
      }),
    );
    const isReady = results.every(([, state], index) => state === "ok" || readiness[index]!.isRequired === false);
    const notRequired = readiness.filter((check) => check.isRequired === false).map((check) => check.name);
    return c.json(
      { status: isReady ? "ready" : "unavailable", service: name, checks: Object.fromEntries(results), ...(notRequired.length > 0 ? { not_required: notRequired } : {}) },
      isReady ? 200 : 503,
    );
  });

  app.notFound((c) => c.json({ message: `No route for ${c.req.method} ${c.req.path}`, code: "not_found" }, 404));

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) c.header("retry-after", String(error.retryAfterSeconds));
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own 4xx (malformed JSON, wrong content type) keep their status and message.
      const code = error.status === 413 ? "payload_too_large" : error.status === 401 ? "unauthorized" : "validation_failed";
      return c.json({ message: error.message || "Bad request", code }, error.status);
    }
    // The database, or Redis (the BFF's sessions and limits, calendar's jobs), away for a moment.
    if (isDatabaseUnavailable(error) || isRedisUnavailable(error)) {
      logger.warn({ err: error, request_id: c.get("requestId") }, "database unavailable; answered 503");
      c.header("retry-after", String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS));
      return c.json({ message: DATABASE_UNAVAILABLE_MESSAGE, code: "upstream_unavailable" }, 503);
    }
    logger.error({ err: error, request_id: c.get("requestId") }, "unhandled error");
    return c.json({ message: UNEXPECTED_ERROR_MESSAGE, code: "internal" }, 500);
  });

  return app;
}

/**
 * A server span per request, continuing the caller's `traceparent`, and the request's duration
 * in `http_server_request_duration_seconds`; both named by the route's pattern, never the raw
 * path (ids in paths would make a series per resource). Outermost, so logs inside carry the span.
 */
export function observeRequests(service: string): MiddlewareHandler {
  const metrics = metricsFor(service);
  return async (c, next) => {
    const startedAt = performance.now();
    const method = c.req.method;
    const parent = contextFromCarrier({ traceparent: c.req.header("traceparent"), tracestate: c.req.header("tracestate") });
    await inSpan({ service, name: method, kind: SpanKind.SERVER, parent, attributes: { "http.request.method": method, "url.path": c.req.path } }, async (span) => {
      await next();
      const route = routePath(c);
      const status = c.res.status;
      span.updateName(`${method} ${route}`);
      span.setAttributes({ "http.route": route, "http.response.status_code": status });
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      if (c.req.path !== METRICS_PATH) {
        metrics.httpDuration.observe({ http_request_method: method, http_route: route, http_response_status_code: status }, (performance.now() - startedAt) / 1000);
      }
    });
  };
}

/** GET /metrics: the service's Prometheus text. */
export function metricsHandler(service: string): Handler {
  return async (c) => {
    const { body, contentType } = await renderMetrics(service);
    return c.body(body, 200, { "content-type": contentType, "cache-control": "no-store" });
  };
}

/** Sets each header the answer does not set itself. */
function addMissingHeaders(c: Context, headers: Readonly<Record<string, string>>): void {
  const missing = Object.entries(headers).filter(([header]) => !c.res.headers.has(header));
  if (missing.length === 0) return;
  try {
    for (const [header, value] of missing) c.res.headers.set(header, value);
  } catch {
    // A response straight from fetch() has immutable headers: answer with a copy.
    c.res = new Response(c.res.body, c.res);
    for (const [header, value] of missing) c.res.headers.set(header, value);
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
