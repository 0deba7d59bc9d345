import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";

/*
 * A local OpenAI-compatible server: POST /v1/chat/completions in OpenAI's wire format (a JSON
 * `chat.completion`, or with `stream: true` server-sent `chat.completion.chunk`s ending in
 * `data: [DONE]`, tool_calls deltas and the final usage chunk included) and GET /v1/models. No
 * LLM API is reachable from our machines (DESIGN.md), so tests script the model's turns here and
 * the production `openai` client runs unchanged against it (`baseURL`).
 */

export interface ScriptedToolCall {
  name: string;
  /** The JSON arguments the model "chose"; sent in a few pieces, as a real model does. */
  arguments: Record<string, unknown>;
  id?: string;
}

/** One answer of the model: text (streamed in `chunks` pieces) or tool calls. */
export type ScriptedTurn =
  | { text: string; chunks?: number; delayMs?: number; usage?: { prompt_tokens: number; completion_tokens: number } }
  | { toolCalls: ScriptedToolCall[]; delayMs?: number; usage?: { prompt_tokens: number; completion_tokens: number } };

export interface OpenAiStandIn {
  /** Base URL for the `openai` client, e.g. http://127.0.0.1:1234/v1 */
  url: string;
  /** Queues turns; each chat-completions request takes the next (the last text repeats when empty). */
  script: (turns: ScriptedTurn[]) => void;
  /** Every chat-completions request body received, oldest first. */
  requests: () => Array<Record<string, unknown>>;
  close: () => Promise<void>;
}

export const DEFAULT_TURN: ScriptedTurn = { text: "Hello from the stand-in model.", chunks: 3 };

/** Splits text into n nearly equal pieces (at least one character each). */
export function splitText(text: string, n: number): string[] {
  const count = Math.max(1, Math.min(n, text.length));
  const size = Math.ceil(text.length / count);
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
  return pieces.length > 0 ? pieces : [""];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function usageOf(turn: ScriptedTurn, request: Record<string, unknown>) {
  const promptTokens = turn.usage?.prompt_tokens ?? Math.max(1, Math.ceil(JSON.stringify(request.messages ?? []).length / 4));
  const completionTokens =
    turn.usage?.completion_tokens ?? Math.max(1, Math.ceil(("text" in turn ? turn.text : JSON.stringify(turn.toolCalls)).length / 4));
  return { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
}

export function createStandInApp(next: (request: Record<string, unknown>) => ScriptedTurn): Hono {
  const app = new Hono();
  let sequence = 0;

  app.get("/v1/models", (c) =>
    c.json({ object: "list", data: [{ id: "gpt-4o-mini", object: "model", created: 1_700_000_000, owned_by: "amia-stand-in" }] }),
  );

  app.post("/v1/chat/completions", async (c) => {
    const request = (await c.req.json()) as Record<string, unknown>;
    const turn = next(request);
    const id = `chatcmpl-${++sequence}`;
    const created = Math.floor(Date.now() / 1000);
    const model = typeof request.model === "string" ? request.model : "gpt-4o-mini";
    const usage = usageOf(turn, request);
    const toolCalls =
      "toolCalls" in turn
        ? turn.toolCalls.map((call, index) => ({ index, id: call.id ?? `call_${sequence}_${index}`, name: call.name, args: JSON.stringify(call.arguments) }))
        : [];
    const finishReason = "toolCalls" in turn ? "tool_calls" : "stop";

    if (request.stream !== true) {
      await sleep(turn.delayMs ?? 0);
      const message =
        "text" in turn
          ? { role: "assistant", content: turn.text, refusal: null }
          : { role: "assistant", content: null, tool_calls: toolCalls.map((call) => ({ id: call.id, type: "function", function: { name: call.name, arguments: call.args } })) };
      return c.json({ id, object: "chat.completion", created, model, choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }], usage });
    }

    const includeUsage = (request.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
    return streamSSE(c, async (stream) => {
      const chunk = (delta: Record<string, unknown>, finish: string | null) =>
        stream.writeSSE({ data: JSON.stringify({ id, object: "chat.completion.chunk", created, model, system_fingerprint: null, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] }) });
      await chunk({ role: "assistant", content: "" }, null);
      if ("text" in turn) {
        for (const piece of splitText(turn.text, turn.chunks ?? 3)) {
          if (turn.delayMs) await sleep(turn.delayMs);
          await chunk({ content: piece }, null);
        }
      } else {
        for (const call of toolCalls) {
          if (turn.delayMs) await sleep(turn.delayMs);
          await chunk({ tool_calls: [{ index: call.index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] }, null);
          for (const piece of splitText(call.args, 3)) await chunk({ tool_calls: [{ index: call.index, function: { arguments: piece } }] }, null);
        }
      }
      await chunk({}, finishReason);
      if (includeUsage) {
        await stream.writeSSE({ data: JSON.stringify({ id, object: "chat.completion.chunk", created, model, system_fingerprint: null, choices: [], usage }) });
      }
      await stream.writeSSE({ data: "[DONE]" });
    });
  });
  return app;
}

export async function createOpenAiStandIn(options: { port?: number; host?: string } = {}): Promise<OpenAiStandIn> {
  const queue: ScriptedTurn[] = [];
  const received: Array<Record<string, unknown>> = [];
  const app = createStandInApp((request) => {
    received.push(request);
    return queue.shift() ?? DEFAULT_TURN;
  });
  const host = options.host ?? "127.0.0.1";
  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, () => resolve(started as Server));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/v1`,
    script: (turns) => void queue.push(...turns),
    requests: () => [...received],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
