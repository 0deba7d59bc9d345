import { z } from "zod";
import { ZIdSchema, ZTimestampSchema } from "./common.ts";
import { eventDateSchema } from "./event-date.ts";
import { DEFAULT_TAKE, pageShape, paginationQuery } from "./pagination.ts";

/*
 * The assistant that proposes and lets the person decide (issue 10; DESIGN.md "The assistant
 * proposes; the person decides"). Every write the assistant wants to make is a *proposal* the
 * agent service issues to one user and keeps: the chat shows it as a card, and only
 * `POST /api/v1/agent/proposals/{id}/confirm` — by that user, once, before it expires — makes
 * the write. Every name here is on the wire and in the agent's storage: never rename one.
 */

/** What a proposal would do. */
export const PROPOSAL_KINDS = ["create", "update", "cancel"] as const;
export const ZProposalKindSchema = z.enum(PROPOSAL_KINDS);
export type TProposalKind = z.infer<typeof ZProposalKindSchema>;

/**
 * open → confirmed (→ undone), open → dismissed (the card's Cancel), open → expired. Only an
 * open proposal can be confirmed, only a confirmed one undone, each once.
 */
export const PROPOSAL_STATUSES = ["open", "confirmed", "dismissed", "expired", "undone"] as const;
export const ZProposalStatusSchema = z.enum(PROPOSAL_STATUSES);
export type TProposalStatus = z.infer<typeof ZProposalStatusSchema>;

/** What happens on Confirm: sent to required reviewers, straight onto the calendar, or removed. */
export const PROPOSAL_NEXT_STEPS = ["sent_for_review", "added_to_calendar", "updated", "cancelled"] as const;
export const ZProposalNextStepSchema = z.enum(PROPOSAL_NEXT_STEPS);
export type TProposalNextStep = z.infer<typeof ZProposalNextStepSchema>;

/** Where the proposal's duration came from, so the card can say "1 hour (default for a meal)". */
export const DURATION_SOURCES = ["explicit", "range", "default", "all_day", "unchanged"] as const;
export const ZDurationSourceSchema = z.enum(DURATION_SOURCES);
export type TDurationSource = z.infer<typeof ZDurationSourceSchema>;

/** A connected person, as the card names them. */
export const ZProposalPersonSchema = z.object({
  user_id: ZIdSchema,
  full_name: z.string().nullable(),
  email: z.string().nullable(),
});
export type TProposalPerson = z.infer<typeof ZProposalPersonSchema>;

export const ZProposalReviewerSchema = ZProposalPersonSchema.extend({
  /** Required by default; the card lets the person switch it before confirming. */
  required: z.boolean(),
});
export type TProposalReviewer = z.infer<typeof ZProposalReviewerSchema>;

/**
 * Something the assistant would not guess: a name matching several connections (the card asks
 * which), or nobody (the card says so; no reviewer is added for it).
 */
export const ZProposalQuestionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("ambiguous_person"), name: z.string(), candidates: z.array(ZProposalPersonSchema) }),
  z.object({ kind: z.literal("unknown_person"), name: z.string() }),
]);
export type TProposalQuestion = z.infer<typeof ZProposalQuestionSchema>;

/** The event as it would be after Confirm (create, update), or the one that would go (cancel). */
// Fresh instances per use: one zod instance reused in several places of one document is emitted
// by zod's JSON Schema converter as a shared definition, which the OpenAPI interning does not expect.
const startDate = () => eventDateSchema("start_date");
const endDate = () => eventDateSchema("end_date");

