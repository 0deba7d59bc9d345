/**
 * How long a consumer waits before calling a failing handler again. A failure that is not the
 * event's fault (a database or broker outage, a timeout) is retried for as long as it takes,
 * so the wait grows exponentially up to a cap and never ends in giving up.
 */
export interface HandlerBackoff {
  /** The wait after the first failure. */
  initialDelayMs: number;
  /** The longest wait between two attempts; also bounds how often a retry is logged. */
  maxDelayMs: number;
}

export const DEFAULT_HANDLER_BACKOFF: HandlerBackoff = { initialDelayMs: 200, maxDelayMs: 30_000 };

/**
 * The wait after failed attempt `attempt` (1-based): "equal jitter" — half the capped exponential
 * step, plus a random part of the other half — so replicas stalled by one outage do not all
 * retry in the same instant, yet each wait is at least half its step.
 */
export function handlerRetryDelayMs(attempt: number, backoff: HandlerBackoff, random: () => number = Math.random): number {
  const step = Math.min(backoff.initialDelayMs * 2 ** Math.min(attempt - 1, 30), backoff.maxDelayMs);
  return Math.round(step / 2 + random() * (step / 2));
}
