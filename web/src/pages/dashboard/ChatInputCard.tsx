import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { chatUrl } from "./dashboard-logic.ts";
import { sendOnEnter } from "../../lib/send-key.ts";

/** SPEC.md section 2, Dashboard: "Chat input". Sending opens the chat page with the message. */
export function ChatInputCard() {
  const navigate = useNavigate();
  const inputId = useId();
  const [text, setText] = useState("");
  const target = chatUrl(text);

  const send = () => {
    if (target) navigate(target);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = sendOnEnter(send);

  return (
    <Card className="dashboard-card dashboard-chat">
      <form className="dashboard-chat-form" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          Message to Amia
        </label>
        <textarea
          id={inputId}
          className="dashboard-chat-input"
          placeholder="Chat with Amia..."
          rows={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" size="small" disabled={target === null}>
          Send
        </Button>
      </form>
    </Card>
  );
}
