import { describe, expect, it } from "vitest";
import { MAX_CHAT_MESSAGES, ZChatRequestSchema, type TConversationMessage } from "@amia/contracts";
import {
  appendPart,
  buildChatRequest,
  chatReducer,
  fromStoredMessages,
  initialChatState,
  isAwaitingReply,
  messageToSend,
  userMessage,
  type ChatMessage,
  type ChatState,
  type MessagePart,
} from "./chat-state.ts";
import { aProposal, anEventsResult } from "./chat-fixtures.ts";

const T0 = "2026-11-22T10:00:00.000Z";
const T1 = "2026-11-22T10:00:02.000Z";
const user = (content: string, timestamp = T0): ChatMessage => userMessage(content, timestamp);
const text = (content: string): MessagePart => ({ type: "text", content });
const assistant = (content: string, timestamp = T1, parts: MessagePart[] = content ? [text(content)] : []): ChatMessage => ({
  role: "assistant",
  content,
  timestamp,
  parts,
});

describe("appendPart", () => {
  it("adds an assistant message for the first part of a reply", () => {
    // given a conversation ending with the user's message
    const messages = [user("Hi")];
    // when the first text arrives
    const next = appendPart(messages, text("Hel"), T1);
    // then an assistant message holds it, stamped with the part's time
    expect(next).toEqual([user("Hi"), assistant("Hel", T1)]);
    expect(messages).toEqual([user("Hi")]);
  });

  it("runs later text together, keeping the message's time stamp", () => {
    const next = appendPart(appendPart([user("Hi")], text("Hel"), T1), text("lo!"), "2026-11-22T10:00:05.000Z");
    expect(next).toEqual([user("Hi"), assistant("Hello!", T1)]);
  });

  it("keeps cards and answers where they came between the text", () => {
    // given a reply that says something, shows a card, then says more
    const proposal = aProposal();
    const result = anEventsResult();
    const next = [text("Here is a draft."), { type: "proposal", proposal } as const, text(" Confirm it "), text("if it looks right."), { type: "result", result } as const].reduce(
      (messages, part) => appendPart(messages, part, T1),
      [user("Lunch with Bruno")],
    );
    // then the parts keep their order, text after a card is a new text part, and content is all the text
    expect(next.at(-1)).toEqual(
      assistant("Here is a draft. Confirm it if it looks right.", T1, [
        text("Here is a draft."),
        { type: "proposal", proposal },
        text(" Confirm it if it looks right."),
        { type: "result", result },
      ]),
    );
  });

  it("starts with a card when the reply has no text yet", () => {
    const proposal = aProposal();
    const next = appendPart([user("Lunch")], { type: "proposal", proposal }, T1);
    expect(next.at(-1)).toEqual(assistant("", T1, [{ type: "proposal", proposal }]));
  });

  it("starts a new reply after the next user message", () => {
    const next = appendPart([user("Hi"), assistant("Hello!"), user("And?")], text("Yes"), T1);
    expect(next.map((message) => message.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(next.at(-1)?.content).toBe("Yes");
  });
});

describe("fromStoredMessages", () => {
  it("shows a stored turn's text, then its answers, then its cards with their status now", () => {
    const confirmed = aProposal({ status: "confirmed", event_request_id: "er9" });
    const result = anEventsResult();
    const stored: TConversationMessage[] = [
      { role: "user", content: "Lunch with Bruno", timestamp: T0, proposals: [], results: [] },
      { role: "assistant", content: "Here is a draft.", timestamp: T1, proposals: [confirmed], results: [result] },
      { role: "assistant", content: "", timestamp: T1, proposals: [], results: [] },
    ];
    expect(fromStoredMessages(stored)).toEqual([
      user("Lunch with Bruno"),
      assistant("Here is a draft.", T1, [text("Here is a draft."), { type: "result", result }, { type: "proposal", proposal: confirmed }]),
      assistant("", T1, []),
    ]);
  });
});

describe("chatReducer", () => {
  const sent = chatReducer({ ...initialChatState, error: "Old error" }, { type: "sent", message: user("Hi") });
  const receive = (state: ChatState, content: string) => chatReducer(state, { type: "part-received", part: text(content), timestamp: T1 });

  it("on send appends the user message, sets loading and streaming, clears the error", () => {
    expect(sent).toEqual({ ...initialChatState, messages: [user("Hi")], isStreaming: true, loading: true, error: null });
  });

  it("on parts builds the assistant reply, still streaming", () => {
    const state = receive(receive(sent, "Hel"), "lo");
    expect(state.messages).toEqual([user("Hi"), assistant("Hello")]);
    expect(state.isStreaming).toBe(true);
    expect(state.loading).toBe(true);
  });

  it("remembers the conversation a reply names, and keeps it for the next turn", () => {
    const started = chatReducer(sent, { type: "conversation-started", conversationId: "c1" });
    const ended = chatReducer(receive(started, "Hello"), { type: "stream-ended" });
    expect(ended.conversationId).toBe("c1");
    expect(chatReducer(ended, { type: "sent", message: user("More") }).conversationId).toBe("c1");
  });

  it("on end clears streaming and loading", () => {
    const state = chatReducer(receive(sent, "Hello"), { type: "stream-ended" });
    expect(state).toEqual({ ...initialChatState, messages: [user("Hi"), assistant("Hello")] });
  });

  it("on a failure before any reply, clears both, sets the error and gives the message back to the input", () => {
    const earlier = chatReducer(receive(sent, "Hello"), { type: "stream-ended" });
    const again = chatReducer(earlier, { type: "sent", message: user("And tomorrow?") });
    const failed = chatReducer(again, { type: "stream-failed", error: "Failed to chat with Amia. Please try again." });
    expect(failed).toEqual({
      ...initialChatState,
      messages: [user("Hi"), assistant("Hello")],
      error: "Failed to chat with Amia. Please try again.",
      failedText: "And tomorrow?",
    });
    // Sending it again (Retry) clears both; dismissing the error does too.
    expect(chatReducer(failed, { type: "sent", message: user("And tomorrow?") })).toMatchObject({ error: null, failedText: null });
    expect(chatReducer(failed, { type: "error-dismissed" })).toMatchObject({ error: null, failedText: null });
  });

  it("on a failure once the reply began, keeps the turn and says so", () => {
    const failed = chatReducer(receive(sent, "Hel"), { type: "stream-failed", error: "Failed" });
    expect(failed).toEqual({ ...initialChatState, messages: [user("Hi"), assistant("Hel")], error: "Failed" });
  });

  it("clear (New Chat) resets the conversation, its id too", () => {
    const started = chatReducer(sent, { type: "conversation-started", conversationId: "c1" });
    expect(chatReducer(started, { type: "cleared" })).toEqual(initialChatState);
  });

  it("reopening a conversation empties the screen, then shows its messages", () => {
    const opening = chatReducer(receive(sent, "Hello"), { type: "conversation-opening", conversationId: "c2" });
    expect(opening).toEqual({ ...initialChatState, conversationId: "c2", isOpening: true });
    const opened = chatReducer(opening, { type: "conversation-opened", conversationId: "c2", messages: [user("Old"), assistant("Answer")] });
    expect(opened).toEqual({ ...initialChatState, conversationId: "c2", messages: [user("Old"), assistant("Answer")] });
  });

  it("ignores a late answer for a conversation the person already left", () => {
    const opening = chatReducer(initialChatState, { type: "conversation-opening", conversationId: "c3" });
    expect(chatReducer(opening, { type: "conversation-opened", conversationId: "c2", messages: [user("Old")] })).toBe(opening);
  });

  it("a conversation that fails to open shows the error, and the next message starts a new one", () => {
    const opening = chatReducer(initialChatState, { type: "conversation-opening", conversationId: "c2" });
    const failed = chatReducer(opening, { type: "conversation-failed", error: "This conversation no longer exists. Start a new chat." });
    expect(failed).toEqual({ ...initialChatState, error: "This conversation no longer exists. Start a new chat." });
  });
});

describe("isAwaitingReply", () => {
  const base: ChatState = { ...initialChatState, messages: [user("Hi")], isStreaming: true, loading: true };

  it("is true while loading and no part of the reply has arrived", () => {
    expect(isAwaitingReply(base)).toBe(true);
    expect(isAwaitingReply({ ...base, messages: [user("Hi"), assistant("")] })).toBe(true);
  });

  it("is false once text or a card arrives, and when idle", () => {
    expect(isAwaitingReply({ ...base, messages: [user("Hi"), assistant("H")] })).toBe(false);
    expect(isAwaitingReply({ ...base, messages: [user("Hi"), assistant("", T1, [{ type: "proposal", proposal: aProposal() }])] })).toBe(false);
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

  it("in a stored conversation sends only the new message, with the conversation's id", () => {
    const messages = [user("Hi"), assistant("Hello!"), user("What is on today?")];
    const request = buildChatRequest(messages, now, { ...options, conversationId: "c1" });
    expect(request.messages).toEqual([{ role: "user", content: "What is on today?" }]);
    expect(request.conversation_id).toBe("c1");
    expect(ZChatRequestSchema.safeParse(request).success).toBe(true);
  });

  it("names no conversation on the first turn", () => {
    expect(buildChatRequest([user("Hi")], now, options)).not.toHaveProperty("conversation_id");
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
