import type { TApproverInput, TApproverStatus, TEventRequestStatus, TReviewDecision } from "@amia/contracts";

/**
 * How an event request is decided (DESIGN.md "When a request is decided"): required reviewers
 * gate it, optional ones advise. Pure functions over plain values; the store persists what they
 * return, guarded on the state they read.
 */

export interface ApproverState {
  id: string;
  user_id: string;
  required: boolean;
  status: TApproverStatus;
  response_notes: string | null;
  responded_at: string | null;
}

export interface Approval {
  status: TEventRequestStatus;
  approval_status: "pending" | "approved" | "rejected" | "no_approvals";
  requested_approvals: number;
  completed_count: number;
}

/** Why a request was approved; wire values of `event-request.approved`. */
export type ApprovalReason = "all_required_approved" | "no_required_reviewers";

/**
 * The request's approval as its approvers' answers make it. `approval_status` mirrors `status`,
 * except "no_approvals" when nobody was asked (docs/decisions.md).
 */
export function summarize(approvers: readonly ApproverState[], previous: TEventRequestStatus | undefined): Approval {
  const required = approvers.filter((approver) => approver.required);
  const completed = approvers.filter((approver) => approver.status !== "pending").length;
  const status = nextStatus(previous, required);
  return {
    status,
    approval_status: approvers.length === 0 ? "no_approvals" : status,
    requested_approvals: approvers.length,
    completed_count: completed,
  };
}

/**
 * A decided request stays decided: answers after the outcome are recorded and shown, but never
 * flip it (the calendar event may already exist).
 */
function nextStatus(previous: TEventRequestStatus | undefined, required: readonly ApproverState[]): TEventRequestStatus {
  switch (previous) {
    case "approved":
    case "rejected":
      return previous;
    case "pending":
    case undefined:
      if (required.some((approver) => approver.status === "rejected")) return "rejected";
      if (required.every((approver) => approver.status === "approved")) return "approved";
      return "pending";
    default:
      return assertNever(previous);
  }
}

/** The reason to announce when a request has just become approved. */
export function approvalReason(approvers: readonly ApproverState[]): ApprovalReason {
  return approvers.some((approver) => approver.required) ? "all_required_approved" : "no_required_reviewers";
}

export function newApprovers(inputs: readonly TApproverInput[], makeId: () => string): ApproverState[] {
  return inputs.map((input) => ({
    id: makeId(),
    user_id: input.user_id,
    required: input.required,
    status: "pending",
    response_notes: null,
    responded_at: null,
  }));
}

export type ReviewOutcome =
  | { ok: true; approvers: ApproverState[]; approver: ApproverState }
  | { ok: false; reason: "not_a_reviewer" | "already_answered" };

/** Records one reviewer's answer; each reviewer answers once. */
export function recordReview(
  approvers: readonly ApproverState[],
  reviewerId: string,
  decision: TReviewDecision,
  notes: string | null,
  at: string,
): ReviewOutcome {
  const current = approvers.find((approver) => approver.user_id === reviewerId);
  if (!current) return { ok: false, reason: "not_a_reviewer" };
  if (current.status !== "pending") return { ok: false, reason: "already_answered" };
  const approver: ApproverState = { ...current, status: decision, response_notes: notes, responded_at: at };
  return { ok: true, approver, approvers: approvers.map((a) => (a.user_id === reviewerId ? approver : a)) };
}

function assertNever(value: never): never {
  throw new Error(`Unhandled request status: ${String(value)}`);
}
