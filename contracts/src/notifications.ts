import { z } from "zod";
import { ZIdSchema, ZTimestampSchema, optionalText, queryBoolean } from "./common.ts";
import { DEFAULT_NOTIFICATIONS_TAKE, pageShape, paginationQuery } from "./pagination.ts";

/*
 * In-app notifications: SPEC.md sections 3 and 7, issue 3. Wire names.
 */

/**
 * What a notification is about, so the web app can pick an icon or a link. Not in the spec
 * (additive). Wire and storage values: never rename; add new kinds at the end.
 */
export const NOTIFICATION_KINDS = [
  "general", // created through POST /notifications
  "relationship_request_received",
  "relationship_request_accepted",
  "relationship_request_rejected",
  "event_request_review_requested",
  "event_request_review_recorded",
  "event_request_approved",
  "event_request_rejected",
  "calendar_sync_failed",
  "ai_credits_threshold_reached", // 80% or 100% of the month's AI credits used
  "event_request_changed", // its creator changed a request you review (asked again: review_requested)
  "event_request_reviewer_removed", // a required reviewer of your pending request left (no longer connected)
  "event_request_cancelled", // a request you reviewed was cancelled: its creator deleted its event in Google Calendar
] as const;
export const ZNotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type TNotificationKind = z.infer<typeof ZNotificationKindSchema>;

export const MAX_NOTIFICATION_TITLE_LENGTH = 200;

export const ZNotificationSchema = z.object({
  id: ZIdSchema,
  /** A short human sentence: "Ana Silva wants to connect". */
  title: z.string(),
  is_read: z.boolean(),
  /** Deletion is soft (issue 3). */
  is_deleted: z.boolean(),
  created_at: ZTimestampSchema,
  kind: ZNotificationKindSchema,
  /** The id of what it is about (an event request, a relationship request), or null. */
  subject_id: ZIdSchema.nullable(),
});
export type TNotification = z.infer<typeof ZNotificationSchema>;

/**
 * POST /api/v1/notifications. The spec shows no payload. Decided: a notification to oneself,
 * `{title}`, kind "general" (issue 3: "for completeness"). Response: `ZNotificationResponseSchema`, 201.
 */
export const ZCreateNotificationBodySchema = z.object({
  title: optionalText("title", MAX_NOTIFICATION_TITLE_LENGTH).min(1, { error: "title must not be empty" }),
});
export type TCreateNotificationBody = z.infer<typeof ZCreateNotificationBodySchema>;

/**
 * GET /api/v1/notifications: paged (take 50 by default), newest first. Decided: `is_deleted`
 * defaults to false, so deleted notifications stay hidden unless asked for.
 */
export const ZListNotificationsQuerySchema = paginationQuery(DEFAULT_NOTIFICATIONS_TAKE).extend({
  is_read: queryBoolean("is_read").optional(),
  is_deleted: queryBoolean("is_deleted").default(false),
});
export type TListNotificationsQuery = z.infer<typeof ZListNotificationsQuerySchema>;

export const ZListNotificationsResponseSchema = z.object({
  notifications: z.array(ZNotificationSchema),
  ...pageShape,
});
export type TListNotificationsResponse = z.infer<typeof ZListNotificationsResponseSchema>;

/**
 * PATCH /api/v1/notifications/{id}: `{is_read: true}` marks it read (SPEC.md); false marks it
 * unread again. Nothing else is editable; other keys are refused.
 */
export const ZUpdateNotificationBodySchema = z.strictObject({
  is_read: z.boolean({ error: "is_read must be true or false" }),
});
export type TUpdateNotificationBody = z.infer<typeof ZUpdateNotificationBodySchema>;

/** POST, GET `{id}`, PATCH `{id}`. DELETE (soft) answers 204 with no body. */
export const ZNotificationResponseSchema = z.object({ notification: ZNotificationSchema });
export type TNotificationResponse = z.infer<typeof ZNotificationResponseSchema>;

/**
 * POST /api/v1/notifications/mark-all-read: the body is optional (SPEC.md). Decided: it may be
 * absent or `{}`; the spec does not show what its client sends, so unknown keys are ignored.
 */
export const ZMarkAllNotificationsReadBodySchema = z.object({}).optional();
export type TMarkAllNotificationsReadBody = z.infer<typeof ZMarkAllNotificationsReadBodySchema>;

/** How many notifications went from unread to read. */
export const ZMarkAllNotificationsReadResponseSchema = z.object({
  updated_count: z.number().int().min(0),
});
export type TMarkAllNotificationsReadResponse = z.infer<typeof ZMarkAllNotificationsReadResponseSchema>;
