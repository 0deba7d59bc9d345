import { randomUUID } from "node:crypto";
import { AppError } from "@amia/kit";
import type { TConversationMessage, TConversationSummary, TChatRequest } from "@amia/contracts";
import type { ConversationDocument, ConversationsStore, StoredMessage } from "../store/conversations-store.ts";
import type { ProposalsStore } from "../store/proposals-store.ts";
import { proposalNow } from "./act-on-proposal.ts";
import { textOf, type TurnPart } from "./turn.ts";

/*
 * Persistent conversations (issue 10): a chat turn continues one of the user's conversations or
 * starts one; the turn's text, cards and answers are stored with it; the sidebar lists them.
 */

const TITLE_LENGTH = 60;
const PREVIEW_LENGTH = 120;

/** The start of a text on one line, cut at a word: titles and previews. */
export function excerpt(value: string, length: number): string {
  const line = value.replace(/[*_`#>\[\]]/g, "").replace(/\s+/g, " ").trim();
  if (line.length <= length) return line;
  const cut = line.slice(0, length - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), length / 2)).trimEnd()}…`;
}

export function toSummary(doc: ConversationDocument): TConversationSummary {
  return { id: doc._id, title: doc.title, preview: doc.preview, created_at: doc.created_at, updated_at: doc.updated_at };
}

export interface OpenedConversation {
  doc: ConversationDocument;
  /** What the assistant sees: the stored turns, then the new message. */
  history: Array<{ role: "user" | "assistant"; content: string }>;
  /**
   * A new conversation is not stored until its first turn is recorded, in that one insert: the
   * first token of an answer should not wait on (or compete with) a database write.
   */
  isNew: boolean;
}

/** The conversation a turn belongs to: the user's own (404 for anyone else's), or a new one. */
export async function openConversation(store: ConversationsStore, userId: string, request: TChatRequest, nowIso: string): Promise<OpenedConversation> {
  const last = request.messages.at(-1)!;
  if (request.conversation_id) {
    const doc = await store.get(userId, request.conversation_id);
    if (!doc) throw new AppError("not_found", "Conversation not found");
    return { doc, history: [...doc.messages.map(({ role, content }) => ({ role, content })), { role: "user", content: last.content }], isNew: false };
  }
  const doc: ConversationDocument = {
    _id: randomUUID(),
    user_id: userId,
    title: excerpt(last.content, TITLE_LENGTH),
    preview: excerpt(last.content, PREVIEW_LENGTH),
    created_at: nowIso,
    updated_at: nowIso,
    messages: [],
  };
  // A new conversation may carry earlier turns the page already showed (SPEC.md's request holds them all).
  return { doc, history: request.messages.map(({ role, content }) => ({ role, content })), isNew: true };
}

/** Stores a finished (or failed) turn: the user's message, then what the assistant said and showed. */
export async function recordTurn(store: ConversationsStore, opened: OpenedConversation, userId: string, message: { content: string; at: string }, parts: readonly TurnPart[], answeredAt: string): Promise<void> {
  const reply: StoredMessage = {
    role: "assistant",
    content: textOf(parts),
    timestamp: answeredAt,
    proposal_ids: parts.flatMap((part) => (part.type === "proposal" ? [part.proposal.id] : [])),
    results: parts.flatMap((part) => (part.type === "result" ? [part.result] : [])),
  };
  const asked: StoredMessage = { role: "user", content: message.content, timestamp: message.at, proposal_ids: [], results: [] };
  const stored = reply.content || reply.proposal_ids.length > 0 || reply.results.length > 0 ? [asked, reply] : [asked];
  const preview = excerpt(reply.content || message.content, PREVIEW_LENGTH);
  if (opened.isNew) await store.create({ ...opened.doc, messages: stored, preview, updated_at: answeredAt });
  else await store.append(userId, opened.doc._id, stored, answeredAt, preview, opened.doc.messages);
}

/** A stored conversation as its owner reopens it, each card with its status now. */
export async function readConversation(store: ConversationsStore, proposals: ProposalsStore, userId: string, id: string, nowMs: number): Promise<{ summary: TConversationSummary; messages: TConversationMessage[] }> {
  const doc = await store.get(userId, id);
  if (!doc) throw new AppError("not_found", "Conversation not found");
  const cards = new Map((await proposals.getMany(userId, doc.messages.flatMap((message) => message.proposal_ids))).map((proposal) => [proposal._id, proposalNow(proposal, nowMs)] as const));
  const messages: TConversationMessage[] = doc.messages.map((message) => ({
    role: message.role,
    content: message.content,
    timestamp: message.timestamp,
    proposals: message.proposal_ids.flatMap((proposalId) => (cards.has(proposalId) ? [cards.get(proposalId)!] : [])),
    results: message.results,
  }));
  return { summary: toSummary(doc), messages };
}
