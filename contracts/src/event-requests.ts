import { z } from "zod";
import { ZIdSchema, ZTimestampSchema, optionalText, queryInteger } from "./common.ts";
import { ZApproverInputListSchema, ZApproverSchema } from "./approvers.ts";
import { checkDateRangeOrder, dateBoundQuery } from "./date-range.ts";
import { checkEventDateRange, ZEndDateSchema, ZStartDateSchema } from "./event-date.ts";
import { DEFAULT_TAKE, pageShape, paginationQuery } from "./pagination.ts";
import { checkRecurrenceStart, recurrenceSchema } from "./recurrence.ts";
import { timeZoneSchema } from "./time-zone.ts";

/*
 * Event requests: SPEC.md sections 3 and 7, issue 4. Every field name here is a wire name.
 */

/** The request's own status. Wire and storage values: never rename. */
export const EVENT_REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;
export const ZEventRequestStatusSchema = z.enum(EVENT_REQUEST_STATUSES);
export type TEventRequestStatus = z.infer<typeof ZEventRequestStatusSchema>;

/** The reviewers' verdict; `no_approvals` when nobody was asked ("No Reviewers"). */
export const APPROVAL_STATUSES = ["pending", "approved", "rejected", "no_approvals"] as const;
export const ZApprovalStatusSchema = z.enum(APPROVAL_STATUSES);
export type TApprovalStatus = z.infer<typeof ZApprovalStatusSchema>;

/**
 * 1 to 5. The web app always sends 1 and treats 4 or more as high (SPEC.md section 9), which
 * reads as a five-step scale; the spec shows no bound, so this one is ours.
 */
export const MIN_IMPORTANCE_LEVEL = 1;
export const MAX_IMPORTANCE_LEVEL = 5;
const importanceMessage = `importance_level must be an integer from ${MIN_IMPORTANCE_LEVEL} to ${MAX_IMPORTANCE_LEVEL}`;
const ZImportanceLevelSchema = z
  .number({ error: importanceMessage })
  .int({ error: importanceMessage })
  .min(MIN_IMPORTANCE_LEVEL, { error: importanceMessage })
  .max(MAX_IMPORTANCE_LEVEL, { error: importanceMessage });

