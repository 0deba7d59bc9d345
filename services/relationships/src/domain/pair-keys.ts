/*
 * Keys that let a unique index enforce "one at a time" rules. FerretDB has no partial or sparse
 * indexes, so a document that no longer takes part in a rule never drops the field: it gets a
 * value of its own that nothing else can hold. Storage values: changing a format strands the
 * documents written with the old one.
 */

/** The same for A→B and B→A: both users' ids, sorted. */
export function pairKey(userA: string, userB: string): string {
  return userA < userB ? `${userA}|${userB}` : `${userB}|${userA}`;
}

/** A request still waiting for anyone to own `email`: one per requester and email. */
export function waitingPairKey(requesterId: string, email: string): string {
  return `${requesterId}|email:${email}`;
}

/** What a pending request's key becomes once it is answered or deleted: unique to it. */
export function closedRequestKey(requestId: string): string {
  return `closed:${requestId}`;
}

/** What a relationship's pair becomes once it is deleted, so the two may connect again. */
export function endedRelationshipKey(relationshipId: string): string {
  return `ended:${relationshipId}`;
}

/**
 * The pending-request keys that would clash with a new request from `requesterId` to `email`:
 * a request either way between the two users, a request of mine still waiting for that email,
 * and one of theirs still waiting for my email (their delivery to me may not have happened yet).
 */
export function clashingPendingKeys(requester: { id: string; email: string }, requested: { email: string; userId: string | null }): string[] {
  const keys = [waitingPairKey(requester.id, requested.email)];
  if (requested.userId) keys.push(pairKey(requester.id, requested.userId), waitingPairKey(requested.userId, requester.email));
  return keys;
}
