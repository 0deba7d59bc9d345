import { randomUUID } from "node:crypto";
import { AppError, invalidFields, notFound } from "@amia/kit";
import { assertNever } from "../domain/approval-rules.ts";
import type { Decision, DecisionContext, Refusal } from "../domain/decide.ts";

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

/** The real clock and id maker, given to the pure decisions. */
export function decisionContext(now: Date): DecisionContext {
  return { now: now.toISOString(), newId: randomUUID };
}

/** Told (409) when others kept changing the request through every attempt. */
export const BUSY_MESSAGE = "This request is being changed by others right now; please try again";
