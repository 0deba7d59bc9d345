import type { TCalendarSyncJob } from "../jobs/sync-job.ts";

/*
 * The hand-off from Kafka to BullMQ, so that Redis is never the only copy of a sync. Pure.
 *
 * The consumer first records in MongoDB that a sync is wanted (the request's facts merged, the
 * newest wanted version and the job last delivered, in one write), then enqueues the job, then
 * lets Kafka commit the offset.
 * A job that finishes records the version it brought Google to (`synced_version`); one that fails
 * for good records `failed_version` (the user is told by calendar.sync-failed). A reconciliation
 * (at start-up and periodically) reads every sync still wanted and decides here what to do: a
 * job Redis lost is enqueued again under the same id, so it is never there twice, and the job
 * compares versions, so running it again changes nothing Google already shows.
 */

/** Where a request's sync stands; stored as `sync_state` (storage names: add, never rename). */
export const SYNC_HAND_OFF_STATES = ["wanted", "synced", "failed"] as const;
export type TSyncHandOffState = (typeof SYNC_HAND_OFF_STATES)[number];

/** A sync the store holds as wanted. */
export interface WantedSync {
  event_request_id: string;
  wanted_version: number;
  synced_version: number;
  failed_version: number;
  /** The job last delivered (any job of the request brings Google to all its facts); null when the stored payload no longer parses. */
  job: TCalendarSyncJob | null;
}

/** What BullMQ holds under the wanted job's id; "absent" when Redis has no such job (lost, or removed). */
export type TQueuedJobState = "absent" | "waiting" | "delayed" | "active" | "prioritized" | "waiting-children" | "completed" | "failed" | "unknown";

export type WantedSyncAction =
  /** A job already brought Google to the wanted version (a redelivery marked it wanted again). */
  | "mark_synced"
  /** The wanted version's job failed for good; its failure was told then. */
  | "mark_failed"
  /** Redis lost the job (or never got it): enqueue it again, same id. */
  | "enqueue"
  /** The job failed for good in Redis but its failure was never recorded (died in between): tell now. */
  | "tell_failed"
  /**
   * The job finished without recording its sync (it died between the two), or Redis holds its
   * id in no list (a partial loss), where adding the id again would be a no-op: remove, enqueue.
   */
  | "rerun"
  /** The job is queued or running: it will record its outcome itself. */
  | "leave"
  /** No payload to enqueue (unreadable): leave it for an operator, loudly. */
  | "unreadable";

export function decideWantedSync(sync: Omit<WantedSync, "event_request_id">, jobState: TQueuedJobState): WantedSyncAction {
  if (sync.synced_version >= sync.wanted_version) return "mark_synced";
  if (sync.failed_version >= sync.wanted_version) return "mark_failed";
  if (!sync.job) return "unreadable";
  switch (jobState) {
    case "absent":
      return "enqueue";
    case "completed":
    case "unknown":
      return "rerun";
    case "failed":
      return "tell_failed";
    case "waiting":
    case "delayed":
    case "active":
    case "prioritized":
    case "waiting-children":
      return "leave";
    default:
      return assertNever(jobState);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled job state: ${JSON.stringify(value)}`);
}
