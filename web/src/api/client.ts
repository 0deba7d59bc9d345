import { IDEMPOTENCY_KEY_HEADER, type TFieldError } from "@amia/contracts";

/**
 * The one place the web app talks HTTP to the BFF (same origin, session cookie). SPEC.md
 * section 7: JSON both ways; errors carry the server's `message`, else "HTTP Error: {status}".
 * State-changing calls carry the CSRF header the BFF requires.
 */

export const CSRF_HEADER = "x-amia-csrf";
const NETWORK_ERROR = "Network error. Please check your connection.";

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** Field errors of a 400 (`details.fields`), when the server named them. */
  readonly fields: TFieldError[];
  /** A 429's wait (Retry-After) and the limit it names (`details.limit`), so the person is told how long. */
  readonly retryAfterSeconds: number | null;
  readonly limit: string | null;
  constructor(status: number, message: string, code: string | null = null, fields: TFieldError[] = [], rateLimit: { retryAfterSeconds?: number | null; limit?: string | null } = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfterSeconds = rateLimit.retryAfterSeconds ?? null;
    this.limit = rateLimit.limit ?? null;
  }
}

/** Listeners told when the server says the session is gone (401), so the guard can redirect. */
const signedOutListeners = new Set<() => void>();
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** A create's Idempotency-Key (api/submission.ts): the same for every retry of one submission. */
  idempotencyKey?: string;
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Sends the request; resolves the JSON body (undefined for 204), rejects with ApiError. */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const response = await send(path, request);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Like `api` but hands back the Response (for streams); a non-2xx still rejects. */
export async function send(path: string, { method = "GET", query, body, signal, headers = {}, idempotencyKey }: ApiRequest): Promise<Response> {
  const isStateChanging = method !== "GET";
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      credentials: "same-origin",
      signal,
      headers: {
        accept: "application/json",
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(isStateChanging ? { [CSRF_HEADER]: "1" } : {}),
        ...(idempotencyKey !== undefined ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, NETWORK_ERROR, "network_error");
  }
  if (!response.ok) {
    const parsed = (await response.json().catch(() => null)) as { message?: unknown; code?: unknown; details?: { fields?: unknown; limit?: unknown } } | null;
    const message = typeof parsed?.message === "string" && parsed.message ? parsed.message : `HTTP Error: ${response.status}`;
    const fields = Array.isArray(parsed?.details?.fields) ? (parsed.details.fields as TFieldError[]) : [];
    if (response.status === 401) for (const listener of signedOutListeners) listener();
    const retryAfter = Number(response.headers.get("retry-after"));
    const rateLimit = {
      retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      limit: typeof parsed?.details?.limit === "string" ? parsed.details.limit : null,
    };
    throw new ApiError(response.status, message, typeof parsed?.code === "string" ? parsed.code : null, fields, rateLimit);
  }
  return response;
}
