import type { TEventOf } from "@amia/contracts";
import type { TCalendarSyncJob, TSyncEventStatus, TSyncSnapshot } from "../jobs/sync-job.ts";
import { googleEventBody, type GoogleEventBody } from "./google-event.ts";

/*
 * How a request's Google event follows the request, whatever order its sync jobs run in. Pure.
 *
 * Each job brings facts stamped with the request's version (`request_version`): a snapshot, an
 * approval, a rejection, a deletion. Facts merge by version (the newest snapshot wins; approval,
 * rejection and deletion keep the newest version each), so merging is the same in any order and
 * a redelivered job changes nothing. The Google event the merged facts call for is then compared
 * with the one last applied, and only a difference reaches Google. A deletion is a tombstone:
 * after it no fact brings the event back.
 */

/** The event-request events the calendar follows. */
export type SyncSourceEvent =
  | TEventOf<"event-request.approved">
  | TEventOf<"event-request.updated">
  | TEventOf<"event-request.rejected">
  | TEventOf<"event-request.deleted">;

/** The sync job an event-request event asks for. */
export function syncJobFor(event: SyncSourceEvent): TCalendarSyncJob {
  const { event_request_id, request_version } = event.data;
  const common = { event_request_id, request_version };
  switch (event.type) {
    case "event-request.approved":
      return { operation: "create", ...common, user_id: event.data.created_by, snapshot: snapshotOf(event.data), event_status: "confirmed" };
    case "event-request.updated":
      switch (event.data.status) {
        case "approved":
          return { operation: "update", ...common, user_id: event.data.created_by, snapshot: snapshotOf(event.data), event_status: "confirmed" };
        // Back with its reviewers: shown tentatively if it has a Google event, else nothing yet.
        case "pending":
          return { operation: "update", ...common, user_id: event.data.created_by, snapshot: snapshotOf(event.data), event_status: "tentative" };
        case "rejected":
          return { operation: "delete", ...common, user_id: event.data.created_by, reason: "request_rejected" };
        default:
          return assertNever(event.data.status);
      }
    case "event-request.rejected":
      return { operation: "delete", ...common, user_id: event.data.created_by, reason: "request_rejected" };
    case "event-request.deleted":
      return { operation: "delete", ...common, user_id: event.data.created_by, reason: "request_deleted" };
    default:
      return assertNever(event);
  }
}

function snapshotOf(data: TSyncSnapshot): TSyncSnapshot {
  return {
    title: data.title,
    description: data.description,
    location: data.location,
    notes: data.notes,
    start_date: data.start_date,
    end_date: data.end_date,
    // Left out when the event predates recurrence (issue 16), so such a job's body is unchanged.
    ...(data.recurrence === undefined ? {} : { recurrence: data.recurrence }),
    ...(data.attendees ? { attendees: data.attendees } : {}),
  };
}

/** The newest snapshot a job brought, with its version and the Google status it asks for. */
export type VersionedSnapshot = TSyncSnapshot & { version: number; event_status: TSyncEventStatus };

/** What the calendar service knows about one request's Google event (its `calendar_syncs` document). */
export interface SyncState {
  /** The request was deleted: the tombstone. */
  is_deleted: boolean;
  /** The newest `request_version` any job brought. */
  version: number;
  snapshot: VersionedSnapshot | null;
  /** The newest version at which the request was approved (0: never). */
  approved_version: number;
  /** The newest version at which the request was rejected (0: never). */
  rejected_version: number;
  /** The Google event we made and hold as existing; null when none (or removed). */
  google_event_id: string | null;
  /** What Google was last brought to (fingerprintOf); null when nothing was applied yet. */
  applied_fingerprint: string | null;
  /** An insert was sent whose answer was never recorded: Google may hold the event. */
  may_exist: boolean;
  /** The user deleted our event in Google Calendar: theirs to decide, we do not bring it back. */
  removed_in_google: boolean;
}

export const EMPTY_SYNC_STATE: SyncState = {
  is_deleted: false,
  version: 0,
  snapshot: null,
  approved_version: 0,
  rejected_version: 0,
  google_event_id: null,
  applied_fingerprint: null,
  may_exist: false,
  removed_in_google: false,
};

