import { AppError } from "@amia/kit";
import { IDEMPOTENCY_KEY_HEADER, type TConfirmProposalBody, type TEventRequest, type TProposal, type TProposalReviewer } from "@amia/contracts";
import { confirmRefusal, nextStepFor, reviewersForConfirm, statusAt, undoRefusal, type Refusal } from "../domain/proposal-rules.ts";
import { toProposal, type ProposalDocument, type ProposalsStore } from "../store/proposals-store.ts";
import type { UserCall, UserServices } from "../tools/user-services.ts";

/*
 * The only way an assistant write happens (issue 10, "Propose, then confirm"): Confirm names a
 * proposal this server issued to this user, still open and unexpired, claims it (one
 * findOneAndUpdate: a second Confirm finds it claimed or confirmed), makes the write through the
 * owning service as the user, and records the result. Undo reverts that write within its window.
 * A write that fails releases the claim, so the person can try again.
 */

export interface ProposalActionDeps {
  store: ProposalsStore;
  /** Full access as the user: only these operations hold it. */
  services: UserServices;
  userId: string;
  requestId: string;
  nowMs: () => number;
  undoWindowMs: number;
}

function refused(refusal: Refusal): AppError {
  if (refusal.field) return new AppError("validation_failed", `${refusal.field}: ${refusal.message}`, { fields: [{ path: refusal.field, message: refusal.message }] });
  return new AppError(refusal.code, refusal.message);
}

/** The owning service's answer as our error: its 4xx message passes through (it is about the user's data). */
function failedWrite(call: UserCall, what: string): AppError {
  const message = (call.body as { message?: string } | undefined)?.message;
  if (call.status === 404) return new AppError("not_found", `The event request no longer exists, so it could not be ${what}`);
  if (call.status >= 400 && call.status < 500 && message) return new AppError(call.status === 409 ? "conflict" : "validation_failed", message);
  return new AppError("upstream_unavailable", `The event could not be ${what} just now; please try again`);
}

async function load(deps: ProposalActionDeps, id: string): Promise<ProposalDocument> {
  const doc = await deps.store.get(deps.userId, id);
  // Someone else's proposal is as unknown as a missing one (no hint that it exists).
  if (!doc) throw new AppError("not_found", "Proposal not found");
  return doc;
}

const approversOf = (reviewers: readonly TProposalReviewer[]) => reviewers.map(({ user_id, required }) => ({ user_id, required }));

async function createFrom(deps: ProposalActionDeps, doc: ProposalDocument, reviewers: readonly TProposalReviewer[], what: string): Promise<TEventRequest> {
  const { event } = doc;
  const body = {
    title: event.title ?? undefined,
    description: event.description ?? undefined,
    location: event.location ?? undefined,
    notes: event.notes ?? undefined,
    start_date: event.start_date,
    end_date: event.end_date,
    // The series is the request (issue 16); a proposal from before recurrence carries none.
    ...(event.recurrence ? { recurrence: event.recurrence } : {}),
    approvers: approversOf(reviewers),
  };
  // One event request per proposal: keyed by the proposal, a Confirm repeated after an answer that
  // was lost (the claim released, the request made) answers that request instead of making another.
  const call = await deps.services.call("events", "POST", "/api/v1/event-requests", body, { [IDEMPOTENCY_KEY_HEADER]: `proposal-${doc._id}` });
  if (call.status !== 201) throw failedWrite(call, what);
  return (call.body as { event_request: TEventRequest }).event_request;
}

