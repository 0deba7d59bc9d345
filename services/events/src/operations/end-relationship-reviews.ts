import { retryOnConflict } from "@amia/kit";
import { decide, type EventRequestCommand } from "../domain/decide.ts";
import { toEnvelopes } from "../events/event-request-events.ts";
import { BUSY_MESSAGE, decisionContext, withInvitations } from "./decision-support.ts";
import type { ReadDeps } from "./read-event-requests.ts";

/**
 * relationship.deleted, after the projection recorded it: every pending request one of the two
 * created and the other reviews loses that reviewer (load → decide "relationship ended" → save
 * with `event-request.reviewer-removed`, and `event-request.approved` when the remaining required
 * reviewers had all approved). Decided requests keep their approvers; `maySee` already hides them
 * from the former reviewer. Safe to run twice: a removed reviewer is not removed again.
 */
export async function endReviewsBetween(deps: ReadDeps, userIds: readonly [string, string], endedBy: string | null, now = new Date()): Promise<void> {
  const [a, b] = userIds;
  // Connected again meanwhile (a newer relationship): nothing has ended for these two.
  if (await deps.people.isConnected(a, b)) return;
  const command: EventRequestCommand = { type: "end-relationship", user_ids: userIds, ended_by: endedBy, full_names: await deps.people.fullNames(userIds) };
  for (const [creatorId, reviewerId] of [[a, b], [b, a]] as const) {
    for (const id of await deps.store.pendingReviewedBy(creatorId, reviewerId)) {
      await retryOnConflict(async () => {
        const stored = await deps.store.findForUser(creatorId, id);
        const decision = decide(command, stored, decisionContext(now));
        // Gone meanwhile (deleted): nothing to remove.
        if (!decision.ok || decision.events.length === 0) return;
        return deps.store.save(stored, decision.state, toEnvelopes(decision.state._id, await withInvitations(deps.people, decision.state, decision.events)));
      }, { message: BUSY_MESSAGE });
    }
  }
}
