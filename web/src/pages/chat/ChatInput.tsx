import { useEffect, useId, useLayoutEffect, useRef, type FormEvent } from "react";
import { MAX_USER_MESSAGE_LENGTH } from "@amia/contracts";
import { Button } from "../../components/Button.tsx";
import { messageToSend } from "./chat-state.ts";
import { sendOnEnter } from "../../lib/send-key.ts";

/** SPEC.md section 9: the textarea grows from 40px to 120px with its content. */
const MIN_HEIGHT_PX = 40;
const MAX_HEIGHT_PX = 120;

export interface ChatInputProps {
  isBusy: boolean;
  /** The text in the box (the page holds it: a failed message comes back to it). */
  text: string;
  onTextChange: (text: string) => void;
  /** Sends the trimmed text; the page empties the box. */
  onSend: (text: string) => void;
}

/**
 * The message box (SPEC.md sections 2 and 5): Enter sends, Shift+Enter inserts a newline; the
 * text is trimmed and blank text is never sent; disabled while the assistant is busy.
 */
export function ChatInput({ isBusy, text, onTextChange, onSend }: ChatInputProps) {
  const inputId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const canSend = !isBusy && messageToSend(text) !== null;

  // Fit the height to the content, between the two bounds (also shrinks back after a send).
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.style.height = "auto";
    const height = Math.min(Math.max(textarea.scrollHeight, MIN_HEIGHT_PX), MAX_HEIGHT_PX);
    textarea.style.height = `${height}px`;
    textarea.style.overflowY = textarea.scrollHeight > MAX_HEIGHT_PX ? "auto" : "hidden";
  }, [text]);

  // The textarea is disabled while busy, which drops focus: give it back when the reply is done.
  const wasBusyRef = useRef(isBusy);
  useEffect(() => {
    const active = document.activeElement;
    if (wasBusyRef.current && !isBusy && (active === null || active === document.body)) {
      textareaRef.current?.focus();
    }
    wasBusyRef.current = isBusy;
  }, [isBusy]);

  const send = () => {
    const content = messageToSend(text);
    if (content === null || isBusy) return;
    onSend(content);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = sendOnEnter(send);

  return (
    <form className="chat-input" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        Message
      </label>
      <textarea
        id={inputId}
        ref={textareaRef}
        className="chat-input-textarea"
        rows={1}
        value={text}
        maxLength={MAX_USER_MESSAGE_LENGTH}
        placeholder={isBusy ? "Amia is thinking..." : "Ask me anything!"}
        disabled={isBusy}
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button type="submit" className="chat-input-send" disabled={!canSend}>
        Send
      </Button>
    </form>
  );
}
