import { useLayoutEffect, useRef } from "react";
import { LoadingMark } from "../../components/LoadingMark.tsx";
import { Markdown } from "../../components/Markdown.tsx";
import { formatTime } from "../../lib/format.ts";
import type { ChatMessage } from "./chat-state.ts";

/** One turn as a bubble with its time stamp: user text plain, assistant text as markdown. */
export function MessageBubble({ message }: { message: ChatMessage }) {
  const isUser = message.role === "user";
  return (
    <article className={`chat-message chat-message--${message.role}`}>
      <div className="chat-bubble">
        <span className="visually-hidden">{isUser ? "You:" : "Amia:"} </span>
        {isUser ? <p className="chat-bubble-text">{message.content}</p> : <Markdown>{message.content}</Markdown>}
      </div>
      <time className="chat-message-time" dateTime={message.timestamp}>
        {formatTime(message.timestamp)}
      </time>
    </article>
  );
}

/**
 * The conversation: a polite live log that keeps its bottom in view as the reply streams in,
 * with the assistant's LoadingMark until the first text of a reply arrives.
 */
export function MessageList({ messages, isAwaitingReply }: { messages: ChatMessage[]; isAwaitingReply: boolean }) {
  const listRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, isAwaitingReply]);

  return (
    <div ref={listRef} className="chat-messages" role="log" aria-live="polite" aria-label="Conversation" tabIndex={0}>
      {messages.length === 0 && !isAwaitingReply && (
        <p className="chat-messages-empty">Ask Amia about your calendar, events and plans.</p>
      )}
      {messages.map((message, index) =>
        // A streaming reply keeps its index, and earlier turns never move: the index is a stable key.
        message.role === "assistant" && message.content === "" ? null : (
          <MessageBubble key={`${index}-${message.timestamp}`} message={message} />
        ),
      )}
      {isAwaitingReply && (
        <div className="chat-message chat-message--assistant chat-message--pending">
          <div className="chat-bubble">
            <LoadingMark />
          </div>
        </div>
      )}
    </div>
  );
}
