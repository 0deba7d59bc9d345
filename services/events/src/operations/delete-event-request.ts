import { retryOnConflict } from "@amia/kit";
import type { TEventRequestDeleteCause } from "@amia/contracts";
import { decide } from "../domain/decide.ts";
import { toEnvelopes } from "../events/event-request-events.ts";
import { acceptedOrThrow, BUSY_MESSAGE, decisionContext } from "./decision-support.ts";
import { findVisible, type ReadDeps } from "./read-event-requests.ts";

/**
 * DELETE by the creator: load → decide → save (soft) with `event-request.deleted`. `cause`: the
 * creator deleted its event in Google Calendar (two-way sync), not the request here.
 */
export async function deleteEventRequest(deps: ReadDeps, userId: string, id: string, now = new Date(), cause?: TEventRequestDeleteCause): Promise<void> {
  await retryOnConflict(async () => {
    const stored = await findVisible(deps, userId, id);
    const { state, events } = acceptedOrThrow(decide({ type: "delete", user_id: userId, ...(cause ? { cause } : {}) }, stored, decisionContext(now)));
    return deps.store.save(stored, state, toEnvelopes(state._id, events));
  }, { message: BUSY_MESSAGE });
}
