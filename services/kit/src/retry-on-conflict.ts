import { AppError } from "./errors.ts";

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
}

export const DEFAULT_CONFLICT_ATTEMPTS = 5;

/**
 * The one load → decide → save loop (STYLE.md): runs `attempt` until it returns anything but
 * `WRITE_CONFLICT`. Each attempt must load afresh, so the loser of a race decides again on what
 * the winner wrote. Errors (a refusal, a failure) end it at once; after the last lost attempt it
 * throws a 409 `conflict` with `message`.
 */
export async function retryOnConflict<T>(attempt: (attemptNumber: number) => Promise<T | TWriteConflict>, options: RetryOnConflictOptions): Promise<T> {
  const attempts = options.attempts ?? DEFAULT_CONFLICT_ATTEMPTS;
  for (let attemptNumber = 1; attemptNumber <= attempts; attemptNumber++) {
    const result = await attempt(attemptNumber);
    if (result !== WRITE_CONFLICT) return result;
  }
  throw new AppError("conflict", options.message);
}
