import {
  ZChatStreamEventSchema,
  type TAssistantResult,
  type TChatRequest,
  type TChatResponse,
  type TChatStreamEvent,
  type TProposal,
} from "@amia/contracts";
import { api, ApiError, send } from "./client.ts";

const CHAT_PATH = "/api/v1/agent/commands/chat";

/** What a streamed reply hands over, part by part, in the order the server sent them. */
export interface ChatStreamHandlers {
  /** First: the stored conversation this turn belongs to (a new one when none was named). */
  onConversation?: (conversationId: string, title: string) => void;
  /** A piece of text, to append to what came before. */
  onText: (text: string) => void;
  /** A proposal card: what the assistant would write if the person confirms. */
  onProposal?: (proposal: TProposal) => void;
  /** A structured answer to a question (events listed, free time found). */
  onResult?: (result: TAssistantResult) => void;
}

/**
 * Streams the assistant's reply (SPEC.md section 7, "Chat"; contracts/src/assistant.ts):
 * server-sent events, each `data:` one ZChatStreamEventSchema part, handed to `handlers` as it
 * arrives. Resolves on `done` or when the stream ends; rejects with the stream's error,
 * "HTTP Error: {status}" or "No response body".
 */
export async function streamChat(request: TChatRequest, handlers: ChatStreamHandlers, signal?: AbortSignal): Promise<void> {
  const response = await send(CHAT_PATH, {
    method: "POST",
    body: request,
    signal,
    headers: { accept: "text/event-stream", "cache-control": "no-cache" },
  });
  if (!response.body) throw new ApiError(response.status, "No response body");
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (const payload of parser.push(value)) {
      const event = toStreamEvent(payload);
      if (event === null) continue;
      if (dispatchStreamEvent(event, handlers) === "finished") {
        await reader.cancel().catch(() => undefined);
        return;
      }
    }
  }
}

/**
 * Hands one part to its handler. "finished" for `done`; an `error` part throws an ApiError
 * carrying its code (the chat shows words for it, not the server's text).
 */
export function dispatchStreamEvent(event: TChatStreamEvent, handlers: ChatStreamHandlers): "more" | "finished" {
  switch (event.type) {
    case "conversation":
      handlers.onConversation?.(event.conversation_id, event.title);
      return "more";
    case "text":
      handlers.onText(event.content);
      return "more";
    case "proposal":
      handlers.onProposal?.(event.proposal);
      return "more";
    case "result":
      handlers.onResult?.(event.result);
      return "more";
    case "done":
      return "finished";
    case "error":
      throw new ApiError(502, event.message, event.code);
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/**
 * A `data:` payload as a typed part, or null for one this app does not know (a newer server's
 * part, or a malformed one): the reply goes on without it rather than failing as a whole.
 */
export function toStreamEvent(payload: unknown): TChatStreamEvent | null {
  const parsed = ZChatStreamEventSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/** The non-streaming variant: the whole reply's text at once. */
export async function chatOnce(request: TChatRequest, signal?: AbortSignal): Promise<string> {
  return (await api<TChatResponse>(CHAT_PATH, { method: "POST", body: request, signal })).content;
}

/** Splits a text/event-stream into its `data:` payloads (parsed JSON), however the network chunks it. */
export function createSseParser() {
  let buffer = "";
  return {
    push(text: string): unknown[] {
      buffer += text.replace(/\r\n?/g, "\n");
      const payloads: unknown[] = [];
      let boundary = buffer.indexOf("\n\n");
      while (boundary !== -1) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        const data = block
          .split("\n")
          .filter((line) => line.startsWith("data:"))
          .map((line) => line.slice(5).replace(/^ /, ""))
          .join("\n");
        if (data) {
          try {
            payloads.push(JSON.parse(data));
          } catch {
            // Not JSON: not one of our parts (toStreamEvent would drop it anyway).
          }
        }
        boundary = buffer.indexOf("\n\n");
      }
      return payloads;
    },
  };
}
