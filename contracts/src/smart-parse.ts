import { z } from "zod";
import { ZIdSchema, optionalText } from "./common.ts";
import { ZApproverInputSchema } from "./approvers.ts";
import { isDateOrDateTime } from "./date-forms.ts";
import { checkEventDateRange, eventDateSchema } from "./event-date.ts";
import { checkRecurrenceStart, recurrenceSchema } from "./recurrence.ts";
import { timeZoneSchema } from "./time-zone.ts";

/*
 * Smart-fill (auto-fill): POST /api/v1/event-requests/commands/auto-fill. The client sends a
 * free-text description plus the form as it stands; the result holds only the fields the parser
 * found, and the form overwrites only those (SPEC.md sections 3 and 4).
 */

export const MAX_SMART_PARSE_DESCRIPTION_LENGTH = 2000;

export const ZSmartParseRequestSchema = z.object({
  description: z
    .string({ error: "description must be a string" })
    .trim()
    .min(1, { error: "description must not be empty" })
    .max(MAX_SMART_PARSE_DESCRIPTION_LENGTH, {
      error: `description must be at most ${MAX_SMART_PARSE_DESCRIPTION_LENGTH} characters`,
    }),
  /**
   * "Today" for relative phrases ("tomorrow at noon"): a day `YYYY-MM-DD` or a date-time (local
   * or with offset). The server's today in `time_zone` when left out.
   */
  current_date: z
    .string()
    .refine(isDateOrDateTime, {
      error: "current_date must be a date (YYYY-MM-DD) or an ISO 8601 date-time",
    })
    .optional(),
  /**
   * Not in the spec's list: the zone relative phrases resolve in (issue 6). Falls back to the
   * form's start_date.time_zone, then UTC.
   */
  time_zone: timeZoneSchema("time_zone").optional(),
  // The form's current values: context for the parser, never required.
  title: z.string().optional(),
  location: z.string().optional(),
  notes: z.string().optional(),
  start_date: eventDateSchema("start_date").optional(),
  end_date: eventDateSchema("end_date").optional(),
  importance_level: z.number().int().optional(),
  google_event_id: z.string().nullable().optional(),
  approvers: z.array(ZApproverInputSchema).optional(),
});
export type TSmartParseRequest = z.infer<typeof ZSmartParseRequestSchema>;

/** The fields of a smart-fill result a problem can be about. */
export const SMART_PARSE_PROBLEM_FIELDS = ["start_date", "end_date", "title", "location"] as const;

/**
 * Something in the description the parser could not use, said in plain words for the person
 * ("31 February is not a date"): shown beside the form, so a partial fill is never silent.
 */
export const ZSmartParseProblemSchema = z.object({
  field: z.enum(SMART_PARSE_PROBLEM_FIELDS).optional(),
  /** The words of the description the problem is about ("31 February"). */
  text: z.string().max(500),
  message: z.string().min(1).max(500),
});
export type TSmartParseProblem = z.infer<typeof ZSmartParseProblemSchema>;

/**
 * What the parser found; a field it did not find is left out (not null), so the form keeps
 * its own value. Also the structured-output schema the model is held to. `problems` is left
 * out when there are none. The end is never before the start.
 */
export const ZSmartParseResultSchema = z.object({
  title: optionalText("title", 200).optional(),
  location: optionalText("location", 500).optional(),
  description: optionalText("description", 5000).optional(),
  start_date: eventDateSchema("start_date").optional(),
  end_date: eventDateSchema("end_date").optional(),
  notes: optionalText("notes", 5000).optional(),
  approvers: z.array(z.object({ user_id: ZIdSchema, required: z.boolean() })).optional(),
  /** Issue 16: how the event repeats ("every other Tuesday"), an RRULE value in the start's zone. */
  recurrence: recurrenceSchema().optional(),
  problems: z.array(ZSmartParseProblemSchema).max(20).optional(),
}).superRefine((result, ctx) => {
  checkEventDateRange(result, ctx);
  checkRecurrenceStart(result, ctx);
});
export type TSmartParseResult = z.infer<typeof ZSmartParseResultSchema>;
