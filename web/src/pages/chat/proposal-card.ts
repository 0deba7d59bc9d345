import type {
  TConfirmProposalBody,
  TDurationSource,
  TProposal,
  TProposalChangeField,
  TProposalNextStep,
  TProposalPerson,
  TProposalStatus,
  TSmartParseResult,
} from "@amia/contracts";
import { formatEventWhen, zonedWhenText } from "../../lib/format.ts";

/*
 * What a proposal card says and sends (issue 10 point 2), pure so each wording is tested
 * without a browser. ProposalCard.tsx holds the person's choices and renders these.
 */

/** A person as the card names them. */
export function personName(person: Pick<TProposalPerson, "full_name" | "email">): string {
  return person.full_name?.trim() || person.email?.trim() || "Someone";
}

/** "Bruno", "Bruno and Carla", "Bruno, Carla and Dan". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** "45 minutes", "1 hour", "1 hour 30 minutes", "2 hours". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    hours > 0 ? `${hours} ${hours === 1 ? "hour" : "hours"}` : "",
    rest > 0 || hours === 0 ? `${rest} ${rest === 1 ? "minute" : "minutes"}` : "",
  ].filter(Boolean);
  return parts.join(" ");
}

const DURATION_SOURCES: Record<TDurationSource, string | null> = {
  explicit: "as you asked",
  range: null,
  default: "usual length for this kind of event",
  all_day: null,
  unchanged: "unchanged",
};

/** "1 hour · default for a meal"; "All day"; null when unknown. */
export function durationText(minutes: number | null, source: TDurationSource, reason?: string | null): string | null {
  if (source === "all_day") return "All day";
  if (minutes === null) return null;
  const why = source === "default" && reason ? reason : DURATION_SOURCES[source];
  return why ? `${formatDuration(minutes)} · ${why}` : formatDuration(minutes);
}

/**
 * The step Confirm takes with the card's reviewers now: a create with someone required goes to
 * them for review, otherwise straight onto the calendar (the server's own rule, so the card
 * tells the truth after the person switches someone to optional).
 */
export function currentNextStep(proposal: Pick<TProposal, "kind" | "next_step">, requiredNames: readonly string[]): TProposalNextStep {
  if (proposal.kind !== "create") return proposal.next_step;
  return requiredNames.length > 0 ? "sent_for_review" : "added_to_calendar";
}

/** "What happens next", before Confirm. */
export function nextStepText(step: TProposalNextStep, requiredNames: readonly string[]): string {
  switch (step) {
    case "sent_for_review":
      return `Sent to ${listNames(requiredNames) || "your reviewers"} for review; it goes on your calendar when they approve.`;
    case "added_to_calendar":
      return "Goes straight to your Google Calendar (nobody needs to approve).";
    case "updated":
      return "Your event is changed, on your Google Calendar too if it is there.";
    case "cancelled":
      return "Your event is cancelled and taken off your Google Calendar.";
    default: {
      const unknown: never = step;
      return unknown;
    }
  }
}

/** How the card stands now: an open proposal past its expiry is expired, whatever the cache says. */
export function cardStatus(proposal: Pick<TProposal, "status" | "expires_at">, nowMs: number): TProposalStatus {
  if (proposal.status === "open" && Date.parse(proposal.expires_at) <= nowMs) return "expired";
  return proposal.status;
}

/** After Confirm: what was done ("Sent for review", "Added", ...). */
export function confirmedText(step: TProposalNextStep): string {
  switch (step) {
    case "sent_for_review":
      return "Sent for review";
    case "added_to_calendar":
      return "Added";
    case "updated":
      return "Updated";
    case "cancelled":
      return "Cancelled";
    default: {
      const unknown: never = step;
      return unknown;
    }
  }
}

/** The line a card shows once it is no longer open; null while open. */
export function statusText(proposal: Pick<TProposal, "status" | "expires_at" | "next_step">, nowMs: number): string | null {
  switch (cardStatus(proposal, nowMs)) {
    case "open":
      return null;
    case "confirmed":
      return confirmedText(proposal.next_step);
    case "undone":
      return "Undone";
    case "expired":
      return "Expired: nothing was changed. Ask again for a fresh proposal.";
    case "dismissed":
      return "Cancelled: nothing was changed.";
  }
}

/** Undo is offered while the undo window is open. */
export function canUndo(proposal: Pick<TProposal, "status" | "undo_until">, nowMs: number): boolean {
  return proposal.status === "confirmed" && proposal.undo_until !== null && Date.parse(proposal.undo_until) > nowMs;
}

/** "Undo (until 10:42)", on the viewer's clocks. */
export function undoLabel(undoUntil: string, viewerZone?: string): string {
  const time = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", ...(viewerZone ? { timeZone: viewerZone } : {}) }).format(
    Date.parse(undoUntil),
  );
  return `Undo (until ${time})`;
}

