import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { Note } from "../../components/Note.tsx";
import { usePageTitle } from "../usePageTitle.ts";
import { ChatInput } from "./ChatInput.tsx";
import { ChatSidebar } from "./ChatSidebar.tsx";
import { MessageList } from "./MessageList.tsx";
import { isAwaitingReply } from "./chat-state.ts";
import { useChat } from "./useChat.ts";
import "./ChatPage.css";

/** SPEC.md section 2, "Chat page (/chat)". */
export function ChatPage() {
  usePageTitle("Chat");
  const chat = useChat();
  const { send } = chat;
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const isBusy = chat.loading || chat.isStreaming;

  // /chat?message=... (from the dashboard) is sent once, then the query string is cleared. The
  // ref keeps React StrictMode's second run of the effect from sending it twice.
  const initialMessage = searchParams.get("message");
  const hasSentInitialRef = useRef(false);
  useEffect(() => {
    if (initialMessage === null || hasSentInitialRef.current) return;
    hasSentInitialRef.current = true;
    void send(initialMessage);
    navigate("/chat", { replace: true });
  }, [initialMessage, navigate, send]);

  return (
    <div className="page chat-page">
      <h1 className="visually-hidden">Chat</h1>
      <div className="chat-layout">
        <ChatSidebar />
        <section className="chat-main" aria-label="Chat with Amia">
          <MessageList messages={chat.messages} isAwaitingReply={isAwaitingReply(chat)} />
          {chat.error !== null && (
            <div className="chat-error">
              <Note kind="error" onClose={chat.dismissError}>
                {chat.error}
              </Note>
            </div>
          )}
          <ChatInput isBusy={isBusy} onSend={(text) => void send(text)} />
        </section>
      </div>
    </div>
  );
}

export default ChatPage;
