import { describe, expect, it } from "vitest";
import { approvalReason, newApprovers, recordReview, summarize, type ApproverState } from "./approval-rules.ts";

let counter = 0;
const ids = () => `a${++counter}`;
const reviewers = (...required: boolean[]) => newApprovers(required.map((isRequired, i) => ({ user_id: `u${i}`, required: isRequired })), ids);
const answer = (approvers: ApproverState[], userId: string, decision: "approved" | "rejected") => {
  const outcome = recordReview(approvers, userId, decision, null, "2026-03-01T10:00:00.000Z");
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.approvers;
};

describe("approval rules", () => {
  it("approves on creation with nobody to ask, and says no_approvals", () => {
    expect(summarize([], undefined)).toEqual({ status: "approved", approval_status: "no_approvals", requested_approvals: 0, completed_count: 0 });
    expect(approvalReason([])).toBe("no_required_reviewers");
  });

  it("approves on creation when every reviewer is optional", () => {
    const optional = reviewers(false, false);
    expect(summarize(optional, undefined)).toMatchObject({ status: "approved", approval_status: "approved", requested_approvals: 2, completed_count: 0 });
    expect(approvalReason(optional)).toBe("no_required_reviewers");
  });

  it("waits for every required reviewer, then approves", () => {
    let approvers = reviewers(true, true, false);
    expect(summarize(approvers, undefined).status).toBe("pending");
    approvers = answer(approvers, "u0", "approved");
    expect(summarize(approvers, "pending")).toMatchObject({ status: "pending", completed_count: 1, requested_approvals: 3 });
    approvers = answer(approvers, "u1", "approved");
    expect(summarize(approvers, "pending")).toMatchObject({ status: "approved", approval_status: "approved", completed_count: 2 });
    expect(approvalReason(approvers)).toBe("all_required_approved");
  });

  it("rejects as soon as one required reviewer rejects", () => {
    const approvers = answer(reviewers(true, true), "u1", "rejected");
    expect(summarize(approvers, "pending")).toMatchObject({ status: "rejected", approval_status: "rejected", completed_count: 1 });
  });

  it("lets an optional rejection advise without deciding", () => {
    const approvers = answer(reviewers(true, false), "u1", "rejected");
    expect(summarize(approvers, "pending").status).toBe("pending");
  });

  it("never flips a decided request, but counts later answers", () => {
    let approvers = answer(reviewers(true, true), "u0", "rejected");
    expect(summarize(approvers, "pending").status).toBe("rejected");
    approvers = answer(approvers, "u1", "approved");
    expect(summarize(approvers, "rejected")).toMatchObject({ status: "rejected", completed_count: 2 });
  });

  it("takes one answer per reviewer, and none from anyone else", () => {
    const approvers = answer(reviewers(true), "u0", "approved");
    expect(recordReview(approvers, "u0", "rejected", null, "x")).toEqual({ ok: false, reason: "already_answered" });
    expect(recordReview(approvers, "stranger", "approved", null, "x")).toEqual({ ok: false, reason: "not_a_reviewer" });
  });

  it("records the notes and the time of an answer", () => {
    const outcome = recordReview(reviewers(true), "u0", "rejected", "I'm away that week", "2026-03-01T10:00:00.000Z");
    expect(outcome.ok && outcome.approver).toMatchObject({ status: "rejected", response_notes: "I'm away that week", responded_at: "2026-03-01T10:00:00.000Z" });
  });
});