/** The facts one job brings, to merge into the state (the store does it in one atomic write). */
export interface SyncFacts {
  version: number;
  snapshot: VersionedSnapshot | null;
  approved_version: number;
  rejected_version: number;
  is_deleted: boolean;
}

export function factsOf(job: TCalendarSyncJob): SyncFacts {
  const none = { version: job.request_version, snapshot: null, approved_version: 0, rejected_version: 0, is_deleted: false };
  switch (job.operation) {
    case "create":
    case "update": {
      const snapshot = { ...job.snapshot, version: job.request_version, event_status: job.event_status };
      // A confirmed snapshot is the request approved at that version (approved, or edited while approved).
      return { ...none, snapshot, approved_version: job.event_status === "confirmed" ? job.request_version : 0 };
    }
    case "delete":
      return job.reason === "request_deleted" ? { ...none, is_deleted: true } : { ...none, rejected_version: job.request_version };
    default:
      return assertNever(job);
  }
}

/** Merges facts into a state, as the store's write does: newest wins, in any order. */
export function mergeFacts(state: SyncState, facts: SyncFacts): SyncState {
  const isNewerSnapshot = facts.snapshot !== null && (state.snapshot === null || state.snapshot.version < facts.snapshot.version);
  return {
    ...state,
    version: Math.max(state.version, facts.version),
    snapshot: isNewerSnapshot ? facts.snapshot : state.snapshot,
    approved_version: Math.max(state.approved_version, facts.approved_version),
    rejected_version: Math.max(state.rejected_version, facts.rejected_version),
    is_deleted: state.is_deleted || facts.is_deleted,
  };
}

/** The Google event the facts call for, or null for none. */
export interface DesiredEvent {
  snapshot: VersionedSnapshot;
  status: TSyncEventStatus;
}

export function desiredEventOf(state: SyncState): DesiredEvent | null {
  const { snapshot } = state;
  if (state.is_deleted || !snapshot) return null;
  // Rejected at (or after) the newest snapshot: the request's latest word is "no".
  if (state.rejected_version >= snapshot.version) return null;
  if (snapshot.event_status === "confirmed") return { snapshot, status: "confirmed" };
  // Being reviewed again: it keeps its event, tentatively, if an approval stands (one newer than
  // any rejection); a request never approved has no event yet.
  return state.approved_version > state.rejected_version ? { snapshot, status: "tentative" } : null;
}

/** Stored as `applied_fingerprint` for "no Google event". */
export const ABSENT_FINGERPRINT = "absent";

/** What Google holds, as a string to compare: the event's body, or ABSENT_FINGERPRINT. */
export function fingerprintOf(body: GoogleEventBody | null): string {
  return body ? JSON.stringify(body) : ABSENT_FINGERPRINT;
}

/** The one step that brings Google to what the facts call for. */
export type SyncPlan =
  | { action: "none" }
  /** Remove the event: by its id, or (null) whatever Google holds under our iCalUID. */
  | { action: "remove"; google_event_id: string | null }
  /** Insert it (or, when Google already holds our iCalUID, patch and if need be restore that one). */
  | { action: "create"; body: GoogleEventBody }
  | { action: "patch"; google_event_id: string; body: GoogleEventBody };

export function planSync(state: SyncState): SyncPlan {
  if (state.removed_in_google) return { action: "none" };
  const desired = desiredEventOf(state);
  const body = desired ? googleEventBody(desired.snapshot, desired.status) : null;
  if (fingerprintOf(body) === state.applied_fingerprint) return { action: "none" };
  if (!body) {
    return state.google_event_id !== null || state.may_exist ? { action: "remove", google_event_id: state.google_event_id } : { action: "none" };
  }
  return state.google_event_id !== null ? { action: "patch", google_event_id: state.google_event_id, body } : { action: "create", body };
}

function assertNever(value: never): never {
  throw new Error(`Unhandled sync case: ${JSON.stringify(value)}`);
}
