import { retryOnConflict } from "@amia/kit";
import type { TReviewDecision } from "@amia/contracts";
import { decide, type EventRequestCommand } from "../domain/decide.ts";
import type { EventRequestState } from "../domain/event-request.ts";
import { toEnvelopes } from "../events/event-request-events.ts";
import { acceptedOrThrow, BUSY_MESSAGE, decisionContext, withInvitations } from "./decision-support.ts";
import { findVisible, type ReadDeps } from "./read-event-requests.ts";

/**
 * A reviewer approves or rejects: load (only while they may see it) → decide → save with
 * `event-request.review-recorded` and the approval or rejection it causes. Two reviewers
 * answering at once: the loser's save conflicts, and it decides again on what the winner wrote.
 */
export async function reviewEventRequest(
  deps: ReadDeps,
  reviewerId: string,
  requestId: string,
  decision: TReviewDecision,
  notes: string | null,
  now = new Date(),
): Promise<EventRequestState> {
  const command: EventRequestCommand = { type: "review", reviewer_id: reviewerId, reviewer_full_name: await deps.people.fullName(reviewerId), decision, response_notes: notes };
  return retryOnConflict(async () => {
    const stored = await findVisible(deps, reviewerId, requestId);
    const { state, events } = acceptedOrThrow(decide(command, stored, decisionContext(now)));
    return events.length === 0 ? state : deps.store.save(stored, state, toEnvelopes(state._id, await withInvitations(deps.people, state, events)));
  }, { message: BUSY_MESSAGE });
}
