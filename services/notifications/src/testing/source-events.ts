import { randomUUID } from "node:crypto";
import { createEvent } from "@amia/kit";
import type { TEventDataOf } from "@amia/contracts";

/**
 * Valid events of the kinds notifications consumes, as their producers would publish them, for
 * tests. Each takes the payload fields a test cares about; the rest get plausible values.
 */


/** An event request as its events carry it after a change (created, updated, approved, ...). */
function requestSnapshot(status: "pending" | "approved", request_version: number) {
  return {
    event_request_id: randomUUID(),
    created_by: randomUUID(),
    title: "Team lunch",
    description: null,
    location: null,
    notes: null,
    start_date: { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" },
    end_date: { date_time: "2026-03-11T13:00", time_zone: "Europe/Lisbon" },
    importance_level: 1,
    status,
    approval_status: status,
    google_event_id: null,
    request_version,
  };
}

export function relationshipRequestCreated(data: Partial<TEventDataOf<"relationship-request.created">> = {}) {
  const full = {
    request_id: randomUUID(),
    requester_id: randomUUID(),
    requester_full_name: "Ana Silva",
    requester_email: "ana@example.com",
    requested_email: "bruno@example.com",
    requested_user_id: randomUUID(),
    created_at: new Date().toISOString(),
    ...data,
  };
  return createEvent("relationships", "relationship-request.created", { subject: full.request_id, actor_id: full.requester_id, data: full });
}

export function relationshipRequestDelivered(data: Partial<TEventDataOf<"relationship-request.delivered">> = {}) {
  const full = {
    request_id: randomUUID(),
    requester_id: randomUUID(),
    requester_full_name: "Ana Silva",
    requester_email: "ana@example.com",
    requested_email: "dora@example.com",
    requested_user_id: randomUUID(),
    ...data,
  };
  return createEvent("relationships", "relationship-request.delivered", { subject: full.request_id, actor_id: full.requested_user_id, data: full });
}

export function relationshipRequestAccepted(data: Partial<TEventDataOf<"relationship-request.accepted">> = {}) {
  const full = {
    request_id: randomUUID(),
    requester_id: randomUUID(),
    requested_user_id: randomUUID(),
    requested_full_name: "Bruno Costa",
    requested_email: "bruno@example.com",
    relationship_id: randomUUID(),
    ...data,
  };
  return createEvent("relationships", "relationship-request.accepted", { subject: full.request_id, actor_id: full.requested_user_id, data: full });
}

export function relationshipRequestRejected(data: Partial<TEventDataOf<"relationship-request.rejected">> = {}) {
  const full = {
    request_id: randomUUID(),
    requester_id: randomUUID(),
    requested_user_id: randomUUID(),
    requested_full_name: "Carla Dias",
    requested_email: "carla@example.com",
    ...data,
  };
  return createEvent("relationships", "relationship-request.rejected", { subject: full.request_id, actor_id: full.requested_user_id, data: full });
}

export function relationshipRequestDeleted(data: Partial<TEventDataOf<"relationship-request.deleted">> = {}) {
  const full = {
    request_id: randomUUID(),
    requester_id: randomUUID(),
    requested_email: "bruno@example.com",
    requested_user_id: randomUUID(),
    status: "pending" as const,
    ...data,
  };
  return createEvent("relationships", "relationship-request.deleted", { subject: full.request_id, actor_id: full.requester_id, data: full });
}

export function eventRequestCreated(data: Partial<TEventDataOf<"event-request.created">> = {}) {
  const full = {
    ...requestSnapshot("pending", 1),
    creator_full_name: "Ana Silva",
    approvers: [{ user_id: randomUUID(), required: true }],
    ...data,
  };
  return createEvent("events", "event-request.created", { subject: full.event_request_id, actor_id: full.created_by, data: full });
}

export function eventRequestUpdated(data: Partial<TEventDataOf<"event-request.updated">> = {}) {
  const full = {
    ...requestSnapshot("pending", 3),
    changed_fields: ["start_date", "end_date"],
    creator_full_name: "Ana Silva",
    approvers: [{ user_id: randomUUID(), required: true }],
    reviewers_asked_again: [] as string[],
    ...data,
  };
  return createEvent("events", "event-request.updated", { subject: full.event_request_id, actor_id: full.created_by, data: full });
}

export function eventRequestReviewerRemoved(data: Partial<TEventDataOf<"event-request.reviewer-removed">> = {}, actorId?: string) {
  const full = {
    ...requestSnapshot("pending", 3),
    reviewer_id: randomUUID(),
    reviewer_full_name: "Bruno Costa",
    required: true,
    previous_status: "pending" as const,
    reason: "relationship_ended" as const,
    ...data,
  };
  // Whoever ended the relationship; by default the reviewer.
  return createEvent("events", "event-request.reviewer-removed", { subject: full.event_request_id, actor_id: actorId ?? full.reviewer_id, data: full });
}

export function userSettingsUpdated(data: Partial<TEventDataOf<"user.settings-updated">> = {}) {
  const full = {
    user_id: randomUUID(),
    time_zone: "America/Los_Angeles",
    working_hours: { start: "09:00", end: "17:00", days: ["mon", "tue", "wed", "thu", "fri"] as TEventDataOf<"user.settings-updated">["working_hours"]["days"] },
    share_free_busy: false,
    updated_at: new Date().toISOString(),
    ...data,
  };
  return createEvent("identity", "user.settings-updated", { subject: full.user_id, actor_id: full.user_id, data: full });
}

export function eventRequestDeleted(data: Partial<TEventDataOf<"event-request.deleted">> = {}) {
  const full = { event_request_id: randomUUID(), request_version: 2, created_by: randomUUID(), title: "Team lunch", google_event_id: null, approver_user_ids: [randomUUID()], ...data };
  return createEvent("events", "event-request.deleted", { subject: full.event_request_id, actor_id: full.created_by, data: full });
}

export function eventRequestReviewRecorded(data: Partial<TEventDataOf<"event-request.review-recorded">> = {}) {
  const full = {
    event_request_id: randomUUID(),
    request_version: 2,
    created_by: randomUUID(),
    title: "Team lunch",
    reviewer_id: randomUUID(),
    reviewer_full_name: "Bruno Costa",
    required: true,
    status: "approved" as const,
    response_notes: null,
    responded_at: new Date().toISOString(),
    completed_count: 1,
    requested_approvals: 2,
    ...data,
  };
  return createEvent("events", "event-request.review-recorded", { subject: full.event_request_id, actor_id: full.reviewer_id, data: full });
}

export function eventRequestApproved(data: Partial<TEventDataOf<"event-request.approved">> = {}) {
  const full = {
    ...requestSnapshot("approved", 2),
    reason: "all_required_approved" as const,
    ...data,
  };
  // The reviewer whose answer approved it; the creator when nobody had to (approved at once).
  return createEvent("events", "event-request.approved", { subject: full.event_request_id, actor_id: randomUUID(), data: full });
}

export function eventRequestRejected(data: Partial<TEventDataOf<"event-request.rejected">> = {}) {
  const full = {
    event_request_id: randomUUID(),
    request_version: 2,
    created_by: randomUUID(),
    title: "Team lunch",
    rejected_by: randomUUID(),
    rejected_by_full_name: "Bruno Costa",
    response_notes: null,
    ...data,
  };
  return createEvent("events", "event-request.rejected", { subject: full.event_request_id, actor_id: full.rejected_by, data: full });
}

export function calendarSyncFailed(data: Partial<TEventDataOf<"calendar.sync-failed">> = {}) {
  const full = {
    event_request_id: randomUUID(),
    user_id: randomUUID(),
    operation: "create" as const,
    reason: "reconnect_required" as const,
    detail: "invalid_grant",
    attempts: 1,
    ...data,
  };
  return createEvent("calendar", "calendar.sync-failed", { subject: full.event_request_id, actor_id: null, data: full });
}

export function aiCreditsThresholdReached(data: Partial<TEventDataOf<"ai-credits.threshold-reached">> = {}) {
  const full = {
    user_id: randomUUID(),
    period: "2026-03",
    period_end: "2026-04-01T00:00:00.000Z",
    threshold: 80 as const,
    plan: "free" as const,
    credits_used: 8,
    credits_per_month: 10,
    ...data,
  };
  return createEvent("usage", "ai-credits.threshold-reached", { subject: full.user_id, actor_id: full.user_id, data: full });
}
