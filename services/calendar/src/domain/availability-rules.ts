import type { AVAILABILITY_UNSHARED_REASONS } from "@amia/contracts";

/*
 * Whose busy times a caller may see (issue 10 point 5). Consent is the other person's: their
 * "Share my free/busy with my connections" switch, and only toward people they are connected
 * with. The caller always sees their own.
 */

export type UnsharedReason = (typeof AVAILABILITY_UNSHARED_REASONS)[number];

export interface Viewing {
  isCaller: boolean;
  /** The caller and this person have a current relationship. */
  isConnected: boolean;
  /** This person's `share_free_busy` setting (off when they never saved settings). */
  sharesFreeBusy: boolean;
}

/**
 * What the caller may see of a person. A stranger learns nothing of their settings, not even
 * whether they share: `not_connected` is decided before `not_shared`, and hides the zone and
 * working hours too. A connection always sees the zone and hours (to suggest times at all).
 */
export function availabilityVisibility(viewing: Viewing): { mayReadSettings: boolean; mayReadBusy: true } | { mayReadSettings: boolean; mayReadBusy: false; reason: UnsharedReason } {
  if (viewing.isCaller) return { mayReadSettings: true, mayReadBusy: true };
  if (!viewing.isConnected) return { mayReadSettings: false, mayReadBusy: false, reason: "not_connected" };
  if (!viewing.sharesFreeBusy) return { mayReadSettings: true, mayReadBusy: false, reason: "not_shared" };
  return { mayReadSettings: true, mayReadBusy: true };
}
