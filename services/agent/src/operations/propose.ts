import { randomUUID } from "node:crypto";
import {
  type TDurationSource,
  type TEventDate,
  type TEventRequest,
  type TProposal,
  type TProposalChangeField,
  type TProposalEvent,
  type TProposalPerson,
  type TProposalQuestion,
  type TProposalReviewer,
} from "@amia/contracts";
import { displayName, resolveName } from "../domain/people.ts";
import { durationMinutes, nextStepFor } from "../domain/proposal-rules.ts";
import type { ProposalsStore } from "../store/proposals-store.ts";
import type { UserServices } from "../tools/user-services.ts";

/*
 * Issuing proposals: the only thing a chat turn leaves behind besides its text. A proposal is
 * stored for this user (and conversation) with an expiry; nothing else is written. Names are
 * resolved against the user's connections ("with Bruno" → Bruno, required by default); a name
 * that fits several or nobody becomes a question on the card.
 */

export interface EventFields {
  title: string | null;
  description?: string | null | undefined;
  location?: string | null | undefined;
  notes?: string | null | undefined;
  start_date: TEventDate;
  end_date: TEventDate;
  /** How it repeats (an RRULE value in start_date's zone), null or absent for a one-off. */
  recurrence?: string | null | undefined;
}

export interface Proposer {
  /** The user's connections, read once per turn. */
  connections: () => Promise<TProposalPerson[]>;
  create: (fields: EventFields, options: { people?: readonly string[]; reviewerIds?: readonly string[]; required?: boolean; durationSource?: TDurationSource; durationReason?: string | null }) => Promise<TProposal>;
  update: (target: TEventRequest, changes: Partial<EventFields>) => Promise<TProposal>;
  cancel: (target: TEventRequest) => Promise<TProposal>;
}

export interface ProposerDeps {
  store: ProposalsStore;
  reads: UserServices;
  userId: string;
  conversationId: string | null;
  nowMs: () => number;
  ttlMs: number;
}

const MAX_CONNECTIONS = 100;

function eventOf(fields: EventFields, reviewers: TProposalReviewer[], durationSource: TDurationSource, durationReason: string | null): TProposalEvent {
  const minutes = durationMinutes(fields.start_date, fields.end_date);
  return {
    title: fields.title ?? null,
    description: fields.description ?? null,
    location: fields.location ?? null,
    notes: fields.notes ?? null,
    start_date: fields.start_date,
    end_date: fields.end_date,
    duration_minutes: minutes,
    duration_source: minutes === null ? "all_day" : durationSource,
    duration_reason: minutes !== null && durationSource === "default" ? durationReason : null,
    recurrence: fields.recurrence ?? null,
    reviewers,
  };
}

export function createProposer(deps: ProposerDeps): Proposer {
  let connections: Promise<TProposalPerson[]> | undefined;
  const loadConnections = () =>
    (connections ??= deps.reads.call("relationships", "GET", `/api/v1/relationships?take=${MAX_CONNECTIONS}`).then(({ status, body }) => {
      if (status !== 200) return [];
      const list = (body as { relationships?: Array<{ other_user: { id: string; full_name: string | null; email: string | null } }> }).relationships ?? [];
      return list.map(({ other_user }) => ({ user_id: other_user.id, full_name: other_user.full_name, email: other_user.email }));
    }));

  const save = async (proposal: Omit<TProposal, "id" | "status" | "created_at" | "expires_at" | "confirmed_at" | "undo_until">): Promise<TProposal> => {
    const now = deps.nowMs();
    const doc = {
      _id: randomUUID(),
      user_id: deps.userId,
      conversation_id: deps.conversationId,
      claim: null,
      status: "open" as const,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + deps.ttlMs).toISOString(),
      confirmed_at: null,
      undo_until: null,
      ...proposal,
    };
    await deps.store.insert(doc);
    const { _id, user_id: _u, conversation_id: _c, claim: _claim, ...rest } = doc;
    return { id: _id, ...rest };
  };

  const reviewersFromRequest = async (target: TEventRequest): Promise<TProposalReviewer[]> => {
    const people = new Map((await loadConnections()).map((person) => [person.user_id, person] as const));
    return target.approvers.map((approver) => {
      const person = people.get(approver.user_id);
      return { user_id: approver.user_id, full_name: approver.full_name ?? person?.full_name ?? null, email: person?.email ?? null, required: approver.required };
    });
  };

  const fieldsOf = (target: TEventRequest): EventFields => ({
    title: target.title,
    description: target.description,
    location: target.location,
    notes: target.notes,
    start_date: target.start_date,
    end_date: target.end_date,
    recurrence: target.recurrence ?? null,
  });

  return {
    connections: loadConnections,

    async create(fields, options) {
      const required = options.required ?? true;
      const known = await loadConnections();
      const reviewers: TProposalReviewer[] = [];
      const questions: TProposalQuestion[] = [];
      const add = (person: TProposalPerson) => {
        if (!reviewers.some((reviewer) => reviewer.user_id === person.user_id)) reviewers.push({ ...person, required });
      };
      for (const id of options.reviewerIds ?? []) {
        const person = known.find((candidate) => candidate.user_id === id);
        if (person) add(person);
        else questions.push({ kind: "unknown_person", name: id });
      }
      for (const name of options.people ?? []) {
        const resolved = resolveName(name, known);
        if (resolved.kind === "found") add(resolved.person);
        else if (resolved.kind === "ambiguous") questions.push({ kind: "ambiguous_person", name, candidates: resolved.candidates });
        else questions.push({ kind: "unknown_person", name });
      }
      const event = eventOf(fields, reviewers, options.durationSource ?? "explicit", options.durationReason ?? null);
      return save({
        kind: "create",
        summary: `Create ${fields.title ?? "an event"}`,
        event,
        event_request_id: null,
        changes: [],
        before: null,
        next_step: nextStepFor("create", reviewers),
        questions,
      });
    },

    async update(target, changes) {
      const reviewers = await reviewersFromRequest(target);
      const before = fieldsOf(target);
      const after: EventFields = { ...before, ...changes };
      const changed = (Object.keys(changes) as TProposalChangeField[]).filter((field) => JSON.stringify(changes[field]) !== JSON.stringify(before[field]));
      const beforeEvent = eventOf(before, reviewers, "unchanged", null);
      return save({
        kind: "update",
        summary: `Change ${target.title ?? "Untitled Event"}`,
        event: eventOf(after, reviewers, changes.start_date || changes.end_date ? "explicit" : "unchanged", null),
        event_request_id: target.id,
        changes: changed,
        before: Object.fromEntries(changed.map((field) => [field, beforeEvent[field]])),
        next_step: "updated",
        questions: [],
      });
    },

    async cancel(target) {
      const reviewers = await reviewersFromRequest(target);
      return save({
        kind: "cancel",
        summary: `Cancel ${target.title ?? "Untitled Event"}`,
        event: eventOf(fieldsOf(target), reviewers, "unchanged", null),
        event_request_id: target.id,
        changes: [],
        before: null,
        next_step: "cancelled",
        questions: [],
      });
    },
  };
}

/** "Bruno (required)", "Ana Silva (optional)". */
export const reviewerLabel = (reviewer: TProposalReviewer) => `${displayName(reviewer)} (${reviewer.required ? "required" : "optional"})`;
