import { isDeepStrictEqual } from "node:util";
import {
  eventDateRangeProblem,
  eventDateToEpochMs,
  isAllDay,
  lastEndMs,
  parseRecurrence,
  recurrenceStartProblem,
  type TCreateEventRequestBody,
  type TEventDate,
  type TEventRequestDeleteCause,
  type TEventRequestStatus,
  type TFieldError,
  type TRecurrenceRule,
  type TReviewDecision,
  type TUpdateEventRequestBody,
} from "@amia/contracts";
import {
  approvalOf,
  approvalReason,
  askAgain,
  assertNever,
  newApprovers,
  outcomeOf,
  recordReview,
  reviewerProblems,
  statusAfterAnswer,
  statusAfterReviewerLeft,
} from "./approval-rules.ts";
import type { EventRequestState } from "./event-request.ts";
import {
  eventRequestApproved,
  eventRequestCreated,
  eventRequestDeleted,
  eventRequestRejected,
  eventRequestUpdated,
  reviewerRemoved,
  reviewRecorded,
  type EventRequestEvent,
} from "../events/event-request-events.ts";

/**
 * Every change to an event request is decided here: `decide(command, state, context)` → the new
 * state and the events it emits, or a refusal (emmett's decider, STYLE.md). Pure: the caller
 * loads the state and the facts a command needs (names, connections), passes the clock and the
 * id maker, and saves the result with its events in one version-guarded write.
 */

export type EventRequestCommand =
  | {
      type: "create";
      /** The new request's id when the caller chose it (an idempotent create's); else a fresh one. */
      request_id?: string | undefined;
      creator_id: string;
      creator_full_name: string | null;
      body: TCreateEventRequestBody;
      /** Which of the named reviewers the creator is connected with (people projection). */
      connected_reviewer_ids: ReadonlySet<string>;
    }
  | { type: "review"; reviewer_id: string; reviewer_full_name: string | null; decision: TReviewDecision; response_notes: string | null }
  | { type: "edit"; user_id: string; creator_full_name: string | null; changes: TUpdateEventRequestBody }
  | { type: "delete"; user_id: string; cause?: TEventRequestDeleteCause }
  | {
      type: "end-relationship";
      /** The two people whose relationship ended. */
      user_ids: readonly [string, string];
      /** Who ended it (the relationship event's actor), when known. */
      ended_by: string | null;
      full_names: ReadonlyMap<string, string | null>;
    };

/** Why a command is refused; the operations turn each into one AppError (refusal-error.ts). */
export type Refusal =
  /** No such request, deleted, or not the caller's to see: all look the same from outside. */
  | { reason: "not_found" }
  | { reason: "already_exists" }
  | { reason: "not_the_creator"; action: "edit" | "delete" }
  | { reason: "not_a_reviewer" }
  | { reason: "already_answered" }
  | { reason: "invalid_fields"; fields: TFieldError[] };

/**
 * A decision: the state to save and the events that write emits, or a refusal. No events means
 * nothing changed and nothing is written (every change is announced).
 */
export type Decision = { ok: true; state: EventRequestState; events: EventRequestEvent[] } | { ok: false; refusal: Refusal };

export interface DecisionContext {
  /** The clock, as an ISO timestamp. */
  now: string;
  /** Makes the ids of a new request and its approvers. */
  newId: () => string;
}

export function decide(command: EventRequestCommand, state: EventRequestState | null, context: DecisionContext): Decision {
  switch (command.type) {
    case "create":
      return create(command, state, context);
    case "review":
      return review(command, state, context);
    case "edit":
      return edit(command, state, context);
    case "delete":
      return remove(command, state, context);
    case "end-relationship":
      return endRelationship(command, state);
    default:
      return assertNever(command);
  }
}

type CommandOf<T extends EventRequestCommand["type"]> = Extract<EventRequestCommand, { type: T }>;

const refuse = (refusal: Refusal): Decision => ({ ok: false, refusal });
const unchanged = (state: EventRequestState): Decision => ({ ok: true, state, events: [] });
const isGone = (state: EventRequestState | null): state is null => state === null || state.deleted_at !== null;

/** A stored or validated RRULE value's rule; null when none (or, defensively, when it does not parse). */
function ruleOf(recurrence: string | null): TRecurrenceRule | null {
  if (recurrence === null) return null;
  const parsed = parseRecurrence(recurrence);
  return parsed.ok ? parsed.rule : null;
}

/**
 * A new request. Reviewers must be connected with the creator; with no required reviewer it is
 * approved at once, announced in the same write as its creation.
 */
