import type { Bus, BusConsumer } from "@amia/kit";
import type { EventRequestsStore } from "../store/event-requests-store.ts";
import type { PeopleProjection } from "../store/people-projection.ts";

/** Consumer group ids: stored offsets are keyed by them; renaming one replays its topics. */
const GROUPS = { projections: "events.projections", calendar: "events.calendar" } as const;

export const CONSUMED_TOPICS = ["users", "relationships", "calendar"];

/** What the events service learns from others: people, relationships, calendar sync results. */
export function eventsConsumers(bus: Bus, store: EventRequestsStore, people: PeopleProjection): BusConsumer[] {
  return [
    bus.consumer({
      groupId: GROUPS.projections,
      topics: ["users", "relationships"],
      handlers: {
        "user.registered": async (event) => people.personSeen(event.data.user_id, event.data.full_name ?? event.data.name, event.occurred_at),
        "user.updated": async (event) => people.personSeen(event.data.user_id, event.data.full_name ?? event.data.name, event.occurred_at),
        "relationship.created": async (event) =>
          people.relationshipCreated(event.data.relationship_id, [event.data.users[0].user_id, event.data.users[1].user_id]),
        "relationship.deleted": async (event) => people.relationshipDeleted(event.data.relationship_id, event.data.user_ids),
      },
    }),
    bus.consumer({
      groupId: GROUPS.calendar,
      topics: ["calendar"],
      handlers: {
        "calendar.event-synced": async (event) => {
          if (event.data.operation !== "delete") await store.recordCalendarEvent(event.data.event_request_id, event.data.google_event_id);
        },
        "calendar.sync-failed": async (event) => {
          await store.recordCalendarFailure(event.data.event_request_id, event.data.reason, event.occurred_at);
        },
      },
    }),
  ];
}
