import { setTimeout as sleep } from "node:timers/promises";
import { AppError } from "./errors.ts";
import { assertBeforeDeadline } from "./http/deadline.ts";

/**
 * What a version-guarded write answers when someone else wrote the document after it was read
 * (optimistic concurrency: the write is the atomic step, the read is not).
 */
export const WRITE_CONFLICT: unique symbol = Symbol("write-conflict");
export type TWriteConflict = typeof WRITE_CONFLICT;

export interface RetryOnConflictOptions {
  /** Told to the caller (409) when every attempt lost; says what to do. */
  message: string;
  /** Each attempt loses only to a write that succeeded, so a few suffice. */
  attempts?: number;
  /** The first pause's ceiling (ms); each later one doubles it, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** [0, 1); tests pass their own. */
  random?: () => number;
}

export const DEFAULT_CONFLICT_ATTEMPTS = 5;
export const DEFAULT_CONFLICT_BACKOFF_MS = 10;
export const DEFAULT_CONFLICT_MAX_BACKOFF_MS = 200;

/**
 * The pause before attempt `attemptNumber` (2, 3 ...): "full jitter" — a random wait up to a
 * ceiling that doubles each time, so writers that lost the same race spread out instead of
 * colliding again in step.
 */
export function conflictBackoffMs(attemptNumber: number, options: Pick<RetryOnConflictOptions, "backoffMs" | "maxBackoffMs" | "random"> = {}): number {
  const { backoffMs = DEFAULT_CONFLICT_BACKOFF_MS, maxBackoffMs = DEFAULT_CONFLICT_MAX_BACKOFF_MS, random = Math.random } = options;
  const ceiling = Math.min(maxBackoffMs, backoffMs * 2 ** (attemptNumber - 2));
  return Math.floor(random() * ceiling);
}

/**
 * The one load → decide → save loop (STYLE.md): runs `attempt` until it returns anything but
 * `WRITE_CONFLICT`, pausing a jittered while between attempts. Each attempt must load afresh,
 * so the loser of a race decides again on what the winner wrote. Errors (a refusal, a failure)
 * end it at once; so does the caller's deadline (no attempt starts after it: http/deadline.ts);
 * after the last lost attempt it throws a 409 `conflict` with `message`.
 */
export async function retryOnConflict<T>(attempt: (attemptNumber: number) => Promise<T | TWriteConflict>, options: RetryOnConflictOptions): Promise<T> {
  const attempts = options.attempts ?? DEFAULT_CONFLICT_ATTEMPTS;
  for (let attemptNumber = 1; attemptNumber <= attempts; attemptNumber++) {
    if (attemptNumber > 1) {
      const pauseMs = conflictBackoffMs(attemptNumber, options);
      if (pauseMs > 0) await sleep(pauseMs);
    }
    assertBeforeDeadline();
    const result = await attempt(attemptNumber);
    if (result !== WRITE_CONFLICT) return result;
  }
  throw new AppError("conflict", options.message);
}
