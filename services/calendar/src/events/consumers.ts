import { TOPICS, type TEventOf } from "@amia/contracts";
import type { Bus, BusConsumer } from "@amia/kit";
import { syncJobId, type TCalendarSyncJob } from "../jobs/sync-job.ts";
import type { SharingProjection } from "../store/sharing-projection.ts";

/** Consumer group ids: stored offsets are keyed by them; renaming one replays its topics. */
const GROUP = "calendar.sync";
const SHARING_GROUP = "calendar.sharing";

export const CONSUMED_TOPICS = [TOPICS.eventRequests, TOPICS.users, TOPICS.relationships];

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

/**
 * user.settings-updated and relationship.* → the sharing projection (who shares free/busy, who
 * is connected with whom). Every handler is an idempotent upsert, so a redelivery changes nothing;
 * a new group reads the topics from the start, so the projection holds everything said before.
 */
export function sharingConsumer(bus: Bus, sharing: SharingProjection): BusConsumer {
  return bus.consumer({
    groupId: SHARING_GROUP,
    topics: [TOPICS.users, TOPICS.relationships],
    handlers: {
      "user.settings-updated": async (event) => sharing.settingsUpdated(event.data),
      "relationship.created": async (event) => sharing.relationshipCreated(event.data.relationship_id, [event.data.users[0].user_id, event.data.users[1].user_id]),
      "relationship.deleted": async (event) => sharing.relationshipDeleted(event.data.relationship_id, event.data.user_ids),
    },
  });
}
