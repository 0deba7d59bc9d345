import { createEvent } from "@amia/kit";
import type { TDomainEvent, TEventDataOf, TEventOf, TEventRequestDeleteCause, TEventRequestStatus } from "@amia/contracts";
import type { AnsweredApprover, ApprovalReason, ApproverState } from "../domain/approval-rules.ts";
import type { EventRequestState } from "../domain/event-request.ts";

/** `producer` of every event this service emits (wire name). */
export const PRODUCER = "events";

/**
 * What the events service publishes (topic `event-requests`, keyed by the request id). The
 * decisions build these pure drafts, `{type, actor_id, data}`; `toEnvelopes` gives them an id
 * and a time when they are written to the outbox. Every payload carries `request_version`, the
 * version of the write that caused it.
 */
type EventRequestEventType = Extract<TDomainEvent["type"], `event-request.${string}`>;
export type EventRequestEventOf<T extends EventRequestEventType> = { type: T; actor_id: string | null; data: TEventDataOf<T> };
export type EventRequestEvent = { [T in EventRequestEventType]: EventRequestEventOf<T> }[EventRequestEventType];

type State = EventRequestState;

/** The request as events carry it: its wire fields, without the approvers and counts. */
function snapshot(state: State) {
  const { _id, version, created_by, title, description, location, notes, start_date, end_date, importance_level, status, approval_status, google_event_id } = state;
  return { event_request_id: _id, request_version: version, created_by, title, description, location, notes, start_date, end_date, recurrence: state.recurrence ?? null, importance_level, status, approval_status, google_event_id };
}

const approverList = (state: State) => state.approvers.map(({ user_id, required }) => ({ user_id, required }));

export function eventRequestCreated(state: State, creatorFullName: string | null): EventRequestEventOf<"event-request.created"> {
  return { type: "event-request.created", actor_id: state.created_by, data: { ...snapshot(state), creator_full_name: creatorFullName, approvers: approverList(state) } };
}

export function eventRequestUpdated(state: State, changedFields: string[], creatorFullName: string | null, reviewersAskedAgain: string[]): EventRequestEventOf<"event-request.updated"> {
  return {
    type: "event-request.updated",
    actor_id: state.created_by,
    data: { ...snapshot(state), changed_fields: changedFields, creator_full_name: creatorFullName, approvers: approverList(state), reviewers_asked_again: reviewersAskedAgain },
  };
}

export function eventRequestDeleted(state: State, cause?: TEventRequestDeleteCause): EventRequestEventOf<"event-request.deleted"> {
  return {
    type: "event-request.deleted",
    actor_id: state.created_by,
    data: {
      event_request_id: state._id,
      request_version: state.version,
      created_by: state.created_by,
      title: state.title,
      google_event_id: state.google_event_id,
      approver_user_ids: state.reviewer_ids,
      ...(cause ? { cause } : {}),
    },
  };
}

export function reviewRecorded(state: State, approver: AnsweredApprover, reviewerFullName: string | null): EventRequestEventOf<"event-request.review-recorded"> {
  return {
    type: "event-request.review-recorded",
    actor_id: approver.user_id,
    data: {
      event_request_id: state._id,
      request_version: state.version,
      created_by: state.created_by,
      title: state.title,
      reviewer_id: approver.user_id,
      reviewer_full_name: reviewerFullName,
      required: approver.required,
      status: approver.status,
      response_notes: approver.response_notes,
      responded_at: approver.responded_at,
      completed_count: state.completed_count,
      requested_approvals: state.requested_approvals,
    },
  };
}

export function eventRequestApproved(state: State, reason: ApprovalReason, actorId: string | null): EventRequestEventOf<"event-request.approved"> {
  return { type: "event-request.approved", actor_id: actorId, data: { ...snapshot(state), reason } };
}

export function eventRequestRejected(state: State, rejecter: ApproverState, rejecterFullName: string | null): EventRequestEventOf<"event-request.rejected"> {
  return {
    type: "event-request.rejected",
    actor_id: rejecter.user_id,
    data: {
      event_request_id: state._id,
      request_version: state.version,
      created_by: state.created_by,
      title: state.title,
      rejected_by: rejecter.user_id,
      rejected_by_full_name: rejecterFullName,
      response_notes: rejecter.response_notes,
    },
  };
}

export function reviewerRemoved(
  state: State,
  removed: ApproverState,
  reviewerFullName: string | null,
  previousStatus: TEventRequestStatus,
  actorId: string | null,
): EventRequestEventOf<"event-request.reviewer-removed"> {
  return {
    type: "event-request.reviewer-removed",
    actor_id: actorId,
    data: { ...snapshot(state), reviewer_id: removed.user_id, reviewer_full_name: reviewerFullName, required: removed.required, previous_status: previousStatus, reason: "relationship_ended" },
  };
}

/** The drafts of one write as catalogue events (a fresh id and time each), keyed by the request. */
/**
 * Approvals and updates with `attendees`: the approvers among `emails` whose email is known, in
 * the map's order. Pure; other events pass as they are.
 */
export function withAttendees(events: EventRequestEvent[], emails: ReadonlyMap<string, string | null>): EventRequestEvent[] {
  const attendees = [...emails].flatMap(([user_id, email]) => (email ? [{ user_id, email }] : []));
  return events.map((event) => (event.type === "event-request.approved" || event.type === "event-request.updated" ? ({ ...event, data: { ...event.data, attendees } } as EventRequestEvent) : event));
}

export function toEnvelopes(requestId: string, events: readonly EventRequestEvent[]): TDomainEvent[] {
  return events.map((event) => createEvent(PRODUCER, event.type, { subject: requestId, actor_id: event.actor_id, data: event.data } as never) as TEventOf<typeof event.type>);
}
