import { IDEMPOTENCY_KEY_HEADER, REQUEST_DEADLINE_HEADER } from "@amia/contracts";
import { AppError, createBalancer, REQUEST_ID_HEADER, type TInternalUser } from "@amia/kit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ServiceName } from "../routes/catalogue.ts";

/**
 * Calls to the services: a fresh internal JWT per call (audience = the service), the request id
 * carried on, and a timeout on every call, so a service that is down or stuck becomes a clear
 * 503/504 `{code: "upstream_unavailable"}`, never a hang or a 500.
 *
 * A failed call is told apart by whether the request may have reached the service (issue 14):
 * - not sent (connection refused, name not found, connect timeout): nothing happened; 503
 *   `upstream_unavailable`, "try again".
 * - sent, no answer (connection reset after sending, or the timeout): a read, or a write that is
 *   safe to repeat (PUT/DELETE, or a create with an Idempotency-Key), is sent once more on a
 *   reset and otherwise answered `upstream_unavailable` ("try again" is safe); any other write
 *   is answered `outcome_unknown` (502 reset, 504 timeout): it may have happened, so the person
 *   is told to check before trying again, never invited to a blind retry.
 * Every call carries its deadline (`x-request-deadline`): the service starts no write after it.
 */

/** `upstream_unavailable` with the status that says which: 503 down, 504 too slow, 502 answered nonsense. */
export class UpstreamError extends AppError {
  readonly upstreamStatus: 502 | 503 | 504;

  constructor(upstreamStatus: 502 | 503 | 504, message: string) {
    super("upstream_unavailable", message);
    this.name = "UpstreamError";
    this.upstreamStatus = upstreamStatus;
  }

  override get status(): ContentfulStatusCode {
    return this.upstreamStatus;
  }
}

export interface UpstreamRequest {
  service: ServiceName;
  method: string;
  /** Path and query, e.g. "/api/v1/relationships?take=100". */
  path: string;
  principal: TInternalUser;
  requestId?: string | undefined;
  body?: ArrayBuffer | string | undefined;
  contentType?: string | undefined;
  accept?: string | undefined;
  /** The caller went away: stop waiting for the service. */
  signal?: AbortSignal | undefined;
  /**
   * Services the target may call for this user with the same token (the route's `onBehalfOf`):
   * they join the token's audience next to the target's own name.
   */
  onBehalfOf?: readonly ServiceName[] | undefined;
  /** A create's Idempotency-Key (already validated): sent on, and it makes the write safe to repeat. */
  idempotencyKey?: string | undefined;
  /** An answer (approve, decline ...) whose repeat by the same person is a success: safe to repeat. */
  isRepeatableDecision?: boolean | undefined;
  /**
   * A write whose lost answer leaves nothing for the person to check (a chat turn, smart-fill:
   * they only read, routes/api.ts): answered `upstream_unavailable`, never `outcome_unknown`.
   */
  isOutcomeHarmless?: boolean | undefined;
}

/** The token audience of a request: the target alone, or the target plus those it acts for. */
export function audienceOf(request: Pick<UpstreamRequest, "service" | "onBehalfOf">): string | string[] {
  return request.onBehalfOf?.length ? [request.service, ...request.onBehalfOf] : request.service;
}

/** A buffered answer (every route but streams). */
export interface UpstreamResponse {
  status: number;
  headers: Headers;
  body: ArrayBuffer;
}

export interface UpstreamClient {
  /** Sends the request and reads the whole answer within the timeout. */
  call: (request: UpstreamRequest) => Promise<UpstreamResponse>;
  /** Sends the request; the timeout runs until the headers arrive, then the body streams freely. */
  open: (request: UpstreamRequest) => Promise<Response>;
  /** `call` for JSON: parses the body (undefined for an empty one). */
  json: <T = unknown>(request: UpstreamRequest) => Promise<{ status: number; body: T }>;
}

export interface UpstreamClientOptions {
  /** Each service's base URL, or its replicas' (balanced: a refused connection moves on to the next). */
  serviceUrls: Record<ServiceName, string | readonly string[]>;
  timeoutMs: number;
  mint: (principal: TInternalUser, audience: string | string[]) => Promise<string>;
  fetch?: typeof fetch;
}

class UpstreamTimeout extends Error {}

/**
 * A write was sent and no answer came: it may or may not have happened (502 the connection broke,
 * 504 the timeout). Never "try again": the person is told to check first.
 */
export class OutcomeUnknownError extends AppError {
  readonly upstreamStatus: 502 | 504;

  constructor(upstreamStatus: 502 | 504, message: string) {
    super("outcome_unknown", message);
    this.name = "OutcomeUnknownError";
    this.upstreamStatus = upstreamStatus;
  }

  override get status(): ContentfulStatusCode {
    return this.upstreamStatus;
  }
}

/**
 * How much sooner than the BFF's own timeout a service's deadline falls: the time a write that
 * passed the service's last deadline check has to land before the BFF gives up on it.
 */
export const DEADLINE_MARGIN_MS = 250;

/** The deadline a service is given for a call the BFF waits `timeoutMs` for, from `startedAtMs`. */
export function serviceDeadlineMs(startedAtMs: number, timeoutMs: number): number {
  return startedAtMs + Math.max(timeoutMs - DEADLINE_MARGIN_MS, Math.ceil(timeoutMs / 2));
}

/**
 * Methods whose repeat has the effect of one (RFC 9110 §9.2.2): a call that broke before any
 * answer may be sent again. POST and PATCH are not — the service may have acted on the first —
 * unless the POST is a create with an Idempotency-Key (the service answers a repeat with the first).
 */
