/**
 * Thrown by a consumer's handler to say "this event can never be handled, however often it is
 * tried" (it names something that cannot exist, breaks a rule no later state will satisfy). The
 * consumer parks it on the dead-letter topic at once. Anything else a handler throws is taken to
 * be passing (a database or broker outage, a timeout) and retried until it succeeds.
 */
export class InvalidEventError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "InvalidEventError";
  }
}

export function isInvalidEventError(error: unknown): error is InvalidEventError {
  return error instanceof InvalidEventError;
}
