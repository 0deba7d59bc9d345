import type { TEventRequest, TPaginationQuery } from "@amia/contracts";
import { maySee, peopleNamedBy, toEventRequest, type EventRequestState } from "../domain/event-request.ts";
import type { EventRequestsStore, ListFilter, ListOrder } from "../store/event-requests-store.ts";
import type { PeopleProjection } from "../store/people-projection.ts";

export interface ReadDeps {
  store: EventRequestsStore;
  people: PeopleProjection;
}

/**
 * A request `userId` may see now (`maySee`): its creator, or a reviewer still connected to the
 * creator. Null otherwise, which every route answers as 404, so a former reviewer learns nothing.
 */
export async function findVisible({ store, people }: ReadDeps, userId: string, id: string): Promise<EventRequestState | null> {
  const state = await store.findForUser(userId, id);
  if (!state) return null;
  const isConnected = state.created_by !== userId && (await people.isConnected(userId, state.created_by));
  return maySee(state, userId, isConnected) ? state : null;
}

/** A reviewer's lists hold only requests of creators they are still connected with. */
async function scoped({ people }: ReadDeps, userId: string, filter: ListFilter): Promise<ListFilter> {
  return filter.role === "reviewer" ? { ...filter, creatorIds: await people.connectionsOf(userId) } : filter;
}

/** One page of the requests `userId` may see that `filter` selects, in `order`. */
export async function pageVisible(deps: ReadDeps, userId: string, filter: ListFilter, order: ListOrder, page: TPaginationQuery): Promise<{ docs: EventRequestState[]; total: number }> {
  return deps.store.page(userId, await scoped(deps, userId, filter), order, page);
}

/** Requests as the API shows them, each person named from the people projection (one read). */
export async function present({ people }: Pick<ReadDeps, "people">, states: readonly EventRequestState[]): Promise<TEventRequest[]> {
  const names = await people.fullNames(states.flatMap(peopleNamedBy));
  return states.map((state) => toEventRequest(state, names));
}
