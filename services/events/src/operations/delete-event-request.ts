import { retryOnConflict } from "@amia/kit";
import { decide } from "../domain/decide.ts";
import { toEnvelopes } from "../events/event-request-events.ts";
import { acceptedOrThrow, BUSY_MESSAGE, decisionContext } from "./decision-support.ts";
import { findVisible, type ReadDeps } from "./read-event-requests.ts";

/** DELETE by the creator: load → decide → save (soft) with `event-request.deleted`. */
export async function deleteEventRequest(deps: ReadDeps, userId: string, id: string, now = new Date()): Promise<void> {
  await retryOnConflict(async () => {
    const stored = await findVisible(deps, userId, id);
    const { state, events } = acceptedOrThrow(decide({ type: "delete", user_id: userId }, stored, decisionContext(now)));
    return deps.store.save(stored, state, toEnvelopes(state._id, events));
  }, { message: BUSY_MESSAGE });
}
