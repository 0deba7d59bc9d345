import { createEvent } from "@amia/kit";
import type { TEventOf } from "@amia/contracts";
import type { NewRelationship } from "../store/relationships-store.ts";
import { PRODUCER } from "./relationship-request-events.ts";

/**
 * Carries both sides with names and emails: the events service keeps its "are A and B related?"
 * projection from this and `relationship.deleted` (docs/decisions.md "Relationships").
 */
export function relationshipCreated(relationship: NewRelationship, actorId: string): TEventOf<"relationship.created"> {
  return createEvent(PRODUCER, "relationship.created", {
    subject: relationship._id,
    actor_id: actorId,
    data: {
      relationship_id: relationship._id,
      users: relationship.parties,
      request_id: relationship.request_id,
      created_at: relationship.created_at,
    },
  });
}

/** `actorId` is the side that ended it; null is left for an end no person caused (none today). */
export function relationshipDeleted(relationship: Pick<NewRelationship, "_id" | "user_ids">, actorId: string | null): TEventOf<"relationship.deleted"> {
  return createEvent(PRODUCER, "relationship.deleted", {
    subject: relationship._id,
    actor_id: actorId,
    data: { relationship_id: relationship._id, user_ids: relationship.user_ids },
  });
}
