import type { TRelationship, TRelationshipRequest } from "@amia/contracts";
import type { RelationshipDocument } from "../store/relationships-store.ts";
import type { RelationshipRequestDocument } from "../store/requests-store.ts";
import type { ProjectedUser, UsersProjection } from "../store/users-projection.ts";
import { personOf } from "./people.ts";

/*
 * Stored documents as the wire shows them (contracts' ZRelationshipRequestSchema and
 * ZRelationshipSchema), with names read from the users projection at read time.
 */

type Request = Omit<RelationshipRequestDocument, "outbox">;

export function requestView(request: Request, requester: ProjectedUser | null | undefined): TRelationshipRequest {
  const person = personOf(request.requester_id, requester, { full_name: request.requester_full_name, email: request.requester_email });
  return {
    id: request._id,
    created_at: request.created_at,
    status: request.status,
    requested_email: request.requested_email,
    requester: { id: person.user_id, full_name: person.full_name, email: person.email },
  };
}

export async function requestViews(users: UsersProjection, requests: Request[]): Promise<TRelationshipRequest[]> {
  const known = await users.findByIds(requests.map((request) => request.requester_id));
  return requests.map((request) => requestView(request, known.get(request.requester_id)));
}

/** The relationship as `viewerId` sees it: `other_user` is the other side. */
export function relationshipView(relationship: Omit<RelationshipDocument, "outbox">, viewerId: string, other: ProjectedUser | null | undefined): TRelationship {
  const recorded = otherParty(relationship, viewerId);
  const person = personOf(recorded.user_id, other, recorded);
  return { id: relationship._id, created_at: relationship.created_at, other_user: { id: person.user_id, full_name: person.full_name, email: person.email } };
}

export async function relationshipViews(users: UsersProjection, relationships: RelationshipDocument[], viewerId: string): Promise<TRelationship[]> {
  const known = await users.findByIds(relationships.map((relationship) => otherParty(relationship, viewerId).user_id));
  return relationships.map((relationship) => relationshipView(relationship, viewerId, known.get(otherParty(relationship, viewerId).user_id)));
}

export async function relationshipViewFor(users: UsersProjection, relationship: Omit<RelationshipDocument, "outbox">, viewerId: string): Promise<TRelationship> {
  return relationshipView(relationship, viewerId, await users.findById(otherParty(relationship, viewerId).user_id));
}

function otherParty(relationship: Pick<RelationshipDocument, "parties">, viewerId: string) {
  const [first, second] = relationship.parties;
  return first.user_id === viewerId ? second : first;
}
