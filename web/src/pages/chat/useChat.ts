import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { streamChat } from "../../api/chat.ts";
import { keys } from "../../api/keys.ts";
import {
  buildChatRequest,
  chatErrorMessage,
  chatReducer,
  initialChatState,
  messageToSend,
  type ChatMessage,
  type ChatState,
} from "./chat-state.ts";

export interface UseChat extends ChatState {
  /** Sends the trimmed text and streams the reply; blank text, or a send while busy, does nothing. */
  send: (text: string) => Promise<void>;
  dismissError: () => void;
  /** Stops a reply in flight and empties the conversation. */
  clear: () => void;
}

/** The chat state machine of SPEC.md section 4, "Chat" (the rules live in chat-state.ts). */
export function useChat(): UseChat {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(chatReducer, initialChatState);

  // The conversation as last rendered, read by send() to build the request.
  const messagesRef = useRef<ChatMessage[]>(state.messages);
  useLayoutEffect(() => {
    messagesRef.current = state.messages;
  }, [state.messages]);

  const controllerRef = useRef<AbortController | null>(null);
  const isBusyRef = useRef(false);

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
      const message: ChatMessage = { role: "user", content, timestamp: now.toISOString() };
      const conversation = [...messagesRef.current, message];
      messagesRef.current = conversation;
      dispatch({ type: "sent", message });

      const controller = new AbortController();
      controllerRef.current = controller;
      try {
        await streamChat(
          buildChatRequest(conversation, now),
          (delta) => {
            if (!controller.signal.aborted) {
              dispatch({ type: "chunk-received", text: delta, timestamp: new Date().toISOString() });
            }
          },
          controller.signal,
        );
        if (!controller.signal.aborted) dispatch({ type: "stream-ended" });
      } catch (error) {
        // An abort comes from clear() or unmount, which already left the state as it should be.
        if (!controller.signal.aborted) dispatch({ type: "stream-failed", error: chatErrorMessage(error) });
      } finally {
        // clear() may already have let a newer send start: only the current send resets these.
        if (controllerRef.current === controller) {
          controllerRef.current = null;
          isBusyRef.current = false;
        }
        // Each send may have cost something: reload the sidebar's monthly cost.
        void queryClient.invalidateQueries({ queryKey: keys.aiUsage });
      }
    },
    [queryClient],
  );

  const dismissError = useCallback(() => dispatch({ type: "error-dismissed" }), []);

  const clear = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    isBusyRef.current = false;
    messagesRef.current = [];
    dispatch({ type: "cleared" });
  }, []);

  return { ...state, send, dismissError, clear };
}