export async function confirmProposal(deps: ProposalActionDeps, id: string, body: TConfirmProposalBody): Promise<TProposal> {
  const doc = await load(deps, id);
  const refusal = confirmRefusal(doc, deps.nowMs());
  if (refusal) throw refused(refusal);
  const reviewers = reviewersForConfirm(doc, body);
  if (!Array.isArray(reviewers)) throw refused(reviewers);

  const claimed = await deps.store.claim(deps.userId, id, "open", deps.requestId);
  if (!claimed) throw new AppError("conflict", "This proposal is already being confirmed or was already confirmed");
  try {
    let eventRequestId = doc.event_request_id;
    if (doc.kind === "create") {
      eventRequestId = (await createFrom(deps, doc, reviewers, "created")).id;
    } else if (doc.kind === "update") {
      const changes = Object.fromEntries(doc.changes.map((field) => [field, doc.event[field]]));
      const call = await deps.services.call("events", "PATCH", `/api/v1/event-requests/${encodeURIComponent(doc.event_request_id!)}`, changes);
      if (call.status !== 200) throw failedWrite(call, "changed");
    } else {
      const call = await deps.services.call("events", "DELETE", `/api/v1/event-requests/${encodeURIComponent(doc.event_request_id!)}`);
      if (call.status !== 204 && call.status !== 404) throw failedWrite(call, "cancelled");
    }
    const now = deps.nowMs();
    const fields: Partial<ProposalDocument> = {
      status: "confirmed",
      event_request_id: eventRequestId,
      confirmed_at: new Date(now).toISOString(),
      undo_until: new Date(now + deps.undoWindowMs).toISOString(),
      event: { ...doc.event, reviewers },
      next_step: nextStepFor(doc.kind, reviewers),
    };
    await deps.store.settle(deps.userId, id, deps.requestId, fields);
    return toProposal({ ...doc, ...fields, claim: null });
  } catch (error) {
    await deps.store.settle(deps.userId, id, deps.requestId, {});
    throw error;
  }
}

/**
 * Reverts a confirmed proposal: a created request is deleted, a change is changed back, a
 * cancelled request is created again (a new request with the same fields and reviewers, who are
 * asked again: the old one and its answers are gone).
 */
export async function undoProposal(deps: ProposalActionDeps, id: string): Promise<TProposal> {
  const doc = await load(deps, id);
  const refusal = undoRefusal(doc, deps.nowMs());
  if (refusal) throw refused(refusal);
  const claimed = await deps.store.claim(deps.userId, id, "confirmed", deps.requestId);
  if (!claimed) throw new AppError("conflict", "This is already being undone");
  try {
    let eventRequestId = doc.event_request_id;
    if (doc.kind === "create") {
      const call = await deps.services.call("events", "DELETE", `/api/v1/event-requests/${encodeURIComponent(doc.event_request_id!)}`);
      if (call.status !== 204 && call.status !== 404) throw failedWrite(call, "undone");
    } else if (doc.kind === "update") {
      const call = await deps.services.call("events", "PATCH", `/api/v1/event-requests/${encodeURIComponent(doc.event_request_id!)}`, doc.before ?? {});
      if (call.status !== 200) throw failedWrite(call, "changed back");
    } else {
      eventRequestId = (await createFrom(deps, doc, doc.event.reviewers, "restored")).id;
    }
    const fields: Partial<ProposalDocument> = { status: "undone", undo_until: null, event_request_id: eventRequestId };
    await deps.store.settle(deps.userId, id, deps.requestId, fields);
    return toProposal({ ...doc, ...fields, claim: null });
  } catch (error) {
    await deps.store.settle(deps.userId, id, deps.requestId, {});
    throw error;
  }
}

/** The card's Cancel: an open proposal is dismissed and can no longer be confirmed. */
export async function dismissProposal(deps: Pick<ProposalActionDeps, "store" | "userId" | "nowMs">, id: string): Promise<TProposal> {
  const doc = await deps.store.get(deps.userId, id);
  if (!doc) throw new AppError("not_found", "Proposal not found");
  if (statusAt(doc, deps.nowMs()) !== "open") throw refused(confirmRefusal(doc, deps.nowMs()) ?? { code: "conflict", message: "This proposal can no longer be cancelled" });
  const dismissed = await deps.store.dismiss(deps.userId, id);
  if (!dismissed) throw new AppError("conflict", "This proposal is being confirmed");
  return toProposal(dismissed);
}

/** A proposal as its owner reads it now (an open one past its expiry reads expired). */
export function proposalNow(doc: ProposalDocument, nowMs: number): TProposal {
  return { ...toProposal(doc), status: statusAt(doc, nowMs) };
}
