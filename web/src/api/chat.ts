import type { TChatRequest, TChatResponse, TChatStreamEvent } from "@amia/contracts";
import { api, ApiError, send } from "./client.ts";

const CHAT_PATH = "/api/v1/agent/commands/chat";

/**
 * Streams the assistant's reply (SPEC.md section 7, "Chat"): server-sent events, each `data:`
 * one JSON event; `onDelta` gets each piece of text as it arrives. Resolves when the stream
 * ends; rejects with the stream's error, "HTTP Error: {status}" or "No response body".
 */
export async function streamChat(request: TChatRequest, onDelta: (text: string) => void, signal?: AbortSignal): Promise<void> {
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
    for (const event of parser.push(value)) {
      if (event.type === "delta") onDelta(event.content);
      else if (event.type === "error") throw new ApiError(502, event.message, event.code);
      else return;
    }
  }
}

/** The non-streaming variant: the whole reply at once. */
export async function chatOnce(request: TChatRequest, signal?: AbortSignal): Promise<string> {
  return (await api<TChatResponse>(CHAT_PATH, { method: "POST", body: request, signal })).content;
}

/** Splits a text/event-stream into its `data:` payloads, however the network chunks it. */
export function createSseParser() {
  let buffer = "";
  return {
    push(text: string): TChatStreamEvent[] {
      buffer += text.replace(/\r\n?/g, "\n");
      const events: TChatStreamEvent[] = [];
      let boundary = buffer.indexOf("\n\n");
      while (boundary !== -1) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        const data = block
          .split("\n")
          .filter((line) => line.startsWith("data:"))
          .map((line) => line.slice(5).replace(/^ /, ""))
          .join("\n");
        if (data) events.push(JSON.parse(data) as TChatStreamEvent);
        boundary = buffer.indexOf("\n\n");
      }
      return events;
    },
  };
}