export const ZProposalEventSchema = z.object({
  title: z.string().nullable(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  start_date: startDate(),
  end_date: endDate(),
  /** Minutes between start and end for a timed event; null for all-day ones. */
  duration_minutes: z.number().int().min(0).nullable(),
  duration_source: ZDurationSourceSchema,
  /** Why a default length was chosen, in plain words ("default for a meal"); null otherwise. */
  duration_reason: z.string().max(80).nullable().optional(),
  /**
   * Issue 16: how it repeats, a canonical RRULE value in start_date's zone; null (or absent, in
   * proposals stored before it) for a one-off. The card shows it in words.
   */
  recurrence: z.string().nullable().optional(),
  reviewers: z.array(ZProposalReviewerSchema),
});
export type TProposalEvent = z.infer<typeof ZProposalEventSchema>;

/** Event fields an update proposal changes. */
export const PROPOSAL_CHANGE_FIELDS = ["title", "location", "start_date", "end_date"] as const;
export const ZProposalChangeFieldSchema = z.enum(PROPOSAL_CHANGE_FIELDS);
export type TProposalChangeField = z.infer<typeof ZProposalChangeFieldSchema>;

export const ZProposalSchema = z.object({
  id: ZIdSchema,
  kind: ZProposalKindSchema,
  status: ZProposalStatusSchema,
  /** One line for the card's heading, e.g. "Create Lunch with Bruno". */
  summary: z.string(),
  event: ZProposalEventSchema,
  /** update/cancel: the request it acts on; create: the request Confirm made (null before). */
  event_request_id: ZIdSchema.nullable(),
  /** update: which fields change, and their values before. */
  changes: z.array(ZProposalChangeFieldSchema),
  before: z
    .object({ title: z.string().nullable(), location: z.string().nullable(), start_date: startDate(), end_date: endDate() })
    .partial()
    .nullable(),
  next_step: ZProposalNextStepSchema,
  questions: z.array(ZProposalQuestionSchema),
  created_at: ZTimestampSchema,
  /** After this an open proposal can no longer be confirmed. */
  expires_at: ZTimestampSchema,
  confirmed_at: ZTimestampSchema.nullable(),
  /** Undo is offered until then (null before Confirm, and once undone). */
  undo_until: ZTimestampSchema.nullable(),
});
export type TProposal = z.infer<typeof ZProposalSchema>;

export const ZProposalResponseSchema = z.object({ proposal: ZProposalSchema });
export type TProposalResponse = z.infer<typeof ZProposalResponseSchema>;

/**
 * POST /api/v1/agent/proposals/{id}/confirm. The card may switch a reviewer between required
 * and optional, drop one, or answer an ambiguity by picking a candidate; it cannot add anyone
 * else (that is the event form's job, through Change). Left out: the proposal's reviewers as
 * issued.
 */
export const ZConfirmProposalBodySchema = z.object({
  reviewers: z
    .array(z.object({ user_id: ZIdSchema, required: z.boolean({ error: "must be true or false" }) }), { error: "reviewers must be a list" })
    .max(20, { error: "reviewers may name at most 20 people" })
    .optional(),
});
export type TConfirmProposalBody = z.infer<typeof ZConfirmProposalBodySchema>;

/** An event as the assistant lists it in a structured answer. */
export const ZAssistantEventItemSchema = z.object({
  id: ZIdSchema,
  title: z.string().nullable(),
  start_date: startDate(),
  end_date: endDate(),
  status: z.string(),
  /** Mine, or one I am asked to review. */
  role: z.enum(["creator", "reviewer"]),
});
export type TAssistantEventItem = z.infer<typeof ZAssistantEventItemSchema>;

export const ZFreeSlotSchema = z.object({ start: ZTimestampSchema, end: ZTimestampSchema });
export type TFreeSlot = z.infer<typeof ZFreeSlotSchema>;

/** Structured answers to questions (read-only: a result never comes from a write). */
export const ZAssistantResultSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("events"),
    from: ZTimestampSchema,
    to: ZTimestampSchema,
    time_zone: z.string(),
    items: z.array(ZAssistantEventItemSchema),
  }),
  z.object({
    kind: z.literal("free_time"),
    from: ZTimestampSchema,
    to: ZTimestampSchema,
    time_zone: z.string(),
    slots: z.array(ZFreeSlotSchema),
    /** Whose calendars were read, and why someone's were not. */
    people: z.array(
      ZProposalPersonSchema.extend({
        shared: z.boolean(),
        reason: z.enum(["not_shared", "not_connected", "calendar_not_connected"]).nullable(),
      }),
    ),
  }),
]);
export type TAssistantResult = z.infer<typeof ZAssistantResultSchema>;

/**
 * One server-sent event of a streamed reply, each `data:` line one JSON value: `conversation`
 * first (which conversation this turn was stored in), then `text` pieces appended in order,
 * `proposal` cards and `result` answers where they belong, and `done` (or `error`) last.
 */
export const ZChatStreamEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("conversation"), conversation_id: ZIdSchema, title: z.string() }),
  z.object({ type: z.literal("text"), content: z.string() }),
  z.object({ type: z.literal("proposal"), proposal: ZProposalSchema }),
  z.object({ type: z.literal("result"), result: ZAssistantResultSchema }),
  z.object({ type: z.literal("done") }),
  z.object({ type: z.literal("error"), message: z.string(), code: z.string() }),
]);
export type TChatStreamEvent = z.infer<typeof ZChatStreamEventSchema>;

/** A stored turn: its text and the cards and answers it carried, in the order they came. */
export const ZConversationMessageSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  timestamp: ZTimestampSchema,
  proposals: z.array(ZProposalSchema),
  results: z.array(ZAssistantResultSchema),
});
export type TConversationMessage = z.infer<typeof ZConversationMessageSchema>;

export const ZConversationSummarySchema = z.object({
  id: ZIdSchema,
  title: z.string(),
  /** The start of the last message. */
  preview: z.string(),
  created_at: ZTimestampSchema,
  updated_at: ZTimestampSchema,
});
export type TConversationSummary = z.infer<typeof ZConversationSummarySchema>;

/** GET /api/v1/agent/conversations: the user's own, most recently active first. */
export const ZListConversationsQuerySchema = paginationQuery(DEFAULT_TAKE);
export type TListConversationsQuery = z.infer<typeof ZListConversationsQuerySchema>;
export const ZListConversationsResponseSchema = z.object({ conversations: z.array(ZConversationSummarySchema), ...pageShape });
export type TListConversationsResponse = z.infer<typeof ZListConversationsResponseSchema>;

/** GET /api/v1/agent/conversations/{id}: one of the user's own (404 for anyone else's). */
export const ZConversationResponseSchema = z.object({
  conversation: ZConversationSummarySchema.extend({ messages: z.array(ZConversationMessageSchema) }),
});
export type TConversationResponse = z.infer<typeof ZConversationResponseSchema>;
