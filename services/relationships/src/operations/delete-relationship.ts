import { notFound } from "@amia/kit";
import { endedRelationshipKey } from "../domain/pair-keys.ts";
import { relationshipDeleted } from "../events/relationship-events.ts";
import type { Stores } from "../store/stores.ts";

/**
 * Either side ends a relationship: a soft delete that frees the pair (so the two may connect
 * again) and announces `relationship.deleted` in the same write.
 */
export async function deleteRelationship(stores: Stores, relationshipId: string, actorId: string, now = new Date()): Promise<void> {
  const relationship = await stores.relationships.findVisible(relationshipId, actorId);
  if (!relationship) throw notFound("Relationship");
  const changes = { pair: endedRelationshipKey(relationship._id), deleted_at: now.toISOString() };
  // Matching nothing means the other side deleted it a moment ago: gone either way.
  if (!(await stores.relationships.softDelete(relationship._id, actorId, changes, [relationshipDeleted(relationship, actorId)]))) {
    throw notFound("Relationship");
  }
}
