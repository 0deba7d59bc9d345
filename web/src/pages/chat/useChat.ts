import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { fetchConversation, seedProposals } from "../../api/assistant.ts";
import { streamChat } from "../../api/chat.ts";
import { ApiError } from "../../api/client.ts";
import { keys } from "../../api/keys.ts";
import { ASSISTANT_MESSAGES, chatErrorMessage } from "../../lib/errors.ts";
import {
  buildChatRequest,
  chatReducer,
  fromStoredMessages,
  initialChatState,
  messageToSend,
  userMessage,
  type ChatMessage,
  type ChatState,
  type MessagePart,
} from "./chat-state.ts";

export interface UseChat extends ChatState {
  /** Sends the trimmed text and streams the reply; blank text, or a send while busy, does nothing. */
  send: (text: string) => Promise<void>;
  dismissError: () => void;
  /** Stops a reply in flight and starts a new, empty conversation. */
  clear: () => void;
  /** Stops a reply in flight and shows a stored conversation (from the history). */
  open: (conversationId: string) => Promise<void>;
}

export interface UseChatOptions {
  /** Told when a reply names the stored conversation it started (to put it in the URL). */
  onConversationStarted?: (conversationId: string) => void;
}

/** The chat state machine of SPEC.md section 4, "Chat" (the rules live in chat-state.ts). */
export function useChat({ onConversationStarted }: UseChatOptions = {}): UseChat {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(chatReducer, initialChatState);

  // The conversation as last rendered, read by send() to build the request; the id is also set
  // at once by the stream and open(), so a send or a URL check right after sees it.
  const messagesRef = useRef<ChatMessage[]>(state.messages);
  const conversationIdRef = useRef<string | null>(state.conversationId);
  useLayoutEffect(() => {
    messagesRef.current = state.messages;
    conversationIdRef.current = state.conversationId;
  }, [state.messages, state.conversationId]);

  const onStartedRef = useRef(onConversationStarted);
  useLayoutEffect(() => {
    onStartedRef.current = onConversationStarted;
  }, [onConversationStarted]);

  const controllerRef = useRef<AbortController | null>(null);
  const isBusyRef = useRef(false);
  /** Bumped by every open() and clear(): an older open's answer is then ignored. */
  const openSeqRef = useRef(0);

  // Abort the stream on unmount. The check is deferred so React StrictMode's simulated
  // unmount-and-remount does not abort a reply that a mount effect (?message=) just started.
  const isMountedRef = useRef(false);
  useEffect(() => {
    isMountedRef.current = true;
    return () => {
      isMountedRef.current = false;
      setTimeout(() => {
        if (!isMountedRef.current) controllerRef.current?.abort();
      }, 0);
    };
  }, []);

  const send = useCallback(
    async (text: string) => {
      const content = messageToSend(text);
      if (content === null || isBusyRef.current) return;
      isBusyRef.current = true;

      const now = new Date();
      const message = userMessage(content, now.toISOString());
      const conversation = [...messagesRef.current, message];
      messagesRef.current = conversation;
      dispatch({ type: "sent", message });

      const controller = new AbortController();
      controllerRef.current = controller;
      const receive = (part: MessagePart) => {
        if (!controller.signal.aborted) dispatch({ type: "part-received", part, timestamp: new Date().toISOString() });
      };
      try {
        await streamChat(
          buildChatRequest(conversation, now, { conversationId: conversationIdRef.current }),
          {
            onConversation: (conversationId) => {
              if (controller.signal.aborted || conversationIdRef.current === conversationId) return;
              conversationIdRef.current = conversationId;
              dispatch({ type: "conversation-started", conversationId });
              onStartedRef.current?.(conversationId);
            },
            onText: (content) => receive({ type: "text", content }),
            onProposal: (proposal) => {
              seedProposals(queryClient, [proposal]);
              receive({ type: "proposal", proposal });
            },
            onResult: (result) => receive({ type: "result", result }),
          },
          controller.signal,
        );
        if (!controller.signal.aborted) dispatch({ type: "stream-ended" });
      } catch (error) {
        // An abort comes from clear(), open() or unmount, which already left the state as it should be.
        if (!controller.signal.aborted) dispatch({ type: "stream-failed", error: chatErrorMessage(error) });
      } finally {
        // clear() may already have let a newer send start: only the current send resets these.
        if (controllerRef.current === controller) {
          controllerRef.current = null;
          isBusyRef.current = false;
        }
        // Each send may have cost something: reload the sidebar's monthly cost; and the turn
        // moved (or created) its conversation in the history.
        void queryClient.invalidateQueries({ queryKey: keys.aiUsage });
        void queryClient.invalidateQueries({ queryKey: keys.conversations });
      }
    },
    [queryClient],
  );

  const dismissError = useCallback(() => dispatch({ type: "error-dismissed" }), []);

  const stop = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    isBusyRef.current = false;
    openSeqRef.current += 1;
  }, []);

  const clear = useCallback(() => {
    stop();
    messagesRef.current = [];
    conversationIdRef.current = null;
    dispatch({ type: "cleared" });
  }, [stop]);

  const open = useCallback(
    async (conversationId: string) => {
      stop();
      const seq = openSeqRef.current;
      messagesRef.current = [];
      conversationIdRef.current = conversationId;
      dispatch({ type: "conversation-opening", conversationId });
      try {
        const conversation = await fetchConversation(queryClient, conversationId);
        if (seq !== openSeqRef.current) return;
        const messages = fromStoredMessages(conversation.messages);
        messagesRef.current = messages;
        dispatch({ type: "conversation-opened", conversationId, messages });
      } catch (error) {
        if (seq !== openSeqRef.current) return;
        conversationIdRef.current = null;
        const gone = error instanceof ApiError && error.status === 404;
        dispatch({ type: "conversation-failed", error: gone ? ASSISTANT_MESSAGES.conversationGone : ASSISTANT_MESSAGES.openConversation });
      }
    },
    [queryClient, stop],
  );

  return { ...state, send, dismissError, clear, open };
}
