import { TOPICS, type TEventOf } from "@amia/contracts";
import type { Bus, BusConsumer } from "@amia/kit";
import { syncJobId, type TCalendarSyncJob } from "../jobs/sync-job.ts";

/** Consumer group id: stored offsets are keyed by it; renaming it replays the topic. */
const GROUP = "calendar.sync";

export const CONSUMED_TOPICS = [TOPICS.eventRequests];

type Enqueue = (jobId: string, payload: TCalendarSyncJob) => Promise<unknown>;

type SnapshotEvent = TEventOf<"event-request.approved"> | TEventOf<"event-request.updated">;

const snapshotOf = ({ data }: SnapshotEvent): TCalendarSyncJob["snapshot"] => ({
  title: data.title,
  description: data.description,
  location: data.location,
  notes: data.notes,
  start_date: data.start_date,
  end_date: data.end_date,
});

/** Changes that matter to the Google event (wire names of the request's fields). */
const SYNCED_FIELDS = new Set(["title", "description", "location", "notes", "start_date", "end_date"]);

/**
 * event-request.approved / updated / deleted → one sync job each. The consumer only enqueues:
 * the job (with its own retries and backoff) talks to Google, so a slow Google never stalls
 * the partition. Enqueueing is idempotent by job id, so a redelivered message adds nothing.
 */
export function calendarConsumers(bus: Bus, enqueue: Enqueue): BusConsumer[] {
  const enqueueFor = (payload: TCalendarSyncJob, sourceEventId: string) => enqueue(syncJobId(payload, sourceEventId), payload);
  return [
    bus.consumer({
      groupId: GROUP,
      topics: CONSUMED_TOPICS,
      handlers: {
        "event-request.approved": async (event) => {
          await enqueueFor(
            { operation: "create", event_request_id: event.data.event_request_id, user_id: event.data.created_by, google_event_id: event.data.google_event_id, snapshot: snapshotOf(event) },
            event.id,
          );
        },
        "event-request.updated": async (event) => {
          const isSynced = event.data.status === "approved" || event.data.google_event_id !== null;
          if (!isSynced || !event.data.changed_fields.some((field) => SYNCED_FIELDS.has(field))) return;
          await enqueueFor(
            { operation: "update", event_request_id: event.data.event_request_id, user_id: event.data.created_by, google_event_id: event.data.google_event_id, snapshot: snapshotOf(event) },
            event.id,
          );
        },
        "event-request.deleted": async (event) => {
          await enqueueFor(
            { operation: "delete", event_request_id: event.data.event_request_id, user_id: event.data.created_by, google_event_id: event.data.google_event_id, snapshot: null },
            event.id,
          );
        },
      },
    }),
  ];
}
