import { MAX_CHAT_MESSAGES, type TChatRequest, type TChatRole } from "@amia/contracts";
import { ApiError } from "../../api/client.ts";
import { DEFAULT_MESSAGES } from "../../lib/errors.ts";

/*
 * The chat's state machine (SPEC.md section 4, "Chat"), pure so it can be tested without a
 * browser: the reducer behind useChat, and the request a send posts (section 3, "Chat request").
 */

/** SPEC.md section 3, "Chat message": the timestamp is an ISO string, for display. */
export interface ChatMessage {
  role: TChatRole;
  content: string;
  timestamp: string;
}

/** SPEC.md section 3, "Chat state". `error` is the text shown, or null. */
export interface ChatState {
  messages: ChatMessage[];
  isStreaming: boolean;
  loading: boolean;
  error: string | null;
}

export const initialChatState: ChatState = { messages: [], isStreaming: false, loading: false, error: null };

export type ChatAction =
  | { type: "sent"; message: ChatMessage }
  | { type: "chunk-received"; text: string; timestamp: string }
  | { type: "stream-ended" }
  | { type: "stream-failed"; error: string }
  | { type: "error-dismissed" }
  | { type: "cleared" };

/**
 * A streamed chunk: the first one of a reply adds an assistant message (the last message is
 * still the user's), every later one is appended to it. `timestamp` is used only when the
 * assistant message is created.
 */
export function appendChunk(messages: ChatMessage[], text: string, timestamp: string): ChatMessage[] {
  const last = messages.at(-1);
  if (last?.role === "assistant") {
    return [...messages.slice(0, -1), { ...last, content: last.content + text }];
  }
  return [...messages, { role: "assistant", content: text, timestamp }];
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "sent":
      return { messages: [...state.messages, action.message], isStreaming: true, loading: true, error: null };
    case "chunk-received":
      return { ...state, messages: appendChunk(state.messages, action.text, action.timestamp) };
    case "stream-ended":
      return { ...state, isStreaming: false, loading: false };
    case "stream-failed":
      return { ...state, isStreaming: false, loading: false, error: action.error };
    case "error-dismissed":
      return { ...state, error: null };
    case "cleared":
      return initialChatState;
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}

/** Waiting for the first assistant text of the reply in flight (shows the LoadingMark). */
export function isAwaitingReply(state: ChatState): boolean {
  if (!state.loading) return false;
  const last = state.messages.at(-1);
  return last === undefined || last.role !== "assistant" || last.content === "";
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

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The body of a chat call (SPEC.md section 3, "Chat request"): every turn as {role, content},
 * an empty metadata object and the browser's date, time and zone. The server takes at most
 * MAX_CHAT_MESSAGES turns, so a longer conversation sends its most recent ones.
 */
export function buildChatRequest(
  messages: ChatMessage[],
  now: Date,
  options: { locale?: string; timeZone?: string } = {},
): TChatRequest {
  const timeZone = options.timeZone ?? browserTimeZone();
  return {
    messages: messages.slice(-MAX_CHAT_MESSAGES).map(({ role, content }) => ({ role, content })),
    metadata: {},
    context: {
      current_date: longDate(now, options.locale, timeZone),
      current_time: now.toLocaleTimeString(options.locale, { timeZone }),
      timezone: timeZone,
    },
  };
}

/**
 * The text shown for a failed send: streamChat rejects with an ApiError whose message is meant
 * for the user (the server's message, "HTTP Error: {status}", "No response body", the network
 * text); anything else is a bug, shown as the chat default (SPEC.md section 8).
 */
export function chatErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.message.trim() !== "" ? error.message : DEFAULT_MESSAGES.chat;
}
