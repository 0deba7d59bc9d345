import { AppError, createOnce, WRITE_CONFLICT, type TIdempotentCreate } from "@amia/kit";
import type { TCreateEventRequestBody } from "@amia/contracts";
import { decide, type EventRequestCommand } from "../domain/decide.ts";
import type { EventRequestState } from "../domain/event-request.ts";
import { mayOpenAnother } from "../domain/open-requests-quota.ts";
import { toEnvelopes } from "../events/event-request-events.ts";
import type { EventRequestsStore } from "../store/event-requests-store.ts";
import type { PeopleProjection } from "../store/people-projection.ts";
import { acceptedOrThrow, BUSY_MESSAGE, decisionContext } from "./decision-support.ts";

/** Idempotency scope (storage: part of every keyed request's id; renaming it re-creates on retry). */
export const EVENT_REQUEST_IDEMPOTENCY_SCOPE = "event-request";

/**
 * POST: refused (409) when the creator already has the most open requests (domain/
 * open-requests-quota.ts); else decide on nothing (a new request), save with `event-request.created` (and
 * `event-request.approved` when nobody is required) in the insert.
 * With an Idempotency-Key (`keyed`), the request's id is the key's (kit/idempotency.ts): a retry
 * answers the request the first call created — before the quota, which that request now counts
 * against — and a concurrent twin's insert hits the same id and answers it too.
 */
export async function createEventRequest(
  deps: { store: EventRequestsStore; people: PeopleProjection; maxOpenPerUser: number },
  creatorId: string,
  body: TCreateEventRequestBody,
  now = new Date(),
  keyed: TIdempotentCreate | null = null,
): Promise<EventRequestState> {
  const saved = await createOnce(keyed, {
    find: (id) => deps.store.findCreated(creatorId, id),
    replay: (stored) => {
      if (stored.deleted_at !== null) throw new AppError("conflict", "The event request made with this Idempotency-Key has since been deleted");
      return stored;
    },
    create: async (id, fingerprint) => {
      // Counted before the insert: creations racing past the count may all pass; the BFF's write
      // limit keeps that overshoot to a handful.
      const quota = mayOpenAnother(await deps.store.countOpenBy(creatorId), deps.maxOpenPerUser);
      if (!quota.allowed) throw new AppError("conflict", quota.message);
      const reviewerIds = body.approvers.map((approver) => approver.user_id);
      const [connected, creatorFullName] = await Promise.all([deps.people.relatedAmong(creatorId, reviewerIds), deps.people.fullName(creatorId)]);
      const command: EventRequestCommand = { type: "create", request_id: id, creator_id: creatorId, creator_full_name: creatorFullName, body, connected_reviewer_ids: connected };
      const { state, events } = acceptedOrThrow(decide(command, null, decisionContext(now)));
      // A new document loses only to one with the same id: a keyed twin (createOnce answers it).
      return deps.store.save(null, state, toEnvelopes(state._id, events), fingerprint);
    },
  });
  if (saved === WRITE_CONFLICT) throw new AppError("conflict", BUSY_MESSAGE);
  return saved;
}
