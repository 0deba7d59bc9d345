/**
 * When a session ends (pure, so it is tested without Redis): after `idleMs` without a request
 * (sliding), or `absoluteMs` after sign-in, whichever comes first. Redis also expires the record
 * by its TTL; this decision is the check that does not depend on Redis's clock granularity.
 */
export interface SessionTimes {
  /** Epoch ms of the sign-in that created the session. */
  createdAt: number;
  /** Epoch ms of the last request that used it. */
  lastSeenAt: number;
}

export interface SessionLifetime {
  idleMs: number;
  absoluteMs: number;
}

export type SessionExpiryDecision =
  | { isValid: true; /** The record's new TTL: the idle window, cut short by the absolute end. */ ttlMs: number }
  | { isValid: false; reason: "idle" | "absolute" };

export function decideSessionExpiry(times: SessionTimes, now: number, lifetime: SessionLifetime): SessionExpiryDecision {
  const absoluteEnd = times.createdAt + lifetime.absoluteMs;
  if (now >= absoluteEnd) return { isValid: false, reason: "absolute" };
  if (now - times.lastSeenAt >= lifetime.idleMs) return { isValid: false, reason: "idle" };
  return { isValid: true, ttlMs: Math.min(lifetime.idleMs, absoluteEnd - now) };
}

/** The TTL of a session just created. */
export function initialSessionTtlMs(lifetime: SessionLifetime): number {
  return Math.min(lifetime.idleMs, lifetime.absoluteMs);
}
