import type { Logger } from "pino";
import { decideWantedSync, type TQueuedJobState, type WantedSyncAction } from "../domain/wanted-sync-rules.ts";
import { syncJobId, type TCalendarSyncJob } from "../jobs/sync-job.ts";
import type { SyncsStore } from "../store/syncs-store.ts";

/** What the reconciliation needs of the `calendar-sync` queue. */
export interface SyncJobQueue {
  /** The state of the job with this id ("absent" when Redis has none). */
  stateOf: (jobId: string) => Promise<TQueuedJobState>;
  /** The job's final failure message, when it failed. */
  failureOf: (jobId: string) => Promise<{ message: string; attempts: number } | null>;
  enqueue: (jobId: string, payload: TCalendarSyncJob) => Promise<unknown>;
  /** Removes the job under this id (whatever its state), so the id can be enqueued again. */
  remove: (jobId: string) => Promise<void>;
}

interface Deps {
  syncs: SyncsStore;
  queue: SyncJobQueue;
  logger: Logger;
  /** Records a failure for good and tells the user (the worker's failed handler). */
  tellFailed: (job: TCalendarSyncJob, detail: string, attempts: number) => Promise<void>;
}

/** Pages of this many wanted syncs: bounded reads however many are wanted. */
const PAGE_SIZE = 200;

export type ReconcileCounts = Record<WantedSyncAction, number>;

/**
 * One pass over every sync still wanted (wanted-sync-rules.ts): a job Redis lost is enqueued
 * again under its id, a sync a redelivery marked wanted again is marked synced, and a failure
 * that was never recorded is told. Idempotent, so replicas may run it at once.
 */
export async function reconcileWantedSyncs({ syncs, queue, logger, tellFailed }: Deps): Promise<ReconcileCounts> {
  const counts: ReconcileCounts = { mark_synced: 0, mark_failed: 0, tell_failed: 0, enqueue: 0, rerun: 0, leave: 0, unreadable: 0 };
  let afterId: string | null = null;
  for (;;) {
    const page = await syncs.listWanted(afterId, PAGE_SIZE);
    for (const sync of page) {
      const jobId = sync.job ? syncJobId(sync.job) : null;
      const action = decideWantedSync(sync, jobId ? await queue.stateOf(jobId) : "absent");
      counts[action]++;
      switch (action) {
        case "mark_synced":
          await syncs.recordSynced(sync.event_request_id, sync.synced_version);
          break;
        case "mark_failed":
          await syncs.recordGaveUp(sync.event_request_id, sync.failed_version);
          break;
        case "tell_failed": {
          const failure = await queue.failureOf(jobId!);
          await tellFailed(sync.job!, failure?.message ?? "failed", failure?.attempts ?? 1);
          break;
        }
        case "rerun":
          await queue.remove(jobId!);
          await queue.enqueue(jobId!, sync.job!);
          break;
        case "enqueue":
          await queue.enqueue(jobId!, sync.job!);
          break;
        case "leave":
          break;
        case "unreadable":
          logger.error({ event_request_id: sync.event_request_id, wanted_version: sync.wanted_version }, "wanted calendar sync has no readable job to enqueue");
          break;
        default:
          assertNever(action);
      }
    }
    if (page.length < PAGE_SIZE) break;
    afterId = page[page.length - 1]!.event_request_id;
  }
  const repaired = counts.enqueue + counts.rerun + counts.tell_failed;
  if (repaired > 0) logger.warn({ ...counts }, "calendar sync reconciliation repaired lost jobs");
  return counts;
}

function assertNever(value: never): never {
  throw new Error(`Unhandled reconcile action: ${JSON.stringify(value)}`);
}