export const ZEventRequestSchema = z.object({
  id: ZIdSchema,
  /** null or "" when the creator gave none; the web app shows "Untitled Event". */
  title: z.string().nullable(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  start_date: ZStartDateSchema,
  end_date: ZEndDateSchema,
  importance_level: z.number().int(),
  status: ZEventRequestStatusSchema,
  approval_status: ZApprovalStatusSchema,
  /** Number of reviewers asked (DESIGN.md). */
  requested_approvals: z.number().int().min(0),
  /** Number of reviewers who answered. */
  completed_count: z.number().int().min(0),
  approvers: z.array(ZApproverSchema),
  created_by: ZIdSchema,
  /** Not in the spec's entity: the creator's display name (people projection); null when unknown. */
  created_by_full_name: z.string().nullable().optional(),
  created_at: ZTimestampSchema,
  /** Not in the spec's entity; additive, so the web app can show "edited". */
  updated_at: ZTimestampSchema,
  /** Set once the calendar service reports the Google Calendar event (calendar.event-synced). */
  google_event_id: z.string().nullable(),
  /**
   * Issue 16: how the event repeats, a canonical RRULE value in the event's zone (recurrence.ts),
   * null when it does not. Optional in the schema so events and documents from before it stay valid;
   * the events service always fills it.
   */
  recurrence: z.string().nullable().optional(),
});
export type TEventRequest = z.infer<typeof ZEventRequestSchema>;

const fields = {
  title: optionalText("title", 200),
  description: optionalText("description", 5000),
  location: optionalText("location", 500),
  notes: optionalText("notes", 5000),
  start_date: ZStartDateSchema,
  end_date: ZEndDateSchema,
  importance_level: ZImportanceLevelSchema,
  /** null (or left out): the event does not repeat. */
  recurrence: recurrenceSchema().nullable(),
};

/**
 * POST /api/v1/event-requests. The spec does not validate the title (SPEC.md section 5), so
 * every text field is optional; both dates are required, since approval creates a calendar event.
 * Response: `ZEventRequestResponseSchema`, 201.
 */
export const ZCreateEventRequestBodySchema = z
  .object({
    title: fields.title.optional(),
    description: fields.description.optional(),
    location: fields.location.optional(),
    notes: fields.notes.optional(),
    start_date: fields.start_date,
    end_date: fields.end_date,
    importance_level: fields.importance_level.default(1),
    approvers: ZApproverInputListSchema.default([]),
    recurrence: fields.recurrence.optional(),
  })
  .superRefine((body, ctx) => {
    checkEventDateRange(body, ctx);
    checkRecurrenceStart(body, ctx);
  });
export type TCreateEventRequestBody = z.infer<typeof ZCreateEventRequestBodySchema>;

/**
 * PATCH /api/v1/event-requests/{id}: the changed fields. Decided: approvers are fixed at
 * creation (changing them would orphan decisions already recorded; delete and create again),
 * and unknown keys are refused rather than silently dropped, so a client that sends `approvers`
 * hears about it. When only one date changes, the service checks it against the stored other
 * one with `eventDateRangeProblem`. Response: `ZEventRequestResponseSchema`.
 */
export const ZUpdateEventRequestBodySchema = z
  .strictObject({
    title: fields.title.optional(),
    description: fields.description.optional(),
    location: fields.location.optional(),
    notes: fields.notes.optional(),
    start_date: fields.start_date.optional(),
    end_date: fields.end_date.optional(),
    importance_level: fields.importance_level.optional(),
    /** null stops the repeating; the series is the request (an edit applies to every occurrence). */
    recurrence: fields.recurrence.optional(),
  })
  .superRefine((body, ctx) => {
    if (Object.keys(body).length === 0) {
      ctx.addIssue({ code: "custom", message: "Nothing to update: send at least one field to change" });
    }
    checkEventDateRange(body, ctx);
    checkRecurrenceStart(body, ctx);
  });
export type TUpdateEventRequestBody = z.infer<typeof ZUpdateEventRequestBodySchema>;

/**
 * Whose requests a list shows. Not in the spec (issue 4 asks for "requests I am asked to
 * review"): `creator` (the default) lists the caller's own requests, `reviewer` those on which
 * the caller is an approver. Wire values: never rename.
 */
export const EVENT_REQUEST_ROLES = ["creator", "reviewer"] as const;
export const ZEventRequestRoleSchema = z.enum(EVENT_REQUEST_ROLES, {
  error: `role must be one of: ${EVENT_REQUEST_ROLES.join(", ")}`,
});

const statusQuery = z.enum(EVENT_REQUEST_STATUSES, {
  error: `status must be one of: ${EVENT_REQUEST_STATUSES.join(", ")}`,
});

/**
 * GET /api/v1/event-requests: paged (`skip`/`take`, 10 by default, at most 100), in start order
 * (earliest first, then by id, so pages neither repeat nor skip a request). Not paged in the
 * spec; one unbounded page grew to megabytes (issue 13 point 3). The start-date bounds follow
 * date-range.ts (a day in `time_zone`, UTC by default, or an exact instant), both inclusive,
 * compared with the request's start; `end_date_from` is compared with its end (a series' last).
 */
export const ZListEventRequestsQuerySchema = paginationQuery(DEFAULT_TAKE)
  .extend({
    role: ZEventRequestRoleSchema.default("creator"),
    status: statusQuery.optional(),
    importance_level: queryInteger("importance_level", { min: MIN_IMPORTANCE_LEVEL, max: MAX_IMPORTANCE_LEVEL }),
    start_date_from: dateBoundQuery("start_date_from").optional(),
    start_date_to: dateBoundQuery("start_date_to").optional(),
    /**
     * Only requests still happening at or after this bound: ending then or later, a repeating
     * one by its last occurrence (a series without end always). With `start_date_to`, everything
     * that overlaps a window, a series begun long before it included.
     */
    end_date_from: dateBoundQuery("end_date_from").optional(),
    /** Only meaningful with role=reviewer (a creator's own list is all created_by them). */
    created_by: ZIdSchema.optional(),
    time_zone: timeZoneSchema("time_zone").optional(),
  })
  .superRefine((query, ctx) =>
    checkDateRangeOrder(
      { from: query.start_date_from, to: query.start_date_to, timeZone: query.time_zone },
      { from: "start_date_from", to: "start_date_to" },
      ctx,
    ),
  );
export type TListEventRequestsQuery = z.infer<typeof ZListEventRequestsQuerySchema>;

/** A page of requests; `event_requests` kept as the list's name, so readers of the unpaged list still read it. */
export const ZListEventRequestsResponseSchema = z.object({
  event_requests: z.array(ZEventRequestSchema),
  ...pageShape,
});
export type TListEventRequestsResponse = z.infer<typeof ZListEventRequestsResponseSchema>;

/** GET /api/v1/event-requests/with-approvals: paged, newest first. */
export const ZListEventRequestsWithApprovalsQuerySchema = paginationQuery(DEFAULT_TAKE).extend({
  role: ZEventRequestRoleSchema.default("creator"),
  status: statusQuery.optional(),
});
export type TListEventRequestsWithApprovalsQuery = z.infer<typeof ZListEventRequestsWithApprovalsQuerySchema>;

/** The same page as the plain list's (its order differs: newest first). */
export const ZListEventRequestsWithApprovalsResponseSchema = ZListEventRequestsResponseSchema;
export type TListEventRequestsWithApprovalsResponse = z.infer<typeof ZListEventRequestsWithApprovalsResponseSchema>;

/**
 * One request: the response of POST, GET `{id}`, GET `{id}/with-approvers`, PATCH, and the
 * reviewer's approve / reject. Every variant carries the approvers (one shape, fewer surprises).
 * DELETE answers 204 with no body.
 */
export const ZEventRequestResponseSchema = z.object({ event_request: ZEventRequestSchema });
export type TEventRequestResponse = z.infer<typeof ZEventRequestResponseSchema>;
