import { randomUUID } from "node:crypto";
import { AppError, invalidFields, notFound } from "@amia/kit";
import { assertNever } from "../domain/approval-rules.ts";
import type { Decision, DecisionContext, Refusal } from "../domain/decide.ts";
import type { EventRequestState } from "../domain/event-request.ts";
import { withAttendees, type EventRequestEvent } from "../events/event-request-events.ts";
import type { PeopleProjection } from "../store/people-projection.ts";

/** The one table from a decision's refusal to what the caller is told (code and message). */
export function refusalError(refusal: Refusal): AppError {
  switch (refusal.reason) {
    case "not_found":
      return notFound("Event request");
    case "already_exists":
      return new AppError("conflict", "This event request already exists");
    case "not_the_creator":
      return new AppError("forbidden", `Only the creator of this request can ${refusal.action} it`);
    case "not_a_reviewer":
      return new AppError("forbidden", "Only the reviewers of this request can approve or reject it");
    case "already_answered":
      return new AppError("conflict", "You have already answered this request");
    case "invalid_fields":
      return invalidFields(refusal.fields);
    default:
      return assertNever(refusal);
  }
}

/** The accepted decision, or its refusal thrown as the AppError it maps to. */
export function acceptedOrThrow(decision: Decision): Extract<Decision, { ok: true }> {
  if (!decision.ok) throw refusalError(decision.refusal);
  return decision;
}

/**
 * The decision's events with the Google invitations filled in (docs/decisions.md "Invitations"):
 * an approval or update carries the reviewers who approved, with their emails from the people
 * projection. Read after the decision, so the decision itself stays pure.
 */
export async function withInvitations(people: Pick<PeopleProjection, "emails">, state: EventRequestState, events: EventRequestEvent[]): Promise<EventRequestEvent[]> {
  if (!events.some((event) => event.type === "event-request.approved" || event.type === "event-request.updated")) return events;
  const approvedIds = state.approvers.filter((approver) => approver.status === "approved").map((approver) => approver.user_id);
  return withAttendees(events, await people.emails(approvedIds));
}

/** The real clock and id maker, given to the pure decisions. */
export function decisionContext(now: Date): DecisionContext {
  return { now: now.toISOString(), newId: randomUUID };
}

/** Told (409) when others kept changing the request through every attempt. */
export const BUSY_MESSAGE = "This request is being changed by others right now; please try again";
