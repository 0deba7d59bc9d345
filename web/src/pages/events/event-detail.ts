import type { TApprover, TEventRequest } from "@amia/contracts";
import { ApiError } from "../../api/client.ts";
import { organizerName } from "../../lib/event-status.ts";

/*
 * The Event detail page's rules (SPEC.md section 2 "Event detail", plus the reviewer flow).
 * Approval progress, reviewers' names and answers: lib/event-status.ts.
 */

/** The signed-in user's own approver entry while it still waits for their answer. */
export function pendingApproverFor(
  request: Pick<TEventRequest, "approvers">,
  userId: string | null | undefined,
): TApprover | undefined {
  if (!userId) return undefined;
  return request.approvers.find((approver) => approver.user_id === userId && approver.status === "pending");
}

/**
 * What the "Your review" card says above Approve / Reject. Who asks, and whether the answer
 * decides anything: a required reviewer's decides a pending request, an optional one's is advice.
 * A request edited since it was made may be one the reviewer answered before: a change of date,
 * time, zone, place or repeat asks them again (the events service resets their answer), so the card
 * says that this is why it asks again, without claiming they had answered.
 */
export function reviewPrompt(
  request: Pick<TEventRequest, "status" | "created_by_full_name" | "created_at" | "updated_at">,
  approver: Pick<TApprover, "required">,
): { lead: string; again: string | null } {
  const who = organizerName(request);
  const asker = who === "the organizer" ? "The organizer" : who;
  const lead = approver.required
    ? request.status === "pending"
      ? `${asker} needs your answer: as a required reviewer, your approval is needed before the event is created.`
      : `${asker} asked for your review. The request is already decided; your answer is recorded and shown.`
    : `${asker} asked for your opinion. You are an optional reviewer: your answer is shown, but it does not decide the request.`;
  const edited = Date.parse(request.updated_at) > Date.parse(request.created_at);
  return { lead, again: edited ? "If you answered before: the date, time, place or how it repeats changed since, so it needs your answer again." : null };
}

/** "Created Mar 1, 2026" — and, to anyone but the creator, by whom. */
export function createdLine(createdDate: string, request: Pick<TEventRequest, "created_by_full_name">, isOwn: boolean): string {
  return isOwn ? `Created ${createdDate}` : `Created ${createdDate} by ${organizerName(request)}`;
}

/** A 404 from the API: the request is missing, or not the caller's to see. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
