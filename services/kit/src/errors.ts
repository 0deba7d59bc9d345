import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { fieldErrorsBody, validationErrorBody, type TErrorCode, type TFieldError, type TRateLimitedDetails, type TRateLimitName } from "@amia/contracts";

/**
 * One table from error code to HTTP status (STYLE.md §8). Codes are wire names: clients branch on
 * them, so they never change meaning.
 */
export const HTTP_STATUS_BY_CODE = {
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  upstream_unavailable: 503,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  // The BFF answers 502 (connection broken after sending) or 504 (timed out): upstream-client.ts.
  outcome_unknown: 504,
  deadline_exceeded: 504,
} as const satisfies Record<TErrorCode, ContentfulStatusCode>;

export class AppError extends Error {
  readonly code: TErrorCode;
  readonly details: unknown;
  /** Sent as Retry-After (whole seconds) when waiting helps: a 429 whose window or cooldown ends. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: TErrorCode, message: string, details?: unknown, options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): ContentfulStatusCode {
    return HTTP_STATUS_BY_CODE[this.code];
  }

  toBody(): { message: string; code: TErrorCode; details?: unknown } {
    return this.details === undefined
      ? { message: this.message, code: this.code }
      : { message: this.message, code: this.code, details: this.details };
  }
}

/** A 400 whose message names each bad field, and whose details list them for forms. */
export function validationError(error: z.ZodError): AppError {
  const body = validationErrorBody(error);
  return new AppError("validation_failed", body.message, body.details);
}

/** A 400 for fields a rule beyond the schema refused, worded like any other validation error. */
export function invalidFields(fields: readonly TFieldError[]): AppError {
  const body = fieldErrorsBody(fields);
  return new AppError("validation_failed", body.message, body.details);
}

/**
 * A 429 whose wait is known: the message says it in words, Retry-After in seconds, and
 * `details` name the limit (contracts' RATE_LIMIT_NAMES) with the same wait.
 */
export function rateLimited(message: string, retryAfterSeconds: number, limit?: TRateLimitName): AppError {
  const wait = Math.max(1, Math.ceil(retryAfterSeconds));
  const details: TRateLimitedDetails | undefined = limit ? { limit, retry_after_seconds: wait } : undefined;
  return new AppError("rate_limited", message, details, { retryAfterSeconds: wait });
}

export function notFound(what: string): AppError {
  return new AppError("not_found", `${what} not found`);
}
