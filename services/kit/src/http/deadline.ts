import { REQUEST_DEADLINE_HEADER } from "@amia/contracts";
import type { MiddlewareHandler } from "hono";
import { AppError } from "../errors.ts";
import { currentDeadlineMs, runWithDeadline } from "../request-context.ts";

/**
 * The BFF sends each call's deadline (`x-request-deadline`, epoch ms: when it stops waiting and
 * tells the user the call failed). A service starts no write after it, so a write never lands
 * after the user was told it did not. Checked when the request arrives and again right before
 * each write (`assertBeforeDeadline`, called by the outbox's insert and update, `retryOnConflict`
 * and the idempotent creates).
 * What remains is the window between that last check and the database applying the write: one
 * database round trip, which the BFF's margin (DEADLINE_MARGIN_MS there) is meant to cover.
 */

export const DEADLINE_EXCEEDED_MESSAGE = "The caller stopped waiting before this could be done; nothing was changed";

/** The header's value as epoch ms; absent → undefined; anything but a whole positive number → 400. */
export function parseDeadline(value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  const deadlineMs = /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(deadlineMs)) {
    throw new AppError("validation_failed", `${REQUEST_DEADLINE_HEADER} must be a time in epoch milliseconds`, {
      fields: [{ path: REQUEST_DEADLINE_HEADER, message: `${REQUEST_DEADLINE_HEADER} must be a time in epoch milliseconds` }],
    });
  }
  return deadlineMs;
}

/** Throws 504 `deadline_exceeded` when the current request's caller has stopped waiting. */
export function assertBeforeDeadline(nowMs = Date.now()): void {
  const deadlineMs = currentDeadlineMs();
  if (deadlineMs !== undefined && nowMs >= deadlineMs) throw new AppError("deadline_exceeded", DEADLINE_EXCEEDED_MESSAGE);
}

/** Reads the deadline into the request's context; a request that arrives after it is refused at once. */
export function honourDeadline(): MiddlewareHandler {
  return async (c, next) => {
    const deadlineMs = parseDeadline(c.req.header(REQUEST_DEADLINE_HEADER));
    if (deadlineMs === undefined) return next();
    return runWithDeadline(deadlineMs, async () => {
      assertBeforeDeadline();
      await next();
    });
  };
}
