import { z } from "zod";
import { ZIdSchema, ZTimestampSchema } from "../common.ts";
import { ZReviewDecisionSchema } from "../approvers.ts";
import { ZEventRequestSchema } from "../event-requests.ts";

/*
 * Topic `event-requests`, subject = the event request id. Emitted by the events service.
 * Consumers: notifications (reviewers and creator), calendar (approved / updated / deleted).
 */

/**
 * `request_version`: the request's version after the change that caused the event: 1 at creation, one more with
 * every write. A consumer that must apply changes in order (the calendar sync) applies an event
 * only when its version is newer than the last one it applied for that request.
 */
const request_version = z.number().int().min(1);

/**
 * The reviewers who approved the request as of this version, with their emails (the events
 * service's people projection), so the calendar invites them to the Google event. A reviewer
 * whose email is not known yet is left out. Absent on events from before invitations.
 */
const attendees = z.array(z.object({ user_id: ZIdSchema, email: z.string().min(1) })).optional();

/**
 * The request as it stands after the change: everything the calendar needs to create or patch
 * the Google event without asking the events service.
 */
const eventRequestSnapshot = {
  event_request_id: ZIdSchema,
  request_version,
  ...ZEventRequestSchema.pick({
    created_by: true,
    title: true,
    description: true,
    location: true,
    notes: true,
    start_date: true,
    end_date: true,
    importance_level: true,
    status: true,
    approval_status: true,
    google_event_id: true,
  }).shape,
  /** Issue 16: the canonical RRULE value, null when it does not repeat; absent in events from before it. */
  recurrence: z.string().nullable().optional(),
};

/** `event-request.created`: each approver is asked to review. */
export const ZEventRequestCreatedDataSchema = z.object({
  ...eventRequestSnapshot,
  /** For "Ana Silva asks you to review ..."; null when unknown. */
  creator_full_name: z.string().nullable(),
  approvers: z.array(z.object({ user_id: ZIdSchema, required: z.boolean() })),
});
export type TEventRequestCreatedData = z.infer<typeof ZEventRequestCreatedDataSchema>;

/**
 * `event-request.updated`: the creator changed fields (named in `changed_fields`, wire names).
 * A material change (date, time, time zone or location) of a request reviewers had answered
 * asks them again: `reviewers_asked_again` names them, and `status` is the request's status
 * after it (back to pending when a required reviewer is asked again).
 */
export const ZEventRequestUpdatedDataSchema = z.object({
  ...eventRequestSnapshot,
  changed_fields: z.array(z.string()),
  /** The creator's name, for "Ana moved Lunch to Thu 15:00"; null when unknown. */
  creator_full_name: z.string().nullable(),
  /** Every reviewer of the request, so each can be told of the change. */
  approvers: z.array(z.object({ user_id: ZIdSchema, required: z.boolean() })),
  reviewers_asked_again: z.array(ZIdSchema),
  attendees,
});
export type TEventRequestUpdatedData = z.infer<typeof ZEventRequestUpdatedDataSchema>;

/**
 * Why a request was deleted. Wire values: never rename.
 * - deleted_in_google: its creator deleted its Google event in Google Calendar (two-way sync), so
 *   the request is cancelled and its reviewers are told. Absent: the creator deleted it here.
 */
export const EVENT_REQUEST_DELETE_CAUSES = ["deleted_in_google"] as const;
export const ZEventRequestDeleteCauseSchema = z.enum(EVENT_REQUEST_DELETE_CAUSES);
export type TEventRequestDeleteCause = z.infer<typeof ZEventRequestDeleteCauseSchema>;

/** `event-request.deleted`: the creator deleted it (here, or its event in Google); a synced calendar event goes too. */
export const ZEventRequestDeletedDataSchema = z.object({
  event_request_id: ZIdSchema,
  request_version,
  created_by: ZIdSchema,
  title: z.string().nullable(),
  google_event_id: z.string().nullable(),
  approver_user_ids: z.array(ZIdSchema),
  cause: ZEventRequestDeleteCauseSchema.optional(),
});
export type TEventRequestDeletedData = z.infer<typeof ZEventRequestDeletedDataSchema>;

/** `event-request.review-recorded`: one reviewer answered (told to the creator). */
export const ZEventRequestReviewRecordedDataSchema = z.object({
  event_request_id: ZIdSchema,
  request_version,
  created_by: ZIdSchema,
  title: z.string().nullable(),
  reviewer_id: ZIdSchema,
  reviewer_full_name: z.string().nullable(),
  required: z.boolean(),
  status: ZReviewDecisionSchema,
  response_notes: z.string().nullable(),
  responded_at: ZTimestampSchema,
  completed_count: z.number().int().min(0),
  requested_approvals: z.number().int().min(0),
});
export type TEventRequestReviewRecordedData = z.infer<typeof ZEventRequestReviewRecordedDataSchema>;

/** Why a request was approved. Wire values: never rename. */
export const APPROVAL_REASONS = ["all_required_approved", "no_required_reviewers"] as const;

/**
 * `event-request.approved`: the request became approved; the calendar creates (or, after a
 * re-review, confirms) the Google event from this snapshot, the creator is told. Emitted again
 * only when a material change sent it back to its reviewers and they approved it again.
 */
export const ZEventRequestApprovedDataSchema = z.object({
  ...eventRequestSnapshot,
  reason: z.enum(APPROVAL_REASONS),
  attendees,
});
export type TEventRequestApprovedData = z.infer<typeof ZEventRequestApprovedDataSchema>;

/**
 * `event-request.rejected`: a required reviewer rejected it. After a re-review this can follow
 * an approval, so the calendar removes the event it made.
 */
export const ZEventRequestRejectedDataSchema = z.object({
  event_request_id: ZIdSchema,
  request_version,
  created_by: ZIdSchema,
  title: z.string().nullable(),
  rejected_by: ZIdSchema,
  rejected_by_full_name: z.string().nullable(),
  response_notes: z.string().nullable(),
});
export type TEventRequestRejectedData = z.infer<typeof ZEventRequestRejectedDataSchema>;

/** Why a reviewer left a request. Wire values: never rename. */
export const REVIEWER_REMOVAL_REASONS = ["relationship_ended"] as const;

/**
 * `event-request.reviewer-removed`: a reviewer can no longer review the request (the creator and
 * the reviewer are no longer connected). The snapshot is the request after the removal; the
 * creator is told when a pending request lost a required reviewer.
 */
export const ZEventRequestReviewerRemovedDataSchema = z.object({
  ...eventRequestSnapshot,
  reviewer_id: ZIdSchema,
  reviewer_full_name: z.string().nullable(),
  required: z.boolean(),
  /** The request's status before the removal. */
  previous_status: ZEventRequestSchema.shape.status,
  reason: z.enum(REVIEWER_REMOVAL_REASONS),
});
export type TEventRequestReviewerRemovedData = z.infer<typeof ZEventRequestReviewerRemovedDataSchema>;
