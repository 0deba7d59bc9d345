import { randomUUID } from "node:crypto";
import { createEvent } from "@amia/kit";
import type { TEventDataOf, TEventRequestStatus } from "@amia/contracts";

/**
 * One event request's life as the events service announces it, for tests: each write is the next
 * `request_version` (creation is 1), and the request's fields carry over from write to write.
 * Build the events first, then deliver them in any order.
 */

type Fields = Pick<TEventDataOf<"event-request.updated">, "title" | "description" | "location" | "notes" | "start_date" | "end_date">;

const LUNCH: Fields = {
  title: "Lunch with Sarah",
  description: null,
  location: "Joe's Pizza",
  notes: null,
  start_date: { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" },
  end_date: { date_time: "2026-03-11T13:00", time_zone: "Europe/Lisbon" },
};

export interface RequestHistory {
  id: string;
  userId: string;
  /** The version of the last write. */
  version: () => number;
  /** The request's fields as they stand. */
  fields: () => Fields;
  /** It became approved (creation without required reviewers counts as the write that approved it). */
  approved: (changes?: Partial<Fields>) => ReturnType<typeof approvedEvent>;
  /** The creator edited it; `status` is the request's status after the edit. */
  updated: (changes: Partial<Fields>, status: TEventRequestStatus) => ReturnType<typeof updatedEvent>;
  rejected: () => ReturnType<typeof rejectedEvent>;
  deleted: () => ReturnType<typeof deletedEvent>;
}

/**
 * A request of `userId`, "Lunch with Sarah" at Joe's Pizza on 11 March 12:00–13:00 Lisbon.
 * `created`: the versions its creation took; the next write is `created + 1` (the default 0
 * makes the first event, usually the approval on creation, version 1).
 */
export function requestHistory(userId: string, { created = 0, fields = {} }: { created?: number; fields?: Partial<Fields> } = {}): RequestHistory {
  const id = randomUUID();
  let version = created;
  let current: Fields = { ...LUNCH, ...fields };
  let status: TEventRequestStatus = "pending";
  const next = (changes: Partial<Fields> = {}) => {
    version += 1;
    current = { ...current, ...changes };
    return version;
  };
  const snapshot = () => ({
    event_request_id: id,
    request_version: version,
    created_by: userId,
    ...current,
    importance_level: 1,
    status,
    approval_status: status,
    google_event_id: null,
  });
  return {
    id,
    userId,
    version: () => version,
    fields: () => current,
    approved(changes) {
      next(changes);
      status = "approved";
      return approvedEvent({ ...snapshot(), reason: "no_required_reviewers" });
    },
    updated(changes, after) {
      next(changes);
      status = after;
      return updatedEvent({ ...snapshot(), changed_fields: Object.keys(changes), creator_full_name: "Ana Silva", approvers: [], reviewers_asked_again: [] });
    },
    rejected() {
      next();
      status = "rejected";
      return rejectedEvent({
        event_request_id: id,
        request_version: version,
        created_by: userId,
        title: current.title,
        rejected_by: randomUUID(),
        rejected_by_full_name: "Bruno Costa",
        response_notes: null,
      });
    },
    deleted() {
      next();
      return deletedEvent({ event_request_id: id, request_version: version, created_by: userId, title: current.title, google_event_id: null, approver_user_ids: [] });
    },
  };
}

const approvedEvent = (data: TEventDataOf<"event-request.approved">) =>
  createEvent("events", "event-request.approved", { subject: data.event_request_id, actor_id: data.created_by, data });
const updatedEvent = (data: TEventDataOf<"event-request.updated">) =>
  createEvent("events", "event-request.updated", { subject: data.event_request_id, actor_id: data.created_by, data });
const rejectedEvent = (data: TEventDataOf<"event-request.rejected">) =>
  createEvent("events", "event-request.rejected", { subject: data.event_request_id, actor_id: data.rejected_by, data });
const deletedEvent = (data: TEventDataOf<"event-request.deleted">) =>
  createEvent("events", "event-request.deleted", { subject: data.event_request_id, actor_id: data.created_by, data });
