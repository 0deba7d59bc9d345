import { describe, expect, it } from "vitest";
import {
  approvalOf,
  approvalReason,
  askAgain,
  newApprovers,
  outcomeOf,
  recordReview,
  reviewerProblems,
  statusAfterAnswer,
  statusAfterReviewerLeft,
  type ApproverState,
} from "./approval-rules.ts";

let counter = 0;
const ids = () => `a${++counter}`;
const reviewers = (...required: boolean[]) => newApprovers(required.map((isRequired, i) => ({ user_id: `u${i}`, required: isRequired })), ids);
const answer = (approvers: ApproverState[], userId: string, decision: "approved" | "rejected") => {
  const outcome = recordReview(approvers, userId, decision, null, "2026-03-01T10:00:00.000Z");
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.approvers;
};

describe("approval rules", () => {
  it("approves with nobody to ask, and says no_approvals", () => {
    expect(outcomeOf([])).toBe("approved");
    expect(approvalOf([], "approved")).toEqual({ status: "approved", approval_status: "no_approvals", requested_approvals: 0, completed_count: 0 });
    expect(approvalReason([])).toBe("no_required_reviewers");
  });

  it("approves when every reviewer is optional", () => {
    const optional = reviewers(false, false);
    expect(outcomeOf(optional)).toBe("approved");
    expect(approvalOf(optional, "approved")).toEqual({ status: "approved", approval_status: "approved", requested_approvals: 2, completed_count: 0 });
    expect(approvalReason(optional)).toBe("no_required_reviewers");
  });

  it("waits for every required reviewer, then approves", () => {
    let approvers = reviewers(true, true, false);
    expect(outcomeOf(approvers)).toBe("pending");
    approvers = answer(approvers, "u0", "approved");
    expect(statusAfterAnswer("pending", approvers)).toBe("pending");
    expect(approvalOf(approvers, "pending")).toMatchObject({ completed_count: 1, requested_approvals: 3 });
    approvers = answer(approvers, "u1", "approved");
    expect(statusAfterAnswer("pending", approvers)).toBe("approved");
    expect(approvalReason(approvers)).toBe("all_required_approved");
  });

  it("rejects as soon as one required reviewer rejects; an optional rejection only advises", () => {
    expect(statusAfterAnswer("pending", answer(reviewers(true, true), "u1", "rejected"))).toBe("rejected");
    expect(statusAfterAnswer("pending", answer(reviewers(true, false), "u1", "rejected"))).toBe("pending");
  });

  it("never flips a decided request by an answer, but counts it", () => {
    let approvers = answer(reviewers(true, true), "u0", "rejected");
    approvers = answer(approvers, "u1", "approved");
    expect(statusAfterAnswer("rejected", approvers)).toBe("rejected");
    expect(statusAfterAnswer("approved", answer(reviewers(true, false), "u1", "rejected"))).toBe("approved");
    expect(approvalOf(approvers, "rejected")).toMatchObject({ approval_status: "rejected", completed_count: 2 });
  });

  it("never approves a request whose last required reviewer left; approves when the remaining required ones all approved", () => {
    expect(statusAfterReviewerLeft(reviewers(false))).toBe("pending");
    expect(statusAfterReviewerLeft([])).toBe("pending");
    expect(approvalOf([], "pending")).toMatchObject({ status: "pending", approval_status: "pending", requested_approvals: 0 });
    expect(statusAfterReviewerLeft(answer(reviewers(true), "u0", "approved"))).toBe("approved");
    expect(statusAfterReviewerLeft(reviewers(true))).toBe("pending");
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

  it("asks again everyone who answered, whatever they answered, and nobody else", () => {
    const answered = answer(answer(reviewers(true, false, true), "u0", "approved"), "u1", "rejected");
    const { approvers, askedAgain } = askAgain(answered);
    expect(askedAgain).toEqual(["u0", "u1"]);
    expect(approvers.map((a) => [a.user_id, a.status, a.response_notes, a.responded_at])).toEqual([
      ["u0", "pending", null, null],
      ["u1", "pending", null, null],
      ["u2", "pending", null, null],
    ]);
    expect(approvers[0]?.id).toBe(answered[0]?.id);
  });

  it("lets only connected people other than the creator review", () => {
    const problems = reviewerProblems("me", [{ user_id: "friend", required: true }, { user_id: "stranger", required: false }, { user_id: "me", required: false }], new Set(["friend"]));
    expect(problems.map((p) => p.path)).toEqual(["approvers.1.user_id", "approvers.2.user_id"]);
    expect(problems[0]?.message).toContain("not among your relationships");
    expect(problems[1]?.message).toContain("you cannot review your own request");
  });
});
