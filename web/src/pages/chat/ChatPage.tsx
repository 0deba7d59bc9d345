import { useCallback, useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { Note } from "../../components/Note.tsx";
import { usePageTitle } from "../usePageTitle.ts";
import { ChatInput } from "./ChatInput.tsx";
import { ChatSidebar } from "./ChatSidebar.tsx";
import { MessageList } from "./MessageList.tsx";
import { isAwaitingReply } from "./chat-state.ts";
import { useChat } from "./useChat.ts";
import "./ChatPage.css";

/** The URL names the conversation on screen: /chat?c=<id> (docs/decisions.md, "Chat"). */
const CONVERSATION_PARAM = "c";
const conversationUrl = (id: string) => `/chat?${CONVERSATION_PARAM}=${encodeURIComponent(id)}`;

/** SPEC.md section 2, "Chat page (/chat)". */
export function ChatPage() {
  usePageTitle("Chat");
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // A reply that starts a stored conversation puts it in the URL (replacing /chat), so a reload
  // or a shared link reopens it.
  const onConversationStarted = useCallback((id: string) => void navigate(conversationUrl(id), { replace: true }), [navigate]);
  const chat = useChat({ onConversationStarted });
  const { send, open, clear, conversationId } = chat;
  const isBusy = chat.loading || chat.isStreaming || chat.isOpening;

  // The URL decides which conversation is shown: on arrival, back/forward, or a history pick.
  // The id the chat already shows (a reply just named it) is not opened again.
  const requestedId = searchParams.get(CONVERSATION_PARAM);
  const shownIdRef = useRef(conversationId);
  shownIdRef.current = conversationId;
  useEffect(() => {
    if (requestedId === shownIdRef.current) return;
    if (requestedId) void open(requestedId);
    else clear();
  }, [requestedId, open, clear]);

  // /chat?message=... (from the dashboard) is sent once, then the query string is cleared. The
  // ref keeps React StrictMode's second run of the effect from sending it twice.
  const initialMessage = searchParams.get("message");
  const hasSentInitialRef = useRef(false);
  useEffect(() => {
    if (initialMessage === null || hasSentInitialRef.current) return;
    hasSentInitialRef.current = true;
    void send(initialMessage);
    void navigate("/chat", { replace: true });
  }, [initialMessage, navigate, send]);

  // New Chat starts an empty conversation in place (no page reload: docs/decisions.md, "Chat").
  const startNewChat = useCallback(() => {
    clear();
    void navigate("/chat");
  }, [clear, navigate]);

  const selectConversation = useCallback(
    (id: string) => {
      // Picking the one on screen again reloads it (e.g. after it failed to open).
      if (id === requestedId) void open(id);
      else void navigate(conversationUrl(id));
    },
    [navigate, open, requestedId],
  );

  return (
    <div className="page chat-page">
      <h1 className="visually-hidden">Chat</h1>
      <div className="chat-layout">
        <ChatSidebar selectedId={conversationId} onSelect={selectConversation} onNewChat={startNewChat} onCleared={startNewChat} />
        <section className="chat-main" aria-label="Chat with Amia">
          <MessageList messages={chat.messages} isAwaitingReply={isAwaitingReply(chat)} isOpening={chat.isOpening} />
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
