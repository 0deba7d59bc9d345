import { describe, expect, it } from "vitest";
import type { TApprover } from "@amia/contracts";
import { ApiError } from "../../api/client.ts";
import { anApprover } from "../../testing/fixtures.ts";
import { approvalProgress, approverName, isNotFound, pendingApproverFor } from "./event-detail.ts";

/** A required reviewer with a name, as the page shows one. */
const approver = (overrides: Partial<TApprover> = {}): TApprover => anApprover({ full_name: "Ana Silva", ...overrides });

describe("event detail", () => {
  it("names a reviewer, or Unknown reviewer", () => {
    expect(approverName(approver())).toBe("Ana Silva");
    expect(approverName(approver({ full_name: null }))).toBe("Unknown reviewer");
    expect(approverName(approver({ full_name: "  " }))).toBe("Unknown reviewer");
    expect(approverName({})).toBe("Unknown reviewer");
  });

  it("finds the signed-in user's own pending review", () => {
    const approvers = [approver({ id: "a1", user_id: "u2", status: "approved" }), approver({ id: "a2", user_id: "u3" })];
    expect(pendingApproverFor({ approvers }, "u3")?.id).toBe("a2");
    expect(pendingApproverFor({ approvers }, "u2")).toBeUndefined();
    expect(pendingApproverFor({ approvers }, "u9")).toBeUndefined();
    expect(pendingApproverFor({ approvers }, null)).toBeUndefined();
  });

  it("words the approval progress", () => {
    expect(approvalProgress({ completed_count: 1, requested_approvals: 1 })).toEqual({
      label: "1 of 1 approvals completed",
      percent: 100,
    });
    expect(approvalProgress({ completed_count: 1, requested_approvals: 3 })).toEqual({
      label: "1 of 3 approvals completed",
      percent: 33,
    });
    expect(approvalProgress({ completed_count: 0, requested_approvals: 0 }).percent).toBe(0);
  });

  it("recognises a 404", () => {
    expect(isNotFound(new ApiError(404, "Not found"))).toBe(true);
    expect(isNotFound(new ApiError(500, "Boom"))).toBe(false);
    expect(isNotFound(new Error("Not found"))).toBe(false);
  });
});