/** A reviewer as the card holds them: proposed, or picked to answer an ambiguous name. */
export interface CardReviewer {
  user_id: string;
  name: string;
  required: boolean;
}

/** The person's choices on an open card. */
export interface CardChoices {
  /** The proposed reviewers with their switches (a dropped one is left out). */
  reviewers: CardReviewer[];
  /** Per ambiguous name (by its question's index): the chosen user id, "" for nobody, absent: not answered. */
  picks: Record<number, string>;
}

export function initialChoices(proposal: TProposal): CardChoices {
  return {
    reviewers: proposal.event.reviewers.map((reviewer) => ({ user_id: reviewer.user_id, name: personName(reviewer), required: reviewer.required })),
    picks: {},
  };
}

/** The candidates picked for ambiguous names, as required reviewers (the card can switch them). */
export function pickedReviewers(proposal: TProposal, choices: CardChoices): CardReviewer[] {
  return proposal.questions.flatMap((question, index) => {
    if (question.kind !== "ambiguous_person") return [];
    const picked = question.candidates.find((candidate) => candidate.user_id === choices.picks[index]);
    return picked ? [{ user_id: picked.user_id, name: personName(picked), required: true }] : [];
  });
}

/** Whether every ambiguous name has an answer (a candidate, or nobody): Confirm waits for it. */
export function isAnswered(proposal: TProposal, choices: CardChoices): boolean {
  return proposal.questions.every((question, index) => question.kind !== "ambiguous_person" || choices.picks[index] !== undefined);
}

/**
 * The confirm body: the reviewers as the card holds them, when the person changed anything
 * (a switch, a drop, a pick); otherwise empty, meaning "as proposed".
 */
export function confirmBody(proposal: TProposal, choices: CardChoices, picked: readonly CardReviewer[]): TConfirmProposalBody {
  const proposed = proposal.event.reviewers;
  const unchanged =
    picked.length === 0 &&
    choices.reviewers.length === proposed.length &&
    choices.reviewers.every((reviewer, index) => reviewer.user_id === proposed[index]?.user_id && reviewer.required === proposed[index]?.required);
  if (unchanged) return {};
  return { reviewers: [...choices.reviewers, ...picked].map(({ user_id, required }) => ({ user_id, required })) };
}

const CHANGE_LABELS: Record<"title" | "location" | "when", string> = { title: "Title", location: "Location", when: "When" };

/** An update's changes as "before → after" lines; start and end are one "When" line. */
export function changeLines(proposal: TProposal, viewerZone: string): { label: string; before: string; after: string }[] {
  if (proposal.kind !== "update") return [];
  const before = proposal.before ?? {};
  const lines: { label: string; before: string; after: string }[] = [];
  const has = (field: TProposalChangeField) => proposal.changes.includes(field);
  for (const field of ["title", "location"] as const) {
    if (has(field)) lines.push({ label: CHANGE_LABELS[field], before: before[field] || "(none)", after: proposal.event[field] || "(none)" });
  }
  if (has("start_date") || has("end_date")) {
    const oldStart = before.start_date ?? proposal.event.start_date;
    const oldEnd = before.end_date ?? proposal.event.end_date;
    lines.push({
      label: CHANGE_LABELS.when,
      before: zonedWhenText(formatEventWhen(oldStart, oldEnd, viewerZone, { alwaysNameZone: true })),
      after: zonedWhenText(formatEventWhen(proposal.event.start_date, proposal.event.end_date, viewerZone, { alwaysNameZone: true })),
    });
  }
  return lines;
}

/**
 * Change: where the event form opens, and what it is filled with (router state, read by the
 * form's pages: web/src/pages/events/prefill.ts). A create opens /events/new with everything
 * and the card's first reviewer; an update opens the request's edit page with what changes.
 */
export function changeTarget(proposal: TProposal, reviewers: readonly CardReviewer[]): { path: string; prefill: TSmartParseResult } {
  const { event } = proposal;
  const text = (value: string | null) => (value ? value : undefined);
  const prefill: TSmartParseResult = {
    title: text(event.title),
    location: text(event.location),
    description: text(event.description),
    notes: text(event.notes),
    start_date: event.start_date,
    end_date: event.end_date,
    ...(event.recurrence ? { recurrence: event.recurrence } : {}),
  };
  if (proposal.kind === "update" && proposal.event_request_id) {
    return { path: `/events/${encodeURIComponent(proposal.event_request_id)}/edit`, prefill };
  }
  return { path: "/events/new", prefill: { ...prefill, approvers: reviewers.map(({ user_id, required }) => ({ user_id, required })) } };
}
