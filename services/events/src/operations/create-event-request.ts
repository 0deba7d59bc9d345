import { randomUUID } from "node:crypto";
import { invalidFields } from "@amia/kit";
import { eventDateToEpochMs, type TCreateEventRequestBody, type TDomainEvent } from "@amia/contracts";
import { approvalReason, newApprovers, summarize } from "../domain/approval-rules.ts";
import { eventRequestApproved, eventRequestCreated } from "../events/event-request-events.ts";
import type { EventRequestDocument, EventRequestsStore } from "../store/event-requests-store.ts";
import type { PeopleProjection } from "../store/people-projection.ts";

/**
 * Creates a request. Reviewers must be people the creator is related to, never the creator
 * (DESIGN.md "Who may review"). With no required reviewer it is approved at once, and the
 * approval is announced in the same write as the creation.
 */
export async function createEventRequest(
  deps: { store: EventRequestsStore; people: PeopleProjection },
  creatorId: string,
  body: TCreateEventRequestBody,
  now = new Date(),
): Promise<EventRequestDocument> {
  await checkReviewers(deps.people, creatorId, body.approvers.map((approver) => approver.user_id));
  const at = now.toISOString();
  const approvers = newApprovers(body.approvers, randomUUID);
  const doc: Omit<EventRequestDocument, "outbox"> = {
    _id: randomUUID(),
    created_by: creatorId,
    title: body.title ?? null,
    description: body.description ?? null,
    location: body.location ?? null,
    notes: body.notes ?? null,
    start_date: body.start_date,
    end_date: body.end_date,
    start_at: eventDateToEpochMs(body.start_date),
    importance_level: body.importance_level,
    approvers,
    reviewer_ids: approvers.map((approver) => approver.user_id),
    ...summarize(approvers, undefined),
    created_at: at,
    updated_at: at,
    google_event_id: null,
    calendar_sync_failure: null,
    deleted_at: null,
    version: 1,
  };
  const events: TDomainEvent[] = [eventRequestCreated(doc, await deps.people.fullName(creatorId))];
  if (doc.status === "approved") events.push(eventRequestApproved(doc, approvalReason(approvers), creatorId));
  await deps.store.insert(doc, events);
  return { ...doc, outbox: events };
}

async function checkReviewers(people: PeopleProjection, creatorId: string, reviewerIds: string[]): Promise<void> {
  const related = await people.relatedAmong(creatorId, reviewerIds.filter((id) => id !== creatorId));
  const problems = reviewerIds.flatMap((id, index) => {
    const path = `approvers.${index}.user_id`;
    if (id === creatorId) return [{ path, message: `${path}: you cannot review your own request` }];
    if (!related.has(id)) return [{ path, message: `${path}: user ${id} is not among your relationships; only people you are connected with can review` }];
    return [];
  });
  if (problems.length > 0) throw invalidFields(problems);
}
