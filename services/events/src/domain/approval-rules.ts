import type { TApproverInput, TApproverStatus, TApprovalStatus, TEventRequestStatus, TFieldError, TReviewDecision } from "@amia/contracts";

/**
 * How an event request is decided (DESIGN.md "When a request is decided"): required reviewers
 * gate it, optional ones advise. Pure functions over plain values; the decisions (decide.ts)
 * combine them.
 */

/** One approver as stored (storage and wire names, SPEC.md section 3). */
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
  approval_status: TApprovalStatus;
  requested_approvals: number;
  completed_count: number;
}

/** Why a request was approved; wire values of `event-request.approved`. */
export type ApprovalReason = "all_required_approved" | "no_required_reviewers";

/**
 * What the answers make of an open request: any required rejection rejects it, all required
 * approvals approve it (so does having no required reviewer), otherwise it waits.
 */
export function outcomeOf(approvers: readonly ApproverState[]): TEventRequestStatus {
  const required = approvers.filter((approver) => approver.required);
  if (required.some((approver) => approver.status === "rejected")) return "rejected";
  if (required.every((approver) => approver.status === "approved")) return "approved";
  return "pending";
}

/**
 * After an answer: a decided request stays decided. Answers after the outcome (an optional
 * reviewer's, or a required one's after a rejection) are recorded and shown but never flip it;
 * only a material edit re-opens a request (decide.ts, edit).
 */
export function statusAfterAnswer(previous: TEventRequestStatus, approvers: readonly ApproverState[]): TEventRequestStatus {
  switch (previous) {
    case "approved":
    case "rejected":
      return previous;
    case "pending":
      return outcomeOf(approvers);
    default:
      return assertNever(previous);
  }
}

/**
 * After a reviewer of a pending request left (the relationship ended): the remaining required
 * reviewers may all have approved already, which approves it; but losing the last required
 * reviewer never approves a request nobody approved: it stays pending, and its creator decides
 * (delete it, or create it again with other reviewers).
 */
export function statusAfterReviewerLeft(remaining: readonly ApproverState[]): TEventRequestStatus {
  if (!remaining.some((approver) => approver.required)) return "pending";
  return outcomeOf(remaining);
}

/**
 * The counts and the reviewers' verdict for a request in `status`. `approval_status` mirrors
 * `status`, except "no_approvals" for a request approved with nobody to ask (docs/decisions.md).
 */
export function approvalOf(approvers: readonly ApproverState[], status: TEventRequestStatus): Approval {
  return {
    status,
    approval_status: approvers.length === 0 && status === "approved" ? "no_approvals" : status,
    requested_approvals: approvers.length,
    completed_count: approvers.filter((approver) => approver.status !== "pending").length,
  };
}

/** The reason to announce when a request has just become approved. */
export function approvalReason(approvers: readonly ApproverState[]): ApprovalReason {
  return approvers.some((approver) => approver.required) ? "all_required_approved" : "no_required_reviewers";
}

/**
 * Who may review (DESIGN.md): people the creator is connected with, never the creator. One
 * problem per refused entry, named by its path in the create body.
 */
export function reviewerProblems(creatorId: string, inputs: readonly TApproverInput[], connected: ReadonlySet<string>): TFieldError[] {
  return inputs.flatMap(({ user_id: id }, index) => {
    const path = `approvers.${index}.user_id`;
    if (id === creatorId) return [{ path, message: `${path}: you cannot review your own request` }];
    if (!connected.has(id)) return [{ path, message: `${path}: user ${id} is not among your relationships; only people you are connected with can review` }];
    return [];
  });
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

/** An approver who has just answered. */
export type AnsweredApprover = ApproverState & { status: TReviewDecision; responded_at: string };

export type ReviewOutcome =
  | { ok: true; approvers: ApproverState[]; approver: AnsweredApprover }
  | { ok: false; reason: "not_a_reviewer" | "already_answered" };

/** Records one reviewer's answer; each reviewer answers once (until a material edit asks again). */
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
  const approver: AnsweredApprover = { ...current, status: decision, response_notes: notes, responded_at: at };
  return { ok: true, approver, approvers: approvers.map((a) => (a.user_id === reviewerId ? approver : a)) };
}

/**
 * A material change asks again everyone who answered (approved or rejected, required or
 * optional): their answers go back to pending, notes and time cleared.
 */
export function askAgain(approvers: readonly ApproverState[]): { approvers: ApproverState[]; askedAgain: string[] } {
  const askedAgain = approvers.filter((approver) => approver.status !== "pending").map((approver) => approver.user_id);
  return {
    askedAgain,
    approvers: approvers.map((approver) =>
      approver.status === "pending" ? approver : { ...approver, status: "pending", response_notes: null, responded_at: null },
    ),
  };
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
