import { z } from "zod";

/**
 * Safe retries of writes (issue 14): a create carries an idempotency key, and every call from
 * the BFF to a service carries the moment the BFF stops waiting for it.
 */

/**
 * Wire name of the header a create carries its key in (IETF draft "The Idempotency-Key HTTP
 * Header Field"; header names are case-insensitive). Renaming it breaks every client's retries.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

export const MIN_IDEMPOTENCY_KEY_LENGTH = 16;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 128;

/**
 * A key: 16 to 128 letters, digits, '-', '_', '.' or ':' (a UUID fits). At least 16, so a
 * client's keys cannot collide by chance; the charset keeps them out of harm's way in logs.
 */
export const ZIdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]+$/, { error: `${IDEMPOTENCY_KEY_HEADER} may hold only letters, digits, '-', '_', '.' and ':'` })
  .min(MIN_IDEMPOTENCY_KEY_LENGTH, { error: `${IDEMPOTENCY_KEY_HEADER} must be at least ${MIN_IDEMPOTENCY_KEY_LENGTH} characters` })
  .max(MAX_IDEMPOTENCY_KEY_LENGTH, { error: `${IDEMPOTENCY_KEY_HEADER} must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters` });
export type TIdempotencyKey = z.infer<typeof ZIdempotencyKeySchema>;

/**
 * Wire name of the internal header (BFF → service) with the moment, in epoch milliseconds, after
 * which nobody waits for the answer: a service starts no write after it. Renaming it lets
 * writes complete after the user was told they failed.
 */
export const REQUEST_DEADLINE_HEADER = "x-request-deadline";
