import {
  eventDateToEpochMs,
  isAllDay,
  type TConfirmProposalBody,
  type TEventDate,
  type TProposal,
  type TProposalNextStep,
  type TProposalReviewer,
  type TProposalStatus,
} from "@amia/contracts";

/*
 * The rules of a proposal (issue 10, "Propose, then confirm"), pure: what Confirm would lead
 * to, which reviewers a Confirm may name, and which transitions the state allows. The store
 * applies a transition only with a filter on the state these functions checked, so two
 * concurrent Confirms cannot both pass.
 */

/** What Confirm leads to, said on the card before the person decides. */
export function nextStepFor(kind: TProposal["kind"], reviewers: readonly Pick<TProposalReviewer, "required">[]): TProposalNextStep {
  if (kind === "cancel") return "cancelled";
  if (kind === "update") return "updated";
  // DESIGN.md: with no required reviewer a request is approved on creation, so it goes
  // straight onto the calendar; with one, it waits for their approval.
  return reviewers.some((reviewer) => reviewer.required) ? "sent_for_review" : "added_to_calendar";
}

/** Minutes from start to end of a timed event; null for an all-day one. */
export function durationMinutes(start: TEventDate, end: TEventDate): number | null {
  if (isAllDay(start) || isAllDay(end)) return null;
  return Math.round((eventDateToEpochMs(end) - eventDateToEpochMs(start)) / 60_000);
}

/** The status a stored proposal shows at `nowMs`: an open one past its expiry reads expired. */
export function statusAt(proposal: Pick<TProposal, "status" | "expires_at">, nowMs: number): TProposalStatus {
  return proposal.status === "open" && Date.parse(proposal.expires_at) <= nowMs ? "expired" : proposal.status;
}

export type Refusal = { code: "conflict" | "not_found" | "validation_failed"; message: string; field?: string };

/** Why this proposal cannot be confirmed now, or null when it can. */
export function confirmRefusal(proposal: Pick<TProposal, "status" | "expires_at">, nowMs: number): Refusal | null {
  switch (statusAt(proposal, nowMs)) {
    case "open":
      return null;
    case "expired":
      return { code: "conflict", message: "This proposal has expired; ask again for a fresh one" };
    case "confirmed":
    case "undone":
      return { code: "conflict", message: "This proposal was already confirmed" };
    case "dismissed":
      return { code: "conflict", message: "This proposal was cancelled" };
  }
}

/** Why a confirmed proposal cannot be undone now, or null when it can. */
export function undoRefusal(proposal: Pick<TProposal, "status" | "undo_until">, nowMs: number): Refusal | null {
  if (proposal.status === "undone") return { code: "conflict", message: "This was already undone" };
  if (proposal.status !== "confirmed") return { code: "conflict", message: "Only a confirmed proposal can be undone" };
  if (!proposal.undo_until || Date.parse(proposal.undo_until) <= nowMs) return { code: "conflict", message: "It is too late to undo this" };
  return null;
}

/**
 * The reviewers a Confirm names: the proposal's own when the body names none; otherwise the
 * body's, each of whom must be a reviewer the proposal offered or a candidate it asked about
 * (switching required/optional, dropping someone, or answering "which Bruno?"). Anyone else is
 * refused: adding people is the event form's job.
 */
export function reviewersForConfirm(proposal: Pick<TProposal, "event" | "questions">, body: TConfirmProposalBody): TProposalReviewer[] | Refusal {
  if (!body.reviewers) return proposal.event.reviewers;
  const offered = new Map(proposal.event.reviewers.map((reviewer) => [reviewer.user_id, reviewer] as const));
  for (const question of proposal.questions) {
    if (question.kind === "ambiguous_person") for (const candidate of question.candidates) if (!offered.has(candidate.user_id)) offered.set(candidate.user_id, { ...candidate, required: true });
  }
  const chosen: TProposalReviewer[] = [];
  const seen = new Set<string>();
  for (const [index, wanted] of body.reviewers.entries()) {
    const person = offered.get(wanted.user_id);
    if (!person) return { code: "validation_failed", field: `reviewers.${index}.user_id`, message: "Only the people this proposal named can be reviewers here; use Change to add someone else" };
    if (seen.has(wanted.user_id)) return { code: "validation_failed", field: `reviewers.${index}.user_id`, message: "names a reviewer twice" };
    seen.add(wanted.user_id);
    chosen.push({ ...person, required: wanted.required });
  }
  return chosen;
}
