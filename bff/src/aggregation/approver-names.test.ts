import { describe, expect, it } from "vitest";
import type { TEventRequest, TRelationship } from "@amia/contracts";
import { nameBookOf, unnamedApproverIds, withApproverNames } from "./approver-names.ts";

const approver = (user_id: string) => ({ id: `a-${user_id}`, user_id, required: true, status: "pending" as const, response_notes: null, responded_at: null });
const eventRequest = { id: "er-1", title: "Lunch", approvers: [approver("bruno"), approver("carla"), approver("me")] } as unknown as TEventRequest;
const relationship = (id: string, full_name: string | null): TRelationship => ({
  id: `r-${id}`,
  created_at: "2026-01-01T00:00:00.000Z",
  other_user: { id, full_name, email: `${id}@example.com` },
});

describe("approver names", () => {
  it("fills each approver's full_name from the caller's relationships and the caller's own profile", () => {
    const book = nameBookOf([relationship("bruno", "Bruno Costa"), relationship("dora", "Dora Lima")], { id: "me", full_name: "Ana Silva", name: "Ana" });

    const named = withApproverNames(eventRequest, book);

    expect(named.approvers.map((a) => [a.user_id, a.full_name])).toEqual([
      ["bruno", "Bruno Costa"],
      ["carla", null],
      ["me", "Ana Silva"],
    ]);
    expect(named.id).toBe("er-1");
    expect(eventRequest.approvers[0]).not.toHaveProperty("full_name");
  });

  it("falls back to the caller's short name, and keeps a relationship without a name as null", () => {
    const book = nameBookOf([relationship("bruno", null)], { id: "me", full_name: null, name: "Ana" });
    expect(withApproverNames(eventRequest, book).approvers.map((a) => a.full_name)).toEqual([null, null, "Ana"]);
  });

  it("says whose names are still unknown, so only then is another page of relationships read", () => {
    expect(unnamedApproverIds(eventRequest, nameBookOf([relationship("bruno", "Bruno Costa")]))).toEqual(["carla", "me"]);
    expect(unnamedApproverIds(eventRequest, nameBookOf([relationship("bruno", null), relationship("carla", "C")], { id: "me", full_name: null, name: null }))).toEqual([]);
  });
});
