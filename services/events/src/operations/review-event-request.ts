import { AppError, notFound } from "@amia/kit";
import type { TDomainEvent, TReviewDecision } from "@amia/contracts";
import { approvalReason, recordReview, summarize } from "../domain/approval-rules.ts";
import { eventRequestApproved, eventRequestRejected, reviewRecorded } from "../events/event-request-events.ts";
import type { EventRequestDocument, EventRequestsStore } from "../store/event-requests-store.ts";
import type { PeopleProjection } from "../store/people-projection.ts";

const MAX_ATTEMPTS = 5;

/**
 * A reviewer approves or rejects, once. The answer, and the approval or rejection it causes,
 * are written and announced together; two reviewers answering at once are serialized by the
 * version check (the loser reads again and decides on what the winner wrote).
 */
export async function reviewEventRequest(
  deps: { store: EventRequestsStore; people: PeopleProjection },
  reviewerId: string,
  requestId: string,
  decision: TReviewDecision,
  notes: string | null,
  now = new Date(),
): Promise<EventRequestDocument> {
  const at = now.toISOString();
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const stored = await deps.store.findVisible(reviewerId, requestId);
    if (!stored) throw notFound("Event request");
    const outcome = recordReview(stored.approvers, reviewerId, decision, notes, at);
    if (!outcome.ok) {
      throw outcome.reason === "already_answered"
        ? new AppError("conflict", "You have already answered this request")
        : new AppError("forbidden", "Only the reviewers of this request can approve or reject it");
    }
    const approval = summarize(outcome.approvers, stored.status);
    const next: EventRequestDocument = { ...stored, approvers: outcome.approvers, ...approval, version: stored.version + 1 };
    const reviewerName = await deps.people.fullName(reviewerId);
    const events: TDomainEvent[] = [reviewRecorded(next, { ...outcome.approver, status: decision, responded_at: at }, reviewerName)];
    if (stored.status === "pending" && approval.status === "approved") events.push(eventRequestApproved(next, approvalReason(next.approvers), reviewerId));
    if (stored.status === "pending" && approval.status === "rejected") events.push(eventRequestRejected(next, outcome.approver, reviewerName));
    if (await deps.store.replaceIfUnchanged(reviewerId, stored, { approvers: next.approvers, ...approval }, events)) return next;
  }
  throw new AppError("conflict", "This request is being answered by others right now; please try again");
}
