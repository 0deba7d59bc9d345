/**
 * How many wrong codes a user may send (issue 13 point 7): 5 in a 15-minute window, counted for
 * the user whatever the step (setting up, signing in, turning off), so a stolen provider account
 * cannot guess its way past the second factor (a million codes, 5 tries per 15 minutes). Each
 * try is counted before it is checked, so parallel guesses cannot slip past the count; a right
 * code gives its try back. A fixed window, counted by one atomic increment: the sliding window of
 * the other limits (contracts' decideSlidingWindow) needs a list of instants trimmed as it is
 * written, which the local FerretDB does not do ($push's $slice, $pull by condition).
 */
export const WRONG_CODE_LIMIT = 5;
export const WRONG_CODE_WINDOW_MS = 15 * 60_000;

export type TryDecision = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

/** `count` includes this try; the window started at `windowStartMs`. */
export function decideTry(count: number, windowStartMs: number, nowMs: number): TryDecision {
  if (count <= WRONG_CODE_LIMIT) return { isAllowed: true };
  return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStartMs + WRONG_CODE_WINDOW_MS - nowMs) / 1000)) };
}
