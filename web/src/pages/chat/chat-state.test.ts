import { describe, expect, it } from "vitest";
import { MAX_CHAT_MESSAGES, ZChatRequestSchema } from "@amia/contracts";
import { ApiError } from "../../api/client.ts";
import { formatHistoryTime } from "../../lib/chat-history-time.ts";
import {
  appendChunk,
  buildChatRequest,
  chatErrorMessage,
  chatReducer,
  initialChatState,
  isAwaitingReply,
  messageToSend,
  type ChatMessage,
  type ChatState,
} from "./chat-state.ts";
import { sampleHistory } from "./sample-history.ts";

const T0 = "2026-11-22T10:00:00.000Z";
const T1 = "2026-11-22T10:00:02.000Z";
const user = (content: string, timestamp = T0): ChatMessage => ({ role: "user", content, timestamp });
const assistant = (content: string, timestamp = T1): ChatMessage => ({ role: "assistant", content, timestamp });

describe("appendChunk", () => {
  it("adds an assistant message for the first chunk of a reply", () => {
    // given a conversation ending with the user's message
    const messages = [user("Hi")];
    // when the first chunk arrives
    const next = appendChunk(messages, "Hel", T1);
    // then an assistant message holds it, stamped with the chunk's time
    expect(next).toEqual([user("Hi"), assistant("Hel", T1)]);
    expect(messages).toEqual([user("Hi")]);
  });

  it("appends later chunks to the assistant message, keeping its time stamp", () => {
    const next = appendChunk(appendChunk([user("Hi")], "Hel", T1), "lo!", "2026-11-22T10:00:05.000Z");
    expect(next).toEqual([user("Hi"), assistant("Hello!", T1)]);
  });

  it("starts a new reply after the next user message", () => {
    const next = appendChunk([user("Hi"), assistant("Hello!"), user("And?")], "Yes", T1);
    expect(next.map((message) => message.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(next.at(-1)?.content).toBe("Yes");
  });
});

describe("chatReducer", () => {
  const sent = chatReducer({ ...initialChatState, error: "Old error" }, { type: "sent", message: user("Hi") });

  it("on send appends the user message, sets loading and streaming, clears the error", () => {
    expect(sent).toEqual({ messages: [user("Hi")], isStreaming: true, loading: true, error: null });
  });

  it("on chunks builds the assistant reply, still streaming", () => {
    const state = [
      { type: "chunk-received", text: "Hel", timestamp: T1 },
      { type: "chunk-received", text: "lo", timestamp: T1 },
    ].reduce((current, action) => chatReducer(current, action as never), sent);
    expect(state.messages).toEqual([user("Hi"), assistant("Hello")]);
    expect(state.isStreaming).toBe(true);
    expect(state.loading).toBe(true);
  });

  it("on end clears streaming and loading", () => {
    const state = chatReducer(chatReducer(sent, { type: "chunk-received", text: "Hello", timestamp: T1 }), { type: "stream-ended" });
    expect(state).toEqual({ messages: [user("Hi"), assistant("Hello")], isStreaming: false, loading: false, error: null });
  });

  it("on failure clears both and sets the error; dismissing clears it", () => {
    const failed = chatReducer(sent, { type: "stream-failed", error: "HTTP Error: 500" });
    expect(failed).toEqual({ messages: [user("Hi")], isStreaming: false, loading: false, error: "HTTP Error: 500" });
    expect(chatReducer(failed, { type: "error-dismissed" }).error).toBeNull();
  });

  it("clear resets the conversation", () => {
    expect(chatReducer(sent, { type: "cleared" })).toEqual(initialChatState);
  });
});

describe("isAwaitingReply", () => {
  const base: ChatState = { messages: [user("Hi")], isStreaming: true, loading: true, error: null };

  it("is true while loading and no assistant text has arrived", () => {
    expect(isAwaitingReply(base)).toBe(true);
    expect(isAwaitingReply({ ...base, messages: [user("Hi"), assistant("")] })).toBe(true);
  });

  it("is false once text arrives, and when idle", () => {
    expect(isAwaitingReply({ ...base, messages: [user("Hi"), assistant("H")] })).toBe(false);
    expect(isAwaitingReply(initialChatState)).toBe(false);
  });
});

describe("messageToSend", () => {
  it("trims the text", () => {
    expect(messageToSend("  What is on tomorrow?\n")).toBe("What is on tomorrow?");
    expect(messageToSend("line one\nline two")).toBe("line one\nline two");
  });

  it("never sends blank or whitespace-only text", () => {
    expect(messageToSend("")).toBeNull();
    expect(messageToSend(" \n\t ")).toBeNull();
  });
});

describe("buildChatRequest", () => {
  // Sunday 22 November 2026, 14:05 in Lisbon (UTC+0 in winter).
  const now = new Date("2026-11-22T14:05:00.000Z");
  const options = { locale: "en-US", timeZone: "Europe/Lisbon" };

  it("sends every turn as role and content, empty metadata, and the browser's date, time and zone", () => {
    // given a conversation with a reply and a new question
    const messages = [user("Hi"), assistant("Hello!"), user("What is on today?")];
    // when the request is built
    const request = buildChatRequest(messages, now, options);
    // then it matches SPEC.md section 3, "Chat request"
    expect(request).toEqual({
      messages: [
        { role: "user", content: "Hi" },
        { role: "assistant", content: "Hello!" },
        { role: "user", content: "What is on today?" },
      ],
      metadata: {},
      context: { current_date: "Sunday, November 22, 2026", current_time: "2:05:00 PM", timezone: "Europe/Lisbon" },
    });
    expect(ZChatRequestSchema.safeParse(request).success).toBe(true);
  });

  it("uses the browser's zone by default", () => {
    const request = buildChatRequest([user("Hi")], now);
    expect(request.context.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("sends only the most recent turns the server accepts", () => {
    const messages = Array.from({ length: MAX_CHAT_MESSAGES + 5 }, (_, index) =>
      index % 2 === 0 ? user(`q${index}`) : assistant(`a${index}`),
    );
    const request = buildChatRequest(messages, now, options);
    expect(request.messages).toHaveLength(MAX_CHAT_MESSAGES);
    expect(request.messages.at(-1)).toEqual({ role: "user", content: `q${MAX_CHAT_MESSAGES + 4}` });
  });
});

describe("chatErrorMessage", () => {
  it("shows the api error's text", () => {
    expect(chatErrorMessage(new ApiError(500, "HTTP Error: 500"))).toBe("HTTP Error: 500");
    expect(chatErrorMessage(new ApiError(502, "The assistant is unavailable", "upstream_error"))).toBe(
      "The assistant is unavailable",
    );
  });

  it("falls back to the chat default for anything else", () => {
    expect(chatErrorMessage(new TypeError("x is undefined"))).toBe("Failed to chat with Amia. Please try again.");
    expect(chatErrorMessage(null)).toBe("Failed to chat with Amia. Please try again.");
  });
});

describe("sampleHistory", () => {
  it("shows all three forms of the history time display", () => {
    const now = new Date("2026-11-22T14:05:00.000Z");
    const shown = sampleHistory(now).map((item) => formatHistoryTime(item.timestamp, now, "UTC"));
    expect(shown).toEqual(["12:05", "Thursday", "Nov 2"]);
  });
});
