import type { Logger } from "pino";
import type { Bus, BusConsumer } from "@amia/kit";
import { syncJobFor, type SyncSourceEvent } from "../domain/sync-rules.ts";
import { syncJobId, type TCalendarSyncJob } from "../jobs/sync-job.ts";
import type { SharingProjection } from "../store/sharing-projection.ts";
import type { SyncsStore } from "../store/syncs-store.ts";

/**
 * Consumer group ids: stored offsets are keyed by them; renaming one replays its topics. The
 * sharing group id is the base: each projection generation reads under `<base>.<generation>`
 * (projection-generation.ts), so a fresh or emptied database reads users and relationships again.
 */
const GROUP = "calendar.sync";
export const SHARING_GROUP = "calendar.sharing";

type Enqueue = (jobId: string, payload: TCalendarSyncJob) => Promise<unknown>;

/**
 * event-request.approved / updated / rejected / deleted → one sync job each, stamped with the
 * request's version (sync-rules.ts says which). The consumer first records the wanted sync in
 * MongoDB (the durable copy: wanted-sync-rules.ts), then enqueues; the offset is committed after
 * both. The job (with its own retries and backoff) talks to Google, so a slow Google never stalls
 * the partition. Job ids are per (request, version, operation), so a redelivered message adds
 * nothing. Every update is enqueued, even one Google would not show: its version still counts,
 * so an older job cannot win.
 */
export function calendarConsumers(bus: Bus, { syncs, enqueue, logger }: { syncs: SyncsStore; enqueue: Enqueue; logger: Logger }): BusConsumer[] {
  const enqueueFor = async (event: SyncSourceEvent) => {
    const job = syncJobFor(event);
    await syncs.recordWanted(job);
    try {
      await enqueue(syncJobId(job), job);
    } catch (error) {
      // Redis is down: the wanted sync is on disk, and the reconciliation enqueues it once Redis
      // is back, so the message is done; failing it would only send it to the dead-letter topic.
      logger.warn({ event_id: event.id, event_request_id: job.event_request_id, err: error }, "calendar sync recorded, not enqueued; the reconciliation will enqueue it");
    }
  };
  return [
    bus.consumer({
      groupId: GROUP,
      handlers: {
        "event-request.approved": enqueueFor,
        "event-request.updated": enqueueFor,
        "event-request.rejected": enqueueFor,
        "event-request.deleted": enqueueFor,
      },
    }),
  ];
}

/**
 * user.settings-updated and relationship.* → the sharing projection (who shares free/busy, who
 * is connected with whom). Every handler is an idempotent upsert, so a redelivery changes nothing;
 * a new group (`groupId`: the projection's generation) reads the topics from the start, so the
 * projection holds everything said before.
 */
export function sharingConsumer(bus: Bus, sharing: SharingProjection, groupId: string): BusConsumer {
  return bus.consumer({
    groupId,
    handlers: {
      "user.settings-updated": async (event) => sharing.settingsUpdated(event.data),
      "relationship.created": async (event) => sharing.relationshipCreated(event.data.relationship_id, [event.data.users[0].user_id, event.data.users[1].user_id]),
      "relationship.deleted": async (event) => sharing.relationshipDeleted(event.data.relationship_id, event.data.user_ids),
    },
  });
}
