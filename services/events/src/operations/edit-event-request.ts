import { isDeepStrictEqual } from "node:util";
import { AppError, invalidFields, notFound } from "@amia/kit";
import { eventDateRangeProblem, eventDateToEpochMs, type TUpdateEventRequestBody } from "@amia/contracts";
import { eventRequestDeleted, eventRequestUpdated } from "../events/event-request-events.ts";
import type { EventRequestDocument, EventRequestsStore } from "../store/event-requests-store.ts";

const EDITABLE = ["title", "description", "location", "notes", "start_date", "end_date", "importance_level"] as const;

/** The request as only its creator may change it; a reviewer sees it but may not (403). */
async function findOwn(store: EventRequestsStore, userId: string, id: string, action: string): Promise<EventRequestDocument> {
  const stored = await store.findVisible(userId, id);
  if (!stored) throw notFound("Event request");
  if (stored.created_by !== userId) throw new AppError("forbidden", `Only the creator of this request can ${action} it`);
  return stored;
}

/** PATCH: the changed fields; an approved request's calendar event follows (event-request.updated). */
export async function editEventRequest(store: EventRequestsStore, userId: string, id: string, body: TUpdateEventRequestBody, now = new Date()): Promise<EventRequestDocument> {
  const stored = await findOwn(store, userId, id, "edit");
  const start = body.start_date ?? stored.start_date;
  const end = body.end_date ?? stored.end_date;
  const problem = eventDateRangeProblem(start, end);
  if (problem) throw invalidFields([{ path: "end_date", message: problem }]);

  const changes: Partial<EventRequestDocument> = {};
  for (const field of EDITABLE) {
    const value = body[field];
    if (value !== undefined && !isDeepStrictEqual(value, stored[field])) Object.assign(changes, { [field]: value });
  }
  const changedFields = Object.keys(changes);
  if (changedFields.length === 0) return stored;
  changes.start_at = eventDateToEpochMs(start);
  changes.updated_at = now.toISOString();
  const next = { ...stored, ...changes, version: stored.version + 1 };
  if (!(await store.replaceIfUnchanged(userId, stored, changes, [eventRequestUpdated(next, changedFields, null, [])]))) {
    throw new AppError("conflict", "This request changed while you were editing it; reload and try again");
  }
  return next;
}

/** DELETE: soft, so the announcement in its outbox still goes out; a synced calendar event goes too. */
export async function deleteEventRequest(store: EventRequestsStore, userId: string, id: string, now = new Date()): Promise<void> {
  const stored = await findOwn(store, userId, id, "delete");
  const deleted = { ...stored, deleted_at: now.toISOString(), version: stored.version + 1 };
  if (!(await store.replaceIfUnchanged(userId, stored, { deleted_at: deleted.deleted_at }, [eventRequestDeleted(deleted)]))) {
    throw new AppError("conflict", "This request changed while you were deleting it; reload and try again");
  }
}
