import { describe, expect, it } from "vitest";
import { clashingPendingKeys, closedRequestKey, endedRelationshipKey, pairKey, waitingPairKey } from "./pair-keys.ts";
import { relationshipIdFor } from "./relationship-id.ts";

describe("pair keys", () => {
  it("gives both directions between two users the same key", () => {
    expect(pairKey("a", "b")).toBe("a|b");
    expect(pairKey("b", "a")).toBe("a|b");
    expect(pairKey("a", "b")).not.toBe(pairKey("a", "c"));
  });

  it("keys a waiting request by requester and email, apart from any user pair", () => {
    expect(waitingPairKey("a", "dora@example.com")).toBe("a|email:dora@example.com");
    expect(waitingPairKey("a", "x")).not.toBe(pairKey("a", "x"));
  });

  it("gives closed requests and ended relationships keys that are theirs alone", () => {
    expect(closedRequestKey("r1")).not.toBe(closedRequestKey("r2"));
    expect(endedRelationshipKey("r1")).not.toBe(closedRequestKey("r1"));
  });

  it("lists every pending key a new request would clash with", () => {
    const ana = { id: "ana", email: "ana@example.com" };
    expect(clashingPendingKeys(ana, { email: "new@example.com", userId: null })).toEqual(["ana|email:new@example.com"]);
    expect(clashingPendingKeys(ana, { email: "bo@example.com", userId: "bo" }).sort()).toEqual(
      ["ana|bo", "ana|email:bo@example.com", "bo|email:ana@example.com"].sort(),
    );
  });
});

describe("relationship id", () => {
  it("is a UUID derived from the request id: the same request always gives the same relationship", () => {
    const id = relationshipIdFor("request-1");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(relationshipIdFor("request-1")).toBe(id);
    expect(relationshipIdFor("request-2")).not.toBe(id);
  });
});