const IDEMPOTENT_METHODS = new Set(["GET", "HEAD", "PUT", "DELETE"]);

/** Whether sending the request twice has the effect of sending it once. */
export function isRepeatable(request: Pick<UpstreamRequest, "method" | "idempotencyKey" | "isRepeatableDecision">): boolean {
  return IDEMPOTENT_METHODS.has(request.method) || request.idempotencyKey !== undefined || request.isRepeatableDecision === true;
}

/**
 * Codes of a connection that was never made (Node's and undici's): the request provably did not
 * reach the service. Anything else may have been sent.
 */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT", "ERR_INVALID_URL"]);

function errorCodesOf(error: unknown): unknown[] {
  return [error, error instanceof Error ? error.cause : undefined].map((candidate) =>
    candidate && typeof candidate === "object" && "code" in candidate ? (candidate as { code: unknown }).code : undefined,
  );
}

/** The connection was never made: the service cannot have seen the request. */
export function isNotSent(error: unknown): boolean {
  return errorCodesOf(error).some((code) => typeof code === "string" && NOT_SENT_CODES.has(code));
}

/**
 * The connection broke under the request before an answer began: reset by the peer, a write
 * into a closed socket, or undici's "other side closed" (a pooled keep-alive connection the
 * service had just closed). Not a refused connection (the service is down: retrying now won't help).
 */
export function isConnectionReset(error: unknown): boolean {
  return errorCodesOf(error).some((code) => code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET");
}

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const { serviceUrls, timeoutMs, mint } = options;
  const doFetch = options.fetch ?? fetch;
  const replicas = Object.fromEntries(Object.entries(serviceUrls).map(([service, urls]) => [service, createBalancer(typeof urls === "string" ? [urls] : urls, { isNotSent })]));

  /**
   * One request; sent a second time only when it is repeatable and its connection broke before
   * the service answered (the pool hands out another connection). Within the same deadline.
   */
  const send = async (request: UpstreamRequest, signal: AbortSignal, deadlineMs: number): Promise<Response> => {
    const headers = new Headers({ authorization: `Bearer ${await mint(request.principal, audienceOf(request))}` });
    if (request.requestId) headers.set(REQUEST_ID_HEADER, request.requestId);
    headers.set(REQUEST_DEADLINE_HEADER, String(deadlineMs));
    if (request.idempotencyKey !== undefined) headers.set(IDEMPOTENCY_KEY_HEADER, request.idempotencyKey);
    if (request.body !== undefined) headers.set("content-type", request.contentType ?? "application/json");
    headers.set("accept", request.accept ?? "application/json");
    const attempt = () =>
      replicas[request.service]!.send((baseUrl) => doFetch(`${baseUrl}${request.path}`, { method: request.method, headers, body: request.body, signal, redirect: "manual" }), signal);
    try {
      return await attempt();
    } catch (error) {
      if (!isRepeatable(request) || !isConnectionReset(error) || signal.aborted) throw error;
      return attempt();
    }
  };

  /** A signal that aborts on the timeout (with an UpstreamTimeout reason) or when the caller leaves. */
  const deadline = (request: UpstreamRequest) => {
    const controller = new AbortController();
    const deadlineMs = serviceDeadlineMs(Date.now(), timeoutMs);
    const timer = setTimeout(() => controller.abort(new UpstreamTimeout()), timeoutMs);
    const signal = request.signal ? AbortSignal.any([controller.signal, request.signal]) : controller.signal;
    return { signal, deadlineMs, clear: () => clearTimeout(timer), timedOut: () => controller.signal.aborted };
  };

  const failure = (request: UpstreamRequest, error: unknown, timedOut: boolean): AppError => {
    if (error instanceof UpstreamError || error instanceof OutcomeUnknownError) return error;
    // Only a connection never made proves the service did not see the request.
    const mayHaveActed = timedOut || !isNotSent(error);
    if (mayHaveActed && !isRepeatable(request) && !request.isOutcomeHarmless) {
      return timedOut
        ? new OutcomeUnknownError(504, `The ${request.service} service did not answer within ${timeoutMs} ms; the change may or may not have been made: check before trying again`)
        : new OutcomeUnknownError(502, `The connection to the ${request.service} service broke before it answered; the change may or may not have been made: check before trying again`);
    }
    if (timedOut) return new UpstreamError(504, `The ${request.service} service did not answer within ${timeoutMs} ms; please try again`);
    return new UpstreamError(503, `The ${request.service} service is unavailable; please try again shortly`);
  };

  const call: UpstreamClient["call"] = async (request) => {
    const timer = deadline(request);
    try {
      const response = await send(request, timer.signal, timer.deadlineMs);
      const body = await response.arrayBuffer();
      return { status: response.status, headers: response.headers, body };
    } catch (error) {
      throw failure(request, error, timer.timedOut());
    } finally {
      timer.clear();
    }
  };

  return {
    call,
    async open(request) {
      const timer = deadline(request);
      try {
        return await send(request, timer.signal, timer.deadlineMs);
      } catch (error) {
        throw failure(request, error, timer.timedOut());
      } finally {
        timer.clear();
      }
    },
    async json<T>(request: UpstreamRequest) {
      const response = await call(request);
      const text = new TextDecoder().decode(response.body);
      if (!text) return { status: response.status, body: undefined as T };
      try {
        return { status: response.status, body: JSON.parse(text) as T };
      } catch {
        throw new UpstreamError(502, `The ${request.service} service answered with something that is not JSON`);
      }
    },
  };
}
