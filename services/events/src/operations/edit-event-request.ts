import { retryOnConflict } from "@amia/kit";
import type { TUpdateEventRequestBody } from "@amia/contracts";
import { decide, type EventRequestCommand } from "../domain/decide.ts";
import type { EventRequestState } from "../domain/event-request.ts";
import { toEnvelopes } from "../events/event-request-events.ts";
import { acceptedOrThrow, BUSY_MESSAGE, decisionContext, withInvitations } from "./decision-support.ts";
import { findVisible, type ReadDeps } from "./read-event-requests.ts";

/**
 * PATCH by the creator: load → decide → save with `event-request.updated` (naming the
 * reviewers a material change asks again). Nothing changed: nothing written, nothing announced.
 */
export async function editEventRequest(deps: ReadDeps, userId: string, id: string, changes: TUpdateEventRequestBody, now = new Date()): Promise<EventRequestState> {
  const command: EventRequestCommand = { type: "edit", user_id: userId, creator_full_name: await deps.people.fullName(userId), changes };
  return retryOnConflict(async () => {
    const stored = await findVisible(deps, userId, id);
    const { state, events } = acceptedOrThrow(decide(command, stored, decisionContext(now)));
    return events.length === 0 ? state : deps.store.save(stored, state, toEnvelopes(state._id, await withInvitations(deps.people, state, events)));
  }, { message: BUSY_MESSAGE });
}
