import {
  MAX_CHAT_MESSAGES,
  type TAssistantResult,
  type TChatRequest,
  type TChatRole,
  type TConversationMessage,
  type TProposal,
} from "@amia/contracts";
import { browserTimeZone } from "../../lib/wall-clock.ts";

/*
 * The chat's state machine (SPEC.md section 4, "Chat"; issue 10), pure so it can be tested
 * without a browser: the reducer behind useChat, and the request a send posts (section 3,
 * "Chat request").
 */

/** A piece of a message: text, a proposal card or a structured answer, in arrival order. */
export type MessagePart =
  | { type: "text"; content: string }
  | { type: "proposal"; proposal: TProposal }
  | { type: "result"; result: TAssistantResult };

/**
 * SPEC.md section 3, "Chat message", plus its parts. `content` is all the message's text (what
 * the request sends back); `parts` is what the bubble shows. The timestamp is an ISO string.
 */
export interface ChatMessage {
  role: TChatRole;
  content: string;
  timestamp: string;
  parts: MessagePart[];
}

/**
 * SPEC.md section 3, "Chat state", plus the stored conversation the messages belong to (null
 * until the first reply names it) and whether one is being opened. `error` is the text shown.
 */
export interface ChatState {
  messages: ChatMessage[];
  isStreaming: boolean;
  loading: boolean;
  error: string | null;
  conversationId: string | null;
  isOpening: boolean;
  /**
   * A message whose send failed before any reply came: taken off the conversation and given
   * back to the input, to send again (Retry) or change; null otherwise.
   */
  failedText: string | null;
}

export const initialChatState: ChatState = {
  messages: [],
  isStreaming: false,
  loading: false,
  error: null,
  conversationId: null,
  isOpening: false,
  failedText: null,
};

export type ChatAction =
  | { type: "sent"; message: ChatMessage }
  | { type: "conversation-started"; conversationId: string }
  | { type: "part-received"; part: MessagePart; timestamp: string }
  | { type: "stream-ended" }
  | { type: "stream-failed"; error: string }
  | { type: "error-dismissed" }
  | { type: "cleared" }
  | { type: "conversation-opening"; conversationId: string }
  | { type: "conversation-opened"; conversationId: string; messages: ChatMessage[] }
  | { type: "conversation-failed"; error: string };

/** A message the person typed. */
export function userMessage(content: string, timestamp: string): ChatMessage {
  return { role: "user", content, timestamp, parts: [{ type: "text", content }] };
}

/**
 * A streamed part: the first one of a reply adds an assistant message (the last message is
 * still the user's), every later one joins it. Text runs together (a text part right after
 * another extends it); cards and answers keep their place between the text. `timestamp` is
 * used only when the assistant message is created.
 */
export function appendPart(messages: ChatMessage[], part: MessagePart, timestamp: string): ChatMessage[] {
  const last = messages.at(-1);
  const reply: ChatMessage = last?.role === "assistant" ? last : { role: "assistant", content: "", timestamp, parts: [] };
  const lastPart = reply.parts.at(-1);
  const parts =
    part.type === "text" && lastPart?.type === "text"
      ? [...reply.parts.slice(0, -1), { type: "text" as const, content: lastPart.content + part.content }]
      : [...reply.parts, part];
  const content = part.type === "text" ? reply.content + part.content : reply.content;
  const next = { ...reply, content, parts };
  return last?.role === "assistant" ? [...messages.slice(0, -1), next] : [...messages, next];
}

/**
 * Stored turns as chat messages: the text first, then its answers and cards (storage keeps
 * them apart, not interleaved). Cards show the status the server gave them now.
 */
export function fromStoredMessages(messages: readonly TConversationMessage[]): ChatMessage[] {
  return messages.map((message) => ({
    role: message.role,
    content: message.content,
    timestamp: message.timestamp,
    parts: [
      ...(message.content === "" ? [] : [{ type: "text" as const, content: message.content }]),
      ...message.results.map((result) => ({ type: "result" as const, result })),
      ...message.proposals.map((proposal) => ({ type: "proposal" as const, proposal })),
    ],
  }));
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "sent":
      return { ...state, messages: [...state.messages, action.message], isStreaming: true, loading: true, error: null, failedText: null };
    case "conversation-started":
      return { ...state, conversationId: action.conversationId };
    case "part-received":
      return { ...state, messages: appendPart(state.messages, action.part, action.timestamp) };
    case "stream-ended":
      return { ...state, isStreaming: false, loading: false };
    case "stream-failed": {
      // Nothing came back: the message leaves the conversation for the input, not lost. Once a
      // reply began, the turn happened: it stays, with the error under it.
      const last = state.messages.at(-1);
      const unanswered = last?.role === "user" ? last : null;
      return {
        ...state,
        isStreaming: false,
        loading: false,
        error: action.error,
        messages: unanswered ? state.messages.slice(0, -1) : state.messages,
        failedText: unanswered ? unanswered.content : null,
      };
    }
    case "error-dismissed":
      return { ...state, error: null, failedText: null };
    case "cleared":
      return initialChatState;
    case "conversation-opening":
      return { ...initialChatState, conversationId: action.conversationId, isOpening: true };
    case "conversation-opened":
      // A late answer for a conversation the person has already left changes nothing.
      if (action.conversationId !== state.conversationId) return state;
      return { ...state, messages: action.messages, isOpening: false };
    case "conversation-failed":
      // Nothing shown belongs to it: the next message starts a new conversation.
      return { ...state, isOpening: false, conversationId: null, error: action.error };
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}

/** Waiting for the first part (text, card or answer) of the reply in flight (shows the LoadingMark). */
export function isAwaitingReply(state: Pick<ChatState, "loading" | "messages">): boolean {
  if (!state.loading) return false;
  const last = state.messages.at(-1);
  return last === undefined || last.role !== "assistant" || last.parts.length === 0;
}

/** The text to send, or null when it is blank (SPEC.md section 5: blank is never sent). */
export function messageToSend(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === "" ? null : trimmed;
}

/** "Sunday, November 22, 2026". */
export function longDate(now: Date, locale?: string, timeZone?: string): string {
  return now.toLocaleDateString(locale, {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    ...(timeZone ? { timeZone } : {}),
  });
}

/**
 * The body of a chat call (SPEC.md section 3, "Chat request"): the turns as {role, content},
 * an empty metadata object and the browser's date, time and zone. In a stored conversation
 * (`conversationId`) the server reads the earlier turns itself: only the new message goes,
 * with the conversation's id. Otherwise every turn goes; the server takes at most
 * MAX_CHAT_MESSAGES, so a longer conversation sends its most recent ones.
 */
export function buildChatRequest(
  messages: ChatMessage[],
  now: Date,
  options: { locale?: string; timeZone?: string; conversationId?: string | null } = {},
): TChatRequest {
  const timeZone = options.timeZone ?? browserTimeZone();
  const turns = options.conversationId ? messages.slice(-1) : messages.slice(-MAX_CHAT_MESSAGES);
  return {
    messages: turns.map(({ role, content }) => ({ role, content })),
    ...(options.conversationId ? { conversation_id: options.conversationId } : {}),
    metadata: {},
    context: {
      current_date: longDate(now, options.locale, timeZone),
      current_time: now.toLocaleTimeString(options.locale, { timeZone }),
      timezone: timeZone,
    },
  };
}
