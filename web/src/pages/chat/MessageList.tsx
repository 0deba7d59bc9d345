import { useLayoutEffect, useRef } from "react";
import { useViewerTimeZone } from "../../api/settings.ts";
import { LoadingMark } from "../../components/LoadingMark.tsx";
import { Markdown } from "../../components/Markdown.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { formatTime } from "../../lib/format.ts";
import { AssistantResult } from "./AssistantResult.tsx";
import type { ChatMessage, MessagePart } from "./chat-state.ts";
import { ProposalCard } from "./ProposalCard.tsx";

/** One part of an assistant message: text as markdown in a bubble, a card, or an answer. */
function AssistantPart({ part }: { part: MessagePart }) {
  switch (part.type) {
    case "text":
      return part.content.trim() === "" ? null : (
        <div className="chat-bubble">
          <Markdown>{part.content}</Markdown>
        </div>
      );
    case "proposal":
      return <ProposalCard proposal={part.proposal} />;
    case "result":
      return <AssistantResult result={part.result} />;
    default: {
      const unknown: never = part;
      return unknown;
    }
  }
}

/**
 * One turn with its time stamp: user text plain in a bubble; an assistant turn as its parts in
 * the order they came (text bubbles, proposal cards, answers).
 */
export function MessageBubble({ message }: { message: ChatMessage }) {
  const isUser = message.role === "user";
  const viewerZone = useViewerTimeZone();
  return (
    <article className={`chat-message chat-message--${message.role}`}>
      <span className="visually-hidden">{isUser ? "You:" : "Amia:"} </span>
      {isUser ? (
        <div className="chat-bubble">
          <p className="chat-bubble-text">{message.content}</p>
        </div>
      ) : (
        <div className="chat-message-parts">
          {message.parts.map((part, index) => (
            // Parts only ever join the end of a message: the index is a stable key.
            <AssistantPart key={part.type === "proposal" ? part.proposal.id : index} part={part} />
          ))}
        </div>
      )}
      <time className="chat-message-time" dateTime={message.timestamp}>
        {formatTime(message.timestamp, viewerZone)}
      </time>
    </article>
  );
}

/**
 * The conversation: a polite live log that keeps its bottom in view as the reply streams in,
 * with the assistant's LoadingMark until the first part of a reply arrives; while a stored
 * conversation opens, a loading line.
 */
export function MessageList({ messages, isAwaitingReply, isOpening = false }: { messages: ChatMessage[]; isAwaitingReply: boolean; isOpening?: boolean }) {
  const listRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, isAwaitingReply, isOpening]);

  return (
    <div ref={listRef} className="chat-messages" role="log" aria-live="polite" aria-label="Conversation" aria-busy={isOpening || undefined} tabIndex={0}>
      {isOpening && (
        <div className="chat-messages-empty">
          <Spinner label="Opening the conversation" />
        </div>
      )}
      {messages.length === 0 && !isAwaitingReply && !isOpening && (
        <p className="chat-messages-empty">Ask Amia about your calendar, events and plans.</p>
      )}
      {messages.map((message, index) =>
        // A streaming reply keeps its index, and earlier turns never move: the index is a stable key.
        message.role === "assistant" && message.parts.length === 0 ? null : (
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
