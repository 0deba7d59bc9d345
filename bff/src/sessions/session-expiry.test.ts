import { describe, expect, it } from "vitest";
import { decideSessionExpiry, initialSessionTtlMs, renewalIntervalMs } from "./session-expiry.ts";

const HOUR = 3_600_000;
const lifetime = { idleMs: 2 * HOUR, absoluteMs: 24 * HOUR };

describe("decideSessionExpiry", () => {
  it("keeps a session used within the idle window and renews it for a full window", () => {
    expect(decideSessionExpiry({ createdAt: 0, lastSeenAt: 5 * HOUR }, 6 * HOUR, lifetime)).toEqual({ isValid: true, ttlMs: 2 * HOUR, isRenewalDue: true });
  });

  it("ends a session idle for the whole window", () => {
    expect(decideSessionExpiry({ createdAt: 0, lastSeenAt: HOUR }, 3 * HOUR, lifetime)).toEqual({ isValid: false, reason: "idle" });
  });

  it("ends a busy session at its absolute end", () => {
    expect(decideSessionExpiry({ createdAt: 0, lastSeenAt: 24 * HOUR - 1 }, 24 * HOUR, lifetime)).toEqual({ isValid: false, reason: "absolute" });
  });

  it("cuts the renewed TTL short where the absolute end comes first", () => {
    expect(decideSessionExpiry({ createdAt: 0, lastSeenAt: 23 * HOUR }, 23.5 * HOUR, lifetime)).toEqual({ isValid: true, ttlMs: 0.5 * HOUR, isRenewalDue: true });
  });

  it("writes the renewal at most once a minute, so most requests cost one Redis read", () => {
    const seen = 5 * HOUR;
    expect(decideSessionExpiry({ createdAt: 0, lastSeenAt: seen }, seen + 59_999, lifetime)).toMatchObject({ isValid: true, isRenewalDue: false });
    expect(decideSessionExpiry({ createdAt: 0, lastSeenAt: seen }, seen + 60_000, lifetime)).toMatchObject({ isValid: true, isRenewalDue: true });
    // A short idle window (tests, kiosks) renews after a tenth of it.
    expect(renewalIntervalMs({ idleMs: 1_000, absoluteMs: HOUR })).toBe(100);
  });

  it("gives a new session the idle window, or the absolute lifetime if shorter", () => {
    expect(initialSessionTtlMs(lifetime)).toBe(2 * HOUR);
    expect(initialSessionTtlMs({ idleMs: 2 * HOUR, absoluteMs: HOUR })).toBe(HOUR);
  });
});
