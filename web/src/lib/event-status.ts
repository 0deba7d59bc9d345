import type { TApprovalStatus, TApprover, TApproverStatus, TEventRequest, TEventRequestStatus } from "@amia/contracts";

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

/**
 * A reviewer's answer to the Google Calendar invitation the approved event sent them (two-way
 * sync), in plain words; null when they were not invited or nothing is known yet.
 */
export function googleInvitationLabel(response: TApprover["google_response"]): string | null {
  switch (response) {
    case "accepted":
      return "Accepted in Google Calendar";
    case "declined":
      return "Declined in Google Calendar";
    case "tentative":
      return "Maybe, in Google Calendar";
    case "needsAction":
      return "Invited in Google Calendar, no answer yet";
    default:
      return null;
  }
}

/** "Required" or "Optional". */
export function approverRequiredLabel(required: boolean): "Required" | "Optional" {
  return required ? "Required" : "Optional";
}

export function isHighImportance(level: number | null | undefined): boolean {
  return typeof level === "number" && level >= HIGH_IMPORTANCE_LEVEL;
}

// ---- Reviewers and approval progress (issue 11 point 3) ----------------------------------
/*
 * The one place for how far a request's review has come; the detail page and the dashboard's
 * details modal both show it. Required reviewers gate a request, optional ones advise (DESIGN.md),
 * so the progress counts required approvals, and optional answers are counted apart:
 *
 *   pending,  required only        "0 of 1 required approvals"
 *   pending,  required + optional  "1 of 2 required approvals · optional: 0 of 1 answered"
 *   approved, required             "1 of 1 required approvals"
 *   approved, optional only        "Approved — no required reviewers · optional: 0 of 1 answered"
 *   rejected                       "Rejected by a required reviewer" (+ the optional count)
 *   pending,  no required left     "No required reviewers left" (+ the optional count)
 *   nobody asked                   "No reviewers"
 *
 * An optional reviewer's rejection is their own answer ("Rejected · optional"), never the
 * request's status.
 */

type ReviewedRequest = Pick<TEventRequest, "status" | "approvers">;

/** Nobody to ask: approved at once; pending when every reviewer left (the creator decides). */
const NO_REVIEWERS_LABELS: Record<TEventRequestStatus, string> = {
  approved: "No reviewers",
  pending: "No reviewers left",
  rejected: "Rejected",
};

export interface ApprovalProgress {
  /** The line above the bar (also the bar's accessible value). */
  label: string;
  /** The bar's fill, 0–100: required approvals so far; null when there is no bar to show. */
  percent: number | null;
}

export function approvalProgress({ status, approvers }: ReviewedRequest): ApprovalProgress {
  const required = approvers.filter((approver) => approver.required);
  const optional = approvers.filter((approver) => !approver.required);
  const approved = required.filter((approver) => approver.status === "approved").length;
  const rejected = required.filter((approver) => approver.status === "rejected").length;
  const answered = optional.filter((approver) => approver.status !== "pending").length;
  const optionalPart = optional.length > 0 ? ` · optional: ${answered} of ${optional.length} answered` : "";

  if (approvers.length === 0) return { label: NO_REVIEWERS_LABELS[status], percent: null };
  if (status === "rejected") {
    const by = rejected === 0 ? "Rejected" : rejected === 1 ? "Rejected by a required reviewer" : `Rejected by ${rejected} required reviewers`;
    return { label: `${by}${optionalPart}`, percent: null };
  }
  if (required.length === 0) {
    return status === "approved"
      ? { label: `Approved — no required reviewers${optionalPart}`, percent: 100 }
      : { label: `No required reviewers left${optionalPart}`, percent: 0 };
  }
  return {
    label: `${approved} of ${required.length} required approvals${optionalPart}`,
    percent: Math.round((approved / required.length) * 100),
  };
}

/**
 * One reviewer's answer as its pill reads. A required reviewer's uses the request's words and
 * tones; an optional one's says "optional" and never takes the danger tone of a rejected
 * request. A pending answer on a decided request no longer decides anything: "No answer".
 */
export function approverAnswer(
  approver: Pick<TApprover, "required" | "status">,
  requestStatus: TEventRequestStatus,
): { label: string; tone: PillTone } {
  const open = requestStatus === "pending";
  if (approver.required) {
    if (approver.status === "pending") return open ? { label: "Pending", tone: "secondary" } : { label: "No answer", tone: "neutral" };
    return { label: approverStatusLabel(approver.status), tone: approverStatusTone(approver.status) };
  }
  switch (approver.status) {
    case "pending":
      return { label: open ? "Pending · optional" : "No answer · optional", tone: "neutral" };
    case "approved":
      return { label: "Approved · optional", tone: "primary" };
    case "rejected":
      return { label: "Rejected · optional", tone: "warning" };
    default:
      return { label: approverStatusLabel(approver.status), tone: "neutral" };
  }
}

/**
 * A reviewer's name: the name the events service gives (its people projection), "(you)" after
 * the viewer's own; without a name, "You" or "Reviewer" (numbered when there are several), never
 * "Unknown reviewer".
 */
export function approverName(
  approver: Pick<TApprover, "full_name" | "user_id">,
  viewerId: string | null | undefined,
  position?: { index: number; count: number },
): string {
  const name = approver.full_name?.trim() ?? "";
  const isViewer = Boolean(viewerId) && approver.user_id === viewerId;
  if (name !== "") return isViewer ? `${name} (you)` : name;
  if (isViewer) return "You";
  return position && position.count > 1 ? `Reviewer ${position.index + 1}` : "Reviewer";
}

/** The organizer's name for a reviewer's eyes: created_by_full_name, else "the organizer". */
export function organizerName(request: Pick<TEventRequest, "created_by_full_name">): string {
  const name = request.created_by_full_name?.trim() ?? "";
  return name === "" ? "the organizer" : name;
}

/**
 * Where the event stands in Google Calendar, for whoever is looking: the creator's own calendar
 * ("Added to Google Calendar"), or, to a reviewer, the organizer's ("On Ana Silva's calendar"):
 * the event is never on a reviewer's calendar. Null when there is nothing to say: no Google event,
 * a rejected request, or (to a reviewer) a request not approved (yet, or again).
 */
export function calendarNote(
  request: Pick<TEventRequest, "google_event_id" | "status" | "created_by" | "created_by_full_name">,
  viewerId: string | null | undefined,
): string | null {
  if (!request.google_event_id || request.status === "rejected") return null;
  if (Boolean(viewerId) && request.created_by === viewerId) {
    return request.status === "approved" ? "Added to Google Calendar" : "On your Google Calendar · waiting for your reviewers to approve the change";
  }
  if (request.status !== "approved") return null;
  const name = organizerName(request);
  return name === "the organizer" ? "On the organizer's calendar" : `On ${name}'s calendar`;
}
