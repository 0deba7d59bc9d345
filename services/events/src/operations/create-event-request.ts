import { AppError, retryOnConflict } from "@amia/kit";
import type { TCreateEventRequestBody } from "@amia/contracts";
import { decide, type EventRequestCommand } from "../domain/decide.ts";
import type { EventRequestState } from "../domain/event-request.ts";
import { mayOpenAnother } from "../domain/open-requests-quota.ts";
import { toEnvelopes } from "../events/event-request-events.ts";
import type { EventRequestsStore } from "../store/event-requests-store.ts";
import type { PeopleProjection } from "../store/people-projection.ts";
import { acceptedOrThrow, BUSY_MESSAGE, decisionContext } from "./decision-support.ts";

/**
 * POST: refused (409) when the creator already has the most open requests (domain/
 * open-requests-quota.ts); else decide on nothing (a new request), save with `event-request.created` (and
 * `event-request.approved` when nobody is required) in the insert.
 */
export async function createEventRequest(
  deps: { store: EventRequestsStore; people: PeopleProjection; maxOpenPerUser: number },
  creatorId: string,
  body: TCreateEventRequestBody,
  now = new Date(),
): Promise<EventRequestState> {
  // Counted before the insert: creations racing past the count may all pass; the BFF's write
  // limit keeps that overshoot to a handful.
  const quota = mayOpenAnother(await deps.store.countOpenBy(creatorId), deps.maxOpenPerUser);
  if (!quota.allowed) throw new AppError("conflict", quota.message);
  const reviewerIds = body.approvers.map((approver) => approver.user_id);
  const [connected, creatorFullName] = await Promise.all([deps.people.relatedAmong(creatorId, reviewerIds), deps.people.fullName(creatorId)]);
  const command: EventRequestCommand = { type: "create", creator_id: creatorId, creator_full_name: creatorFullName, body, connected_reviewer_ids: connected };
  return retryOnConflict(async () => {
    const { state, events } = acceptedOrThrow(decide(command, null, decisionContext(now)));
    return deps.store.save(null, state, toEnvelopes(state._id, events));
  }, { message: BUSY_MESSAGE });
}