function create(command: CommandOf<"create">, state: EventRequestState | null, { now, newId }: DecisionContext): Decision {
  if (state) return refuse({ reason: "already_exists" });
  const { body, creator_id } = command;
  const problems = reviewerProblems(creator_id, body.approvers, command.connected_reviewer_ids);
  if (problems.length > 0) return refuse({ reason: "invalid_fields", fields: problems });

  const approvers = newApprovers(body.approvers, newId);
  const created: EventRequestState = {
    _id: command.request_id ?? newId(),
    created_by: creator_id,
    title: body.title ?? null,
    description: body.description ?? null,
    location: body.location ?? null,
    notes: body.notes ?? null,
    start_date: body.start_date,
    end_date: body.end_date,
    recurrence: body.recurrence ?? null,
    start_at: eventDateToEpochMs(body.start_date),
    ends_at: lastEndMs(ruleOf(body.recurrence ?? null), body.start_date, body.end_date),
    importance_level: body.importance_level,
    approvers,
    reviewer_ids: approvers.map((approver) => approver.user_id),
    ...approvalOf(approvers, outcomeOf(approvers)),
    created_at: now,
    updated_at: now,
    google_event_id: null,
    calendar_sync_failure: null,
    deleted_at: null,
    version: 1,
  };
  const events: EventRequestEvent[] = [eventRequestCreated(created, command.creator_full_name)];
  if (created.status === "approved") events.push(eventRequestApproved(created, approvalReason(approvers), creator_id));
  return { ok: true, state: created, events };
}

/**
 * A reviewer approves or rejects, once (the same answer again changes nothing and is no error). The answer and the approval or rejection it causes go
 * out together; a pending request is decided by it (again, after a material edit re-opened it).
 */
function review(command: CommandOf<"review">, state: EventRequestState | null, { now }: DecisionContext): Decision {
  if (isGone(state)) return refuse({ reason: "not_found" });
  // The same answer again by the same reviewer (a retry after an answer that never arrived) is
  // done already: success, nothing written, nothing announced twice. A different answer is refused.
  const current = state.approvers.find((approver) => approver.user_id === command.reviewer_id);
  if (current?.status === command.decision) return unchanged(state);
  const outcome = recordReview(state.approvers, command.reviewer_id, command.decision, command.response_notes, now);
  if (!outcome.ok) return refuse({ reason: outcome.reason });

  const status = statusAfterAnswer(state.status, outcome.approvers);
  const next: EventRequestState = { ...state, approvers: outcome.approvers, ...approvalOf(outcome.approvers, status), version: state.version + 1 };
  const events: EventRequestEvent[] = [reviewRecorded(next, outcome.approver, command.reviewer_full_name)];
  if (state.status === "pending" && status === "approved") events.push(eventRequestApproved(next, approvalReason(next.approvers), command.reviewer_id));
  if (state.status === "pending" && status === "rejected") events.push(eventRequestRejected(next, outcome.approver, command.reviewer_full_name));
  return { ok: true, state: next, events };
}

/** The fields a creator may change (wire names, as `changed_fields` lists them). */
const EDITABLE = ["title", "description", "location", "notes", "start_date", "end_date", "recurrence", "importance_level"] as const;
type EditableField = (typeof EDITABLE)[number];

/**
 * Material fields: a change to when (date, time or time zone of either end, or how it repeats:
 * issue 16, approval covers the whole series) or where the event is asks its reviewers again.
 * Title, notes, description and importance only inform them.
 */
export const MATERIAL_FIELDS: ReadonlySet<EditableField> = new Set(["start_date", "end_date", "recurrence", "location"]);

/**
 * The creator changes fields. A material change of a request whose reviewers answered asks every
 * one who answered again; a request with a required reviewer goes back to pending (from
 * approved, and from rejected too: the new time may suit them). With no required reviewer it
 * keeps its status.
 */
