import { createEvent } from "@amia/kit";
import type { TEventOf, TReviewDecision } from "@amia/contracts";
import type { ApprovalReason, ApproverState } from "../domain/approval-rules.ts";
import { toEventRequest, type EventRequestDocument } from "../store/event-requests-store.ts";

export const PRODUCER = "events";

type Doc = EventRequestDocument;

/** The request as events carry it: its wire shape, without the approvers and counts. */
function snapshot(doc: Doc) {
  const { id, title, description, location, notes, start_date, end_date, importance_level, status, approval_status, google_event_id, created_by } = toEventRequest(doc);
  return { event_request_id: id, request_version: doc.version, created_by, title, description, location, notes, start_date, end_date, importance_level, status, approval_status, google_event_id };
}

export function eventRequestCreated(doc: Doc, creatorFullName: string | null): TEventOf<"event-request.created"> {
  return createEvent(PRODUCER, "event-request.created", {
    subject: doc._id,
    actor_id: doc.created_by,
    data: { ...snapshot(doc), creator_full_name: creatorFullName, approvers: doc.approvers.map(({ user_id, required }) => ({ user_id, required })) },
  });
}

export function eventRequestUpdated(doc: Doc, changedFields: string[], creatorFullName: string | null, reviewersAskedAgain: string[]): TEventOf<"event-request.updated"> {
  return createEvent(PRODUCER, "event-request.updated", {
    subject: doc._id,
    actor_id: doc.created_by,
    data: {
      ...snapshot(doc),
      changed_fields: changedFields,
      creator_full_name: creatorFullName,
      approvers: doc.approvers.map(({ user_id, required }) => ({ user_id, required })),
      reviewers_asked_again: reviewersAskedAgain,
    },
  });
}

export function eventRequestDeleted(doc: Doc): TEventOf<"event-request.deleted"> {
  return createEvent(PRODUCER, "event-request.deleted", {
    subject: doc._id,
    actor_id: doc.created_by,
    data: { event_request_id: doc._id, request_version: doc.version, created_by: doc.created_by, title: doc.title, google_event_id: doc.google_event_id, approver_user_ids: doc.reviewer_ids },
  });
}

export function reviewRecorded(doc: Doc, approver: ApproverState & { status: TReviewDecision; responded_at: string }, reviewerFullName: string | null): TEventOf<"event-request.review-recorded"> {
  return createEvent(PRODUCER, "event-request.review-recorded", {
    subject: doc._id,
    actor_id: approver.user_id,
    data: {
      event_request_id: doc._id,
      request_version: doc.version,
      created_by: doc.created_by,
      title: doc.title,
      reviewer_id: approver.user_id,
      reviewer_full_name: reviewerFullName,
      required: approver.required,
      status: approver.status,
      response_notes: approver.response_notes,
      responded_at: approver.responded_at,
      completed_count: doc.completed_count,
      requested_approvals: doc.requested_approvals,
    },
  });
}

export function eventRequestApproved(doc: Doc, reason: ApprovalReason, actorId: string): TEventOf<"event-request.approved"> {
  return createEvent(PRODUCER, "event-request.approved", { subject: doc._id, actor_id: actorId, data: { ...snapshot(doc), reason } });
}

export function eventRequestRejected(doc: Doc, rejecter: ApproverState, rejecterFullName: string | null): TEventOf<"event-request.rejected"> {
  return createEvent(PRODUCER, "event-request.rejected", {
    subject: doc._id,
    actor_id: rejecter.user_id,
    data: {
      event_request_id: doc._id,
      request_version: doc.version,
      created_by: doc.created_by,
      title: doc.title,
      rejected_by: rejecter.user_id,
      rejected_by_full_name: rejecterFullName,
      response_notes: rejecter.response_notes,
    },
  });
}
