import type { Logger } from "pino";
import { isReplayed, type Bus, type BusConsumer, type ProjectionGeneration } from "@amia/kit";
import { followGoogleDeletion, followGoogleMove } from "../operations/follow-google-changes.ts";
import { endReviewsBetween } from "../operations/end-relationship-reviews.ts";
import type { EventRequestsStore } from "../store/event-requests-store.ts";
import type { PeopleProjection } from "../store/people-projection.ts";

/**
 * Consumer group ids: stored offsets are keyed by them; renaming one replays its topics. The
 * projections group id is the base: each projection generation reads under `<base>.<generation>`
 * (projection-generation.ts), so a fresh or emptied database reads users and relationships again.
 */
export const GROUPS = { projections: "events.projections", calendar: "events.calendar" } as const;

/**
 * What the events service learns from others: people, relationships, calendar sync results.
 * `projection` is the people projection's generation: an event older than its replay start is
 * history being replayed into the projection, and only the projection takes it.
 */
export function eventsConsumers(bus: Bus, store: EventRequestsStore, people: PeopleProjection, projection: ProjectionGeneration, logger: Logger): BusConsumer[] {
  return [
    bus.consumer({
      groupId: projection.groupId,
      handlers: {
        "user.registered": async (event) => people.personSeen(event.data.user_id, event.data.full_name ?? event.data.name, event.occurred_at, event.data.email),
        "user.updated": async (event) => people.personSeen(event.data.user_id, event.data.full_name ?? event.data.name, event.occurred_at, event.data.email),
        "relationship.created": async (event) =>
          people.relationshipCreated(event.data.relationship_id, [event.data.users[0].user_id, event.data.users[1].user_id]),
        // The projection first, so access ends at once; then the pending requests between the
        // two lose their reviewer. A redelivery repeats both harmlessly. A replayed deletion ends
        // nothing: its reviews ended when it happened, and the two may have connected again since
        // (a newer relationship the replay may not have reached yet).
        "relationship.deleted": async (event) => {
          await people.relationshipDeleted(event.data.relationship_id, event.data.user_ids);
          if (!isReplayed(projection, event.occurred_at)) await endReviewsBetween({ store, people }, event.data.user_ids, event.actor_id);
        },
      },
    }),
    bus.consumer({
      groupId: GROUPS.calendar,
      handlers: {
        "calendar.event-synced": async (event) => store.recordCalendarSync(event.data),
        "calendar.sync-failed": async (event) => {
          await store.recordCalendarFailure(event.data.event_request_id, event.data.user_id, event.data.reason, event.occurred_at);
        },
        // The creator changed the request's event in Google Calendar (two-way sync): applied as
        // their own edit or deletion (follow-google-changes.ts). A redelivery changes nothing:
        // the same times again are no change, and a deleted request is "gone".
        "calendar.google-event-changed": async (event) => void (await followGoogleMove({ store, people, logger }, event.data)),
        "calendar.google-event-deleted": async (event) => void (await followGoogleDeletion({ store, people, logger }, event.data)),
        "calendar.google-attendees-responded": async (event) => store.recordGoogleResponses(event.data.event_request_id, event.data.user_id, event.data.responses),
      },
    }),
  ];
}
