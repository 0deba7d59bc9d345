import type { TApprovalStatus, TApproverStatus, TEventRequestStatus } from "@amia/contracts";

/*
 * Labels and pill tones of SPEC.md section 4 "Event request status": pending / approved /
 * rejected shown as Pending / Approved / Rejected with tones secondary / primary / danger;
 * approval_status adds no_approvals, "No Reviewers". Importance 4 or more is high (section 9).
 */

export type PillTone = "primary" | "secondary" | "danger" | "success" | "warning" | "neutral";

export const STATUS_LABELS: Record<TEventRequestStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
};

export const STATUS_TONES: Record<TEventRequestStatus, PillTone> = {
  pending: "secondary",
  approved: "primary",
  rejected: "danger",
};

export const APPROVAL_STATUS_LABELS: Record<TApprovalStatus, string> = {
  ...STATUS_LABELS,
  no_approvals: "No Reviewers",
};

export const APPROVAL_STATUS_TONES: Record<TApprovalStatus, PillTone> = {
  ...STATUS_TONES,
  no_approvals: "neutral",
};

/** The tooltip beside a required reviewer (SPEC.md section 4). */
export const REQUIRED_REVIEWER_TOOLTIP = "A required reviewer's approval causes the event to be created.";

export const HIGH_IMPORTANCE_LEVEL = 4;

export function statusLabel(status: TEventRequestStatus): string {
  return STATUS_LABELS[status] ?? status;
}

export function statusTone(status: TEventRequestStatus): PillTone {
  return STATUS_TONES[status] ?? "neutral";
}

export function approvalStatusLabel(status: TApprovalStatus): string {
  return APPROVAL_STATUS_LABELS[status] ?? status;
}

export function approvalStatusTone(status: TApprovalStatus): PillTone {
  return APPROVAL_STATUS_TONES[status] ?? "neutral";
}

/** An approver's own answer uses the same words and tones as the request's status. */
export function approverStatusLabel(status: TApproverStatus): string {
  return STATUS_LABELS[status] ?? status;
}

export function approverStatusTone(status: TApproverStatus): PillTone {
  return STATUS_TONES[status] ?? "neutral";
}

/** "Required" or "Optional". */
export function approverRequiredLabel(required: boolean): "Required" | "Optional" {
  return required ? "Required" : "Optional";
}

export function isHighImportance(level: number | null | undefined): boolean {
  return typeof level === "number" && level >= HIGH_IMPORTANCE_LEVEL;
}
