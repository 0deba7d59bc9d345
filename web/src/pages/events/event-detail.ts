import type { TApprover, TEventRequest } from "@amia/contracts";
import { ApiError } from "../../api/client.ts";

/* The Event detail page's rules (SPEC.md section 2 "Event detail", plus the reviewer flow). */

export const UNKNOWN_REVIEWER = "Unknown reviewer";

/** The reviewer's name from the BFF, or "Unknown reviewer". */
export function approverName(approver: Pick<TApprover, "full_name">): string {
  const name = approver.full_name?.trim() ?? "";
  return name === "" ? UNKNOWN_REVIEWER : name;
}

/** The signed-in user's own approver entry while it still waits for their answer. */
export function pendingApproverFor(
  request: Pick<TEventRequest, "approvers">,
  userId: string | null | undefined,
): TApprover | undefined {
  if (!userId) return undefined;
  return request.approvers.find((approver) => approver.user_id === userId && approver.status === "pending");
}

/** "{completed_count} of {requested_approvals} approvals completed" and the bar's 0-100 fill. */
export function approvalProgress(request: Pick<TEventRequest, "completed_count" | "requested_approvals">): {
  label: string;
  percent: number;
} {
  const { completed_count: done, requested_approvals: asked } = request;
  const percent = asked > 0 ? Math.round((Math.min(done, asked) / asked) * 100) : 0;
  return { label: `${done} of ${asked} approvals completed`, percent };
}

/** A 404 from the API: the request is missing, or not the caller's to see. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
