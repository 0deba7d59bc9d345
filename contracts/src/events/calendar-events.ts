import { z } from "zod";
import { ZIdSchema } from "../common.ts";
import { ZEndDateSchema, ZStartDateSchema } from "../event-date.ts";

/*
 * Topic `calendar`, subject = the event request id. Emitted by the calendar service after a
 * BullMQ job ran (or gave up), and when two-way sync finds a change made in Google Calendar.
 */

/** What the job did to the Google event. Wire values: never rename. */
export const CALENDAR_SYNC_OPERATIONS = ["create", "update", "delete"] as const;
export const ZCalendarSyncOperationSchema = z.enum(CALENDAR_SYNC_OPERATIONS);

/**
 * `calendar.event-synced`: the events service stores `google_event_id` on the request. Operation
 * "delete" says the Google event was removed (the request was deleted, or rejected after an
 * approval), so the request no longer has one.
 */
export const ZCalendarEventSyncedDataSchema = z.object({
  event_request_id: ZIdSchema,
  /** The request's creator, whose calendar holds the event. */
  user_id: ZIdSchema,
  google_event_id: z.string().min(1),
  /** Google's link to the event, when it gave one. */
  html_link: z.string().nullable(),
  operation: ZCalendarSyncOperationSchema,
  /**
   * The newest `request_version` of the request that the Google event now reflects: a consumer
   * ignores a result older than one it already applied. Absent from events emitted before it
   * was added.
   */
  request_version: z.number().int().min(1).optional(),
});
export type TCalendarEventSyncedData = z.infer<typeof ZCalendarEventSyncedDataSchema>;

/**
 * Why a sync gave up; notifications words the message from it. Wire values: never rename.
 * - reconnect_required: Google refused the refresh token (`invalid_grant`); the user must sign in again.
 * - not_connected: we hold no Google tokens for the user.
 * - retries_exhausted: 429 / 5xx / network kept failing through every attempt.
 * - rejected_by_google: Google refused the event itself (a 4xx other than auth).
 */
export const CALENDAR_SYNC_FAILURE_REASONS = [
  "reconnect_required",
  "not_connected",
  "retries_exhausted",
  "rejected_by_google",
] as const;
export const ZCalendarSyncFailureReasonSchema = z.enum(CALENDAR_SYNC_FAILURE_REASONS);
export type TCalendarSyncFailureReason = z.infer<typeof ZCalendarSyncFailureReasonSchema>;

/** `calendar.sync-failed`: the creator is told; the request stays approved. */
export const ZCalendarSyncFailedDataSchema = z.object({
  event_request_id: ZIdSchema,
  user_id: ZIdSchema,
  operation: ZCalendarSyncOperationSchema,
  reason: ZCalendarSyncFailureReasonSchema,
  /** For logs and operators; not shown to users as is. */
  detail: z.string().nullable(),
  attempts: z.number().int().min(1),
});
export type TCalendarSyncFailedData = z.infer<typeof ZCalendarSyncFailedDataSchema>;

/**
 * `calendar.disconnected` (subject = the user id): the user disconnected Google Calendar; the
 * tokens were revoked at Google (or Google no longer knew them) and removed from storage. Whatever
 * holds Google resources for the user (watch channels) stops them on this event.
 */
export const ZCalendarDisconnectedDataSchema = z.object({
  user_id: ZIdSchema,
  /** Whether Google confirmed the revocation (false: it no longer knew the token, `invalid_token`). */
  was_revoked_at_google: z.boolean(),
});
export type TCalendarDisconnectedData = z.infer<typeof ZCalendarDisconnectedDataSchema>;

/**
 * `calendar.google-event-changed`: the creator moved (or re-timed) the Google event of their
 * request in Google Calendar itself. Two-way sync found it; never emitted for our own writes
 * (recognised by the times we wrote: docs/decisions.md "Two-way Google sync"). The events
 * service edits the request's times as the creator, so issue 9's re-review rule applies.
 */
export const ZCalendarGoogleEventChangedDataSchema = z.object({
  event_request_id: ZIdSchema,
  /** The request's creator, whose calendar holds the event. */
  user_id: ZIdSchema,
  google_event_id: z.string().min(1),
  /** The new times, in the request's own form (an all-day end inclusive, as ours are). */
  start_date: ZStartDateSchema,
  end_date: ZEndDateSchema,
  /** Google's `updated` of the change, for logs and ordering by a reader. */
  google_updated_at: z.string().nullable(),
});
export type TCalendarGoogleEventChangedData = z.infer<typeof ZCalendarGoogleEventChangedDataSchema>;

/**
 * `calendar.google-event-deleted`: the creator deleted their request's Google event in Google
 * Calendar. The events service cancels the request; its reviewers are told.
 */
export const ZCalendarGoogleEventDeletedDataSchema = z.object({
  event_request_id: ZIdSchema,
  user_id: ZIdSchema,
  google_event_id: z.string().min(1),
});
export type TCalendarGoogleEventDeletedData = z.infer<typeof ZCalendarGoogleEventDeletedDataSchema>;

/** An invitee's answer in Google (attendees[].responseStatus). Wire values: Google's own. */
export const GOOGLE_ATTENDEE_RESPONSES = ["needsAction", "accepted", "declined", "tentative"] as const;
export const ZGoogleAttendeeResponseSchema = z.enum(GOOGLE_ATTENDEE_RESPONSES);
export type TGoogleAttendeeResponse = z.infer<typeof ZGoogleAttendeeResponseSchema>;

/**
 * `calendar.google-attendees-responded`: the answers the request's Google event holds changed
 * (an invited reviewer accepted, declined ... in their own Google Calendar). Every attendee's
 * current answer, by email; the events service keeps them with the request's reviewers.
 */
export const ZCalendarGoogleAttendeesRespondedDataSchema = z.object({
  event_request_id: ZIdSchema,
  user_id: ZIdSchema,
  /** `user_id`: the reviewer invited with that email (null: an attendee someone added in Google). */
  responses: z.array(z.object({ user_id: ZIdSchema.nullable(), email: z.string().min(1), response_status: ZGoogleAttendeeResponseSchema })),
});
export type TCalendarGoogleAttendeesRespondedData = z.infer<typeof ZCalendarGoogleAttendeesRespondedDataSchema>;
