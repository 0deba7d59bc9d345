import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { Button } from "../../components/Button.tsx";
import { Note } from "../../components/Note.tsx";
import { usePageTitle } from "../usePageTitle.ts";
import { ChatInput } from "./ChatInput.tsx";
import { ChatSidebar } from "./ChatSidebar.tsx";
import { MessageList } from "./MessageList.tsx";
import { isAwaitingReply, messageToSend } from "./chat-state.ts";
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
  const { send, open, clear, conversationId, failedText } = chat;
  const isBusy = chat.loading || chat.isStreaming || chat.isOpening;

  // What is typed lives here: a message whose send failed comes back to the box (not lost), to
  // send again with Retry, or to change first.
  const [draft, setDraft] = useState("");
  useEffect(() => {
    if (failedText !== null) setDraft((current) => (current.trim() === "" ? failedText : current));
  }, [failedText]);
  const sendDraft = useCallback(
    (text: string) => {
      setDraft("");
      void send(text);
    },
    [send],
  );
  const canRetry = failedText !== null && !isBusy && messageToSend(draft) !== null;

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
                <span className="chat-error-text">{chat.error}</span>
                {canRetry && (
                  <Button variant="secondary" size="x-small" className="chat-error-retry" onClick={() => sendDraft(draft)}>
                    Retry
                  </Button>
                )}
              </Note>
            </div>
          )}
          <ChatInput isBusy={isBusy} text={draft} onTextChange={setDraft} onSend={sendDraft} />
        </section>
      </div>
    </div>
  );
}

export default ChatPage;