function edit(command: CommandOf<"edit">, state: EventRequestState | null, { now }: DecisionContext): Decision {
  if (isGone(state)) return refuse({ reason: "not_found" });
  if (state.created_by !== command.user_id) return refuse({ reason: "not_the_creator", action: "edit" });
  const { changes } = command;
  const start = changes.start_date ?? state.start_date;
  const end = changes.end_date ?? state.end_date;
  const problem = eventDateRangeProblem(start, end);
  if (problem) return refuse({ reason: "invalid_fields", fields: [{ path: "end_date", message: problem }] });
  // The body checks a rule against a start it carries; against the stored one it is checked here.
  const recurrence = changes.recurrence !== undefined ? changes.recurrence : (state.recurrence ?? null);
  const rule = recurrence === null ? null : parseRecurrence(recurrence);
  const ruleProblem = rule === null ? null : rule.ok ? recurrenceStartProblem(rule.rule, start) : rule.message;
  if (ruleProblem) return refuse({ reason: "invalid_fields", fields: [{ path: "recurrence", message: ruleProblem }] });

  const changed = EDITABLE.filter((field) => changes[field] !== undefined && !isSameValue(field, changes[field], state[field]));
  if (changed.length === 0) return unchanged(state);

  const isMaterial = changed.some((field) => MATERIAL_FIELDS.has(field));
  const { approvers, askedAgain } = isMaterial ? askAgain(state.approvers) : { approvers: state.approvers, askedAgain: [] };
  const isReopened = askedAgain.length > 0 && approvers.some((approver) => approver.required);
  const edited: Partial<Pick<EventRequestState, EditableField>> = {};
  for (const field of changed) Object.assign(edited, { [field]: changes[field] });
  const next: EventRequestState = {
    ...state,
    ...edited,
    start_at: eventDateToEpochMs(start),
    ends_at: lastEndMs(ruleOf(recurrence), start, end),
    approvers,
    ...approvalOf(approvers, isReopened ? "pending" : state.status),
    updated_at: now,
    version: state.version + 1,
  };
  return { ok: true, state: next, events: [eventRequestUpdated(next, [...changed], command.creator_full_name, askedAgain)] };
}

/**
 * Two event dates name the same time when both are all-day or both timed, in the same zone, at
 * the same instant: "12:00" and "12:00:00", or a local time and the same instant with its offset,
 * are no change (and ask nobody again).
 */
export function isSameEventDate(a: TEventDate, b: TEventDate): boolean {
  return isAllDay(a) === isAllDay(b) && a.time_zone === b.time_zone && eventDateToEpochMs(a) === eventDateToEpochMs(b);
}

function isSameValue(field: EditableField, value: unknown, stored: unknown): boolean {
  if (field === "start_date" || field === "end_date") return isSameEventDate(value as TEventDate, stored as TEventDate);
  // A document from before recurrence existed has none: the same as null.
  if (field === "recurrence") return value === (stored ?? null);
  return isDeepStrictEqual(value, stored);
}

/** The creator deletes (softly: the announcement in the outbox still goes out). */
function remove(command: CommandOf<"delete">, state: EventRequestState | null, { now }: DecisionContext): Decision {
  if (isGone(state)) return refuse({ reason: "not_found" });
  if (state.created_by !== command.user_id) return refuse({ reason: "not_the_creator", action: "delete" });
  const next: EventRequestState = { ...state, deleted_at: now, version: state.version + 1 };
  return { ok: true, state: next, events: [eventRequestDeleted(next, command.cause)] };
}

/**
 * The creator and one of its reviewers are no longer connected. A pending request loses that
 * reviewer (and, if every remaining required reviewer had approved, is approved); a decided one
 * keeps its approver list as history (the reviewer only loses access, see `maySee`). Anything
 * else (already removed, deleted, not between these two) changes nothing, so a redelivered
 * message is harmless.
 */
function endRelationship(command: CommandOf<"end-relationship">, state: EventRequestState | null): Decision {
  if (state === null) return refuse({ reason: "not_found" });
  if (state.deleted_at !== null || state.status !== "pending") return unchanged(state);
  const [a, b] = command.user_ids;
  const reviewerId = state.created_by === a ? b : state.created_by === b ? a : null;
  const removed = state.approvers.find((approver) => approver.user_id === reviewerId);
  if (!removed) return unchanged(state);

  const remaining = state.approvers.filter((approver) => approver.user_id !== removed.user_id);
  const status = statusAfterReviewerLeft(remaining);
  const next: EventRequestState = {
    ...state,
    approvers: remaining,
    reviewer_ids: remaining.map((approver) => approver.user_id),
    ...approvalOf(remaining, status),
    version: state.version + 1,
  };
  const previousStatus: TEventRequestStatus = state.status;
  const events: EventRequestEvent[] = [reviewerRemoved(next, removed, command.full_names.get(removed.user_id) ?? null, previousStatus, command.ended_by)];
  if (status === "approved") events.push(eventRequestApproved(next, "all_required_approved", command.ended_by));
  return { ok: true, state: next, events };
}
