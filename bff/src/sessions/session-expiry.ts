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
  | {
      isValid: true;
      /** The record's new TTL: the idle window, cut short by the absolute end. */
      ttlMs: number;
      /** Whether to write the renewal now (see renewalIntervalMs); the TTL applies when it is written. */
      isRenewalDue: boolean;
    }
  | { isValid: false; reason: "idle" | "absolute" };

/**
 * How stale `lastSeenAt` may get before a request writes it again: a minute (a tenth of the
 * idle window when that is shorter). Writing it on every request costs every API call a second
 * Redis round trip; not writing it means the idle clock runs from the last renewal, so a session
 * may end up to this much sooner than `idleMs` after its last request — never later.
 */
export function renewalIntervalMs(lifetime: SessionLifetime): number {
  return Math.min(60_000, lifetime.idleMs / 10);
}

export function decideSessionExpiry(times: SessionTimes, now: number, lifetime: SessionLifetime): SessionExpiryDecision {
  const absoluteEnd = times.createdAt + lifetime.absoluteMs;
  if (now >= absoluteEnd) return { isValid: false, reason: "absolute" };
  if (now - times.lastSeenAt >= lifetime.idleMs) return { isValid: false, reason: "idle" };
  return { isValid: true, ttlMs: Math.min(lifetime.idleMs, absoluteEnd - now), isRenewalDue: now - times.lastSeenAt >= renewalIntervalMs(lifetime) };
}

/** The TTL of a session just created. */
export function initialSessionTtlMs(lifetime: SessionLifetime): number {
  return Math.min(lifetime.idleMs, lifetime.absoluteMs);
}
