import { randomUUID } from "node:crypto";
import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Logger } from "pino";
import { AppError } from "../errors.ts";
import { acceptRequestId, REQUEST_ID_HEADER, runWithRequestId } from "../request-context.ts";
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
}

const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred.";

/**
 * A body over the limit but at most this many times it is read and thrown away before the 413,
 * so the caller's connection stays usable; a larger one closes the connection (request-body.ts).
 */
export const BODY_DRAIN_FACTOR = 4;

/**
 * A Hono app with what every process needs: request ids, JSON request logs, every body read
 * whole within a size limit and JSON only (request-body.ts), one JSON error shape, a JSON 404,
 * /healthz (alive) and /readyz (dependencies answer).
 */
export function createService(options: CreateServiceOptions): Hono<ServiceEnv> {
  const { name, logger, readiness = [], bodyLimitBytes = 256 * 1024, readinessTimeoutMs = 2_000, responseHeaders = {} } = options;
  const app = new Hono<ServiceEnv>();

  app.use(async (c, next) => {
    const requestId = acceptRequestId(c.req.header(REQUEST_ID_HEADER)) ?? randomUUID();
    c.set("requestId", requestId);
    c.header(REQUEST_ID_HEADER, requestId);
    const startedAt = performance.now();
    await runWithRequestId(requestId, next);
    addMissingHeaders(c, responseHeaders);
    const isProbe = c.req.path === "/healthz" || c.req.path === "/readyz";
    logger[isProbe ? "debug" : "info"](
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

  app.use(readWholeBody({ limitBytes: bodyLimitBytes, drainBytes: bodyLimitBytes * BODY_DRAIN_FACTOR }));

  app.get("/healthz", (c) => c.json({ status: "ok", service: name }));

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
    const isReady = results.every(([, state]) => state === "ok");
    return c.json(
      { status: isReady ? "ready" : "unavailable", service: name, checks: Object.fromEntries(results) },
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
    logger.error({ err: error, request_id: c.get("requestId") }, "unhandled error");
    return c.json({ message: UNEXPECTED_ERROR_MESSAGE, code: "internal" }, 500);
  });

  return app;
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
