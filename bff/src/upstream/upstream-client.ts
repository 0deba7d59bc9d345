import { AppError, REQUEST_ID_HEADER, type TInternalUser } from "@amia/kit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ServiceName } from "../routes/catalogue.ts";

/**
 * Calls to the services: a fresh internal JWT per call (audience = the service), the request id
 * carried on, and a timeout on every call, so a service that is down or stuck becomes a clear
 * 503/504 `{code: "upstream_unavailable"}`, never a hang or a 500.
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
  serviceUrls: Record<ServiceName, string>;
  timeoutMs: number;
  mint: (principal: TInternalUser, audience: string | string[]) => Promise<string>;
  fetch?: typeof fetch;
}

class UpstreamTimeout extends Error {}

/**
 * Methods whose repeat has the effect of one (RFC 9110 §9.2.2): a call that broke before any
 * answer may be sent again. POST and PATCH never are — the service may have acted on the first.
 */
const IDEMPOTENT_METHODS = new Set(["GET", "HEAD", "PUT", "DELETE"]);

/**
 * The connection broke under the request before an answer began: reset by the peer, a write
 * into a closed socket, or undici's "other side closed" (a pooled keep-alive connection the
 * service had just closed). Not a refused connection (the service is down: retrying now won't help).
 */
export function isConnectionReset(error: unknown): boolean {
  const codes = [error, error instanceof Error ? error.cause : undefined].map((candidate) =>
    candidate && typeof candidate === "object" && "code" in candidate ? (candidate as { code: unknown }).code : undefined,
  );
  return codes.some((code) => code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET");
}

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const { serviceUrls, timeoutMs, mint } = options;
  const doFetch = options.fetch ?? fetch;

  /**
   * One request; sent a second time only when it is idempotent and its connection broke before
   * the service answered (the pool hands out another connection). Within the same deadline.
   */
  const send = async (request: UpstreamRequest, signal: AbortSignal): Promise<Response> => {
    const headers = new Headers({ authorization: `Bearer ${await mint(request.principal, audienceOf(request))}` });
    if (request.requestId) headers.set(REQUEST_ID_HEADER, request.requestId);
    if (request.body !== undefined) headers.set("content-type", request.contentType ?? "application/json");
    headers.set("accept", request.accept ?? "application/json");
    const attempt = () =>
      doFetch(`${serviceUrls[request.service]}${request.path}`, { method: request.method, headers, body: request.body, signal, redirect: "manual" });
    try {
      return await attempt();
    } catch (error) {
      if (!IDEMPOTENT_METHODS.has(request.method) || !isConnectionReset(error) || signal.aborted) throw error;
      return attempt();
    }
  };

  /** A signal that aborts on the timeout (with an UpstreamTimeout reason) or when the caller leaves. */
  const deadline = (request: UpstreamRequest) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new UpstreamTimeout()), timeoutMs);
    const signal = request.signal ? AbortSignal.any([controller.signal, request.signal]) : controller.signal;
    return { signal, clear: () => clearTimeout(timer), timedOut: () => controller.signal.aborted };
  };

  const failure = (request: UpstreamRequest, error: unknown, timedOut: boolean): UpstreamError => {
    if (error instanceof UpstreamError) return error;
    if (timedOut) return new UpstreamError(504, `The ${request.service} service did not answer within ${timeoutMs} ms; please try again`);
    return new UpstreamError(503, `The ${request.service} service is unavailable; please try again shortly`);
  };

  const call: UpstreamClient["call"] = async (request) => {
    const timer = deadline(request);
    try {
      const response = await send(request, timer.signal);
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
        return await send(request, timer.signal);
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
