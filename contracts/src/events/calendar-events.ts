import { z } from "zod";
import { ZIdSchema } from "../common.ts";

/*
 * Topic `calendar`, subject = the event request id. Emitted by the calendar service after a
 * BullMQ job ran (or gave up).
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
