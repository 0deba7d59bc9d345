import { describe, expect, it } from "vitest";
import { availabilityVisibility } from "./availability-rules.ts";

describe("availability visibility", () => {
  it("shows a connection's busy times only when they share them", () => {
    expect(availabilityVisibility({ isCaller: false, isConnected: true, sharesFreeBusy: true })).toEqual({ mayReadSettings: true, mayReadBusy: true });
    expect(availabilityVisibility({ isCaller: false, isConnected: true, sharesFreeBusy: false })).toEqual({ mayReadSettings: true, mayReadBusy: false, reason: "not_shared" });
  });

  it("tells a stranger only that they are not connected, whatever the person shares", () => {
    for (const sharesFreeBusy of [true, false]) {
      expect(availabilityVisibility({ isCaller: false, isConnected: false, sharesFreeBusy })).toEqual({ mayReadSettings: false, mayReadBusy: false, reason: "not_connected" });
    }
  });

  it("always shows the caller their own, sharing or not", () => {
    expect(availabilityVisibility({ isCaller: true, isConnected: false, sharesFreeBusy: false })).toEqual({ mayReadSettings: true, mayReadBusy: true });
  });
});
