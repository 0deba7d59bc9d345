import type { TEventRequest, TRelationship } from "@amia/contracts";

/**
 * Approvers' names on event detail (issue 5): the events service knows reviewers only by user
 * id; names come from the caller's relationships (reviewers are people the creator is related
 * to), and the caller's own name from identity (a reviewer looking at a request they review).
 * Pure, so the merge is tested without services.
 */

/** user id → display name (null when the provider gave none). */
export type NameBook = ReadonlyMap<string, string | null>;

export function nameBookOf(relationships: readonly TRelationship[], self?: { id: string; full_name: string | null; name: string | null }): NameBook {
  const book = new Map<string, string | null>();
  for (const { other_user } of relationships) book.set(other_user.id, other_user.full_name);
  if (self) book.set(self.id, self.full_name ?? self.name);
  return book;
}

/** Each approver with `full_name` filled in: null when we do not know the person. */
export function withApproverNames(eventRequest: TEventRequest, book: NameBook): TEventRequest {
  return {
    ...eventRequest,
    approvers: eventRequest.approvers.map((approver) => ({ ...approver, full_name: book.get(approver.user_id) ?? null })),
  };
}

/** Approvers whose names the book lacks (to decide whether another page of relationships is worth reading). */
export function unnamedApproverIds(eventRequest: TEventRequest, book: NameBook): string[] {
  return eventRequest.approvers.map((approver) => approver.user_id).filter((id) => !book.has(id));
}
