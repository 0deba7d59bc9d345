import type { TEventDate, TEventRequest, TGoogleAttendeeResponse } from "@amia/contracts";
import type { Approval, ApproverState } from "./approval-rules.ts";

/**
 * An event request as the decisions see it: the stored document without its outbox. Field names
 * are storage names (collection `event_requests`), and wire names where they are shared:
 * renaming one strands stored documents.
 */
export interface EventRequestState extends Approval {
  _id: string;
  created_by: string;
  title: string | null;
  description: string | null;
  location: string | null;
  notes: string | null;
  start_date: TEventDate;
  end_date: TEventDate;
  /**
   * How it repeats: a canonical RRULE value read in start_date's zone (contracts' recurrence.ts),
   * null when it does not. The request is the series: one approval, one Google event. Absent in
   * documents stored before issue 16 (read as null).
   */
  recurrence?: string | null;
  /** The start as an instant, for range filters and ordering (derived from start_date). */
  start_at: number;
  /**
   * When it ends for good, as an instant (contracts' `lastEndMs`): its end, or its last
   * occurrence's; null for a series without end. For "still happening in this window" filters.
   * Absent in documents stored before it was kept (such a filter then keeps them).
   */
  ends_at?: number | null;
  importance_level: number;
  approvers: ApproverState[];
  /** Who is asked to review (the approvers' user ids): the "requests I am asked to review" index. */
  reviewer_ids: string[];
  created_at: string;
  updated_at: string;
  /** Written by the calendar service's reports only, never by a decision. */
  google_event_id: string | null;
  /**
   * Each invited reviewer's answer to the Google invitation, by user id (the calendar service's
   * reports of two-way sync only, never a decision); absent until the first report.
   */
  google_responses?: Record<string, TGoogleAttendeeResponse>;
  /** Set by the calendar service's report of a failed sync; not on the wire. */
  calendar_sync_failure: { reason: string; at: string } | null;
  /** Soft delete keeps the document, so the events in its outbox are still published. */
  deleted_at: string | null;
  /**
   * 1 at creation, one more with every decided write; every event of a write carries it as
   * `request_version`, and writes are guarded on the version they read.
   */
  version: number;
}

/** user id → display name (null when the people projection has none). */
export type NameBook = ReadonlyMap<string, string | null>;

/**
 * The request as the API shows it, with each approver's `full_name` and the creator's
 * `created_by_full_name` filled in: the events service owns these names and gives them to
 * everyone who may see the request (issue 11), connected to that person or not.
 */
export function toEventRequest(state: EventRequestState, names: NameBook): TEventRequest {
  return {
    id: state._id,
    title: state.title,
    description: state.description,
    location: state.location,
    notes: state.notes,
    start_date: state.start_date,
    end_date: state.end_date,
    recurrence: state.recurrence ?? null,
    importance_level: state.importance_level,
    status: state.status,
    approval_status: state.approval_status,
    requested_approvals: state.requested_approvals,
    completed_count: state.completed_count,
    approvers: state.approvers.map((approver) => ({ ...approver, full_name: names.get(approver.user_id) ?? null, google_response: state.google_responses?.[approver.user_id] ?? null })),
    created_by: state.created_by,
    created_by_full_name: names.get(state.created_by) ?? null,
    created_at: state.created_at,
    updated_at: state.updated_at,
    google_event_id: state.google_event_id,
  };
}

/** Everyone a request names: its creator and its approvers (whose names a response carries). */
export function peopleNamedBy(state: EventRequestState): string[] {
  return [state.created_by, ...state.approvers.map((approver) => approver.user_id)];
}

/**
 * Who may see a request (and so answer it): its creator, and a reviewer while still connected to
 * the creator (DESIGN.md "Who may review": after the relationship ends they lose access, on
 * decided requests too, whose approver lists keep them as history). Nobody sees a deleted one.
 */
export function maySee(state: EventRequestState, userId: string, isConnectedToCreator: boolean): boolean {
  if (state.deleted_at !== null) return false;
  if (state.created_by === userId) return true;
  return state.reviewer_ids.includes(userId) && isConnectedToCreator;
}
