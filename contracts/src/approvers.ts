import { z } from "zod";
import { ZIdSchema, ZTimestampSchema, optionalText } from "./common.ts";
import { ZGoogleAttendeeResponseSchema } from "./events/calendar-events.ts";

/*
 * Approvers (reviewers) of an event request and their decisions. Wire names from SPEC.md
 * section 3: id, user_id, required, status, response_notes, responded_at.
 */

/** An approver's own answer. Wire and storage values: never rename. */
export const APPROVER_STATUSES = ["pending", "approved", "rejected"] as const;
export const ZApproverStatusSchema = z.enum(APPROVER_STATUSES);
export type TApproverStatus = z.infer<typeof ZApproverStatusSchema>;

/** The answers a reviewer can give (an approver cannot go back to pending). */
export const REVIEW_DECISIONS = ["approved", "rejected"] as const;
export const ZReviewDecisionSchema = z.enum(REVIEW_DECISIONS);
export type TReviewDecision = z.infer<typeof ZReviewDecisionSchema>;

export const MAX_APPROVERS = 20;
export const MAX_RESPONSE_NOTES_LENGTH = 2000;

export const ZApproverSchema = z.object({
  id: ZIdSchema,
  user_id: ZIdSchema,
  /** Required reviewers gate the request; optional ones advise (DESIGN.md). */
  required: z.boolean(),
  status: ZApproverStatusSchema,
  response_notes: z.string().nullable(),
  responded_at: ZTimestampSchema.nullable(),
  /**
   * Not in the spec's entity: the reviewer's display name, from the events service's people
   * projection, for everyone who may see the request (issue 11); null when unknown.
   */
  full_name: z.string().nullable().optional(),
  /**
   * Not in the spec's entity: the reviewer's answer to the Google Calendar invitation the approved
   * event sent them (two-way sync), in Google's words; null when not invited or not heard yet.
   */
  google_response: ZGoogleAttendeeResponseSchema.nullable().optional(),
});
export type TApprover = z.infer<typeof ZApproverSchema>;

/** An approver as the creator names it in POST /event-requests: `{user_id, required}`. */
export const ZApproverInputSchema = z.object({
  user_id: ZIdSchema,
  required: z.boolean({ error: "must be true or false" }).default(false),
});
export type TApproverInput = z.infer<typeof ZApproverInputSchema>;

/** The approvers list of a create body: bounded, and naming nobody twice. */
export const ZApproverInputListSchema = z
  .array(ZApproverInputSchema, { error: "approvers must be a list" })
  .max(MAX_APPROVERS, { error: `approvers may name at most ${MAX_APPROVERS} people` })
  .superRefine((approvers, ctx) => {
    const seen = new Set<string>();
    approvers.forEach((approver, index) => {
      if (seen.has(approver.user_id)) {
        ctx.addIssue({
          code: "custom",
          path: [index, "user_id"],
          message: `names user ${approver.user_id} a second time`,
        });
      }
      seen.add(approver.user_id);
    });
  });

/**
 * Body of the reviewer's `POST /api/v1/event-requests/{id}/approvals/approve` and
 * `.../approvals/reject` (issue 4). The decision is in the path; an empty body means no notes.
 * The response is `ZEventRequestResponseSchema` (the request with its approvers).
 */
export const ZReviewDecisionBodySchema = z.object({
  response_notes: optionalText("response_notes", MAX_RESPONSE_NOTES_LENGTH).optional(),
});
export type TReviewDecisionBody = z.infer<typeof ZReviewDecisionBodySchema>;
