import { z } from "zod";

/**
 * Error codes, the `code` of every error body. Wire names: clients branch on them, so never
 * rename one; add new ones at the end. The service kit holds the one table from code to HTTP
 * status (the comment beside each code is the status it is meant for).
 */
export const ERROR_CODES = [
  "validation_failed", // 400: bad input, details.fields says which
  "unauthorized", // 401: no or expired session / internal token
  "forbidden", // 403: signed in but not allowed (also CSRF refusals)
  "not_found", // 404: missing, or not yours to see (we never say which)
  "conflict", // 409: state forbids it (second answer to a review, duplicate request ...)
  "payload_too_large", // 413
  "rate_limited", // 429, with Retry-After
  "internal", // 500: says nothing internal; the log has the cause
  "upstream_unavailable", // 502/503/504: a service, its database or a third party did not answer; try again shortly
  "unsupported_media_type", // 415: a body that is not JSON on a JSON route
  "idempotency_key_reused", // 422: an Idempotency-Key already used for a different request body
  "outcome_unknown", // 502/504: a write was sent but no answer came: it may or may not have happened
  "deadline_exceeded", // 504: the caller stopped waiting before the service began the write; nothing was written
] as const;

export const ZErrorCodeSchema = z.enum(ERROR_CODES);
export type TErrorCode = z.infer<typeof ZErrorCodeSchema>;

/** One invalid field of a `validation_failed` error (`path` is dotted: "approvers.0.user_id"). */
export const ZFieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type TFieldError = z.infer<typeof ZFieldErrorSchema>;

/**
 * The one error body of every service and the BFF (DESIGN.md "Errors"). The web app shows
 * `message`. `code` is a plain string here, not the enum, so a body from a newer service with a
 * code this build does not know still parses.
 */
export const ZErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBodySchema>;

/** `details` of a `validation_failed` body. */
export const ZValidationDetailsSchema = z.object({ fields: z.array(ZFieldErrorSchema) });
export type TValidationDetails = z.infer<typeof ZValidationDetailsSchema>;

/**
 * Turns a zod failure into the wire body, so services and the BFF word it the same way. Our
 * messages already start with their field ("start_date.date must be ..."); zod's own ("Invalid
 * input: ...") get the path put in front.
 */
export function validationErrorBody(error: z.ZodError): TErrorBody & { details: TValidationDetails } {
  return fieldErrorsBody(error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message })));
}

/** The same body for field errors a service finds itself (e.g. "not among your relationships"). */
export function fieldErrorsBody(errors: readonly TFieldError[]): TErrorBody & { details: TValidationDetails } {
  const fields = errors.map(({ path, message }) => ({
    path,
    message: path === "" || message.startsWith(path) ? message : `${path}: ${message}`,
  }));
  return {
    message: fields.map((field) => field.message).join("; ") || "Invalid input",
    code: "validation_failed",
    details: { fields },
  };
}
