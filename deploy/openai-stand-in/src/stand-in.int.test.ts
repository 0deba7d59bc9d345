import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiStandIn, splitText, type OpenAiStandIn } from "./stand-in.ts";

// The real `openai` client against the stand-in: if the wire format were off, the SDK would say.
let standIn: OpenAiStandIn;
let client: OpenAI;
beforeAll(async () => {
  standIn = await createOpenAiStandIn({ port: 0 });
  client = new OpenAI({ baseURL: standIn.url, apiKey: "test", maxRetries: 0 });
});
afterAll(() => standIn.close());

describe("the OpenAI stand-in, read by the openai SDK", () => {
  it("streams text in the scripted number of chunks, then the usage chunk, then [DONE]", async () => {
    standIn.script([{ text: "Hello there, Ana!", chunks: 4, usage: { prompt_tokens: 12, completion_tokens: 5 } }]);
    const stream = await client.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }], stream: true, stream_options: { include_usage: true } });
    const pieces: string[] = [];
    let usage: OpenAI.CompletionUsage | undefined;
    let finish: string | null = null;
    for await (const chunk of stream) {
      expect(chunk.object).toBe("chat.completion.chunk");
      if (chunk.usage) usage = chunk.usage;
      const choice = chunk.choices[0];
      if (choice?.delta.content) pieces.push(choice.delta.content);
      if (choice?.finish_reason) finish = choice.finish_reason;
    }
    expect(pieces).toEqual(["Hello", " ther", "e, An", "a!"]);
    expect(pieces.join("")).toBe("Hello there, Ana!");
    expect(pieces.length).toBeGreaterThanOrEqual(4);
    expect(finish).toBe("stop");
    expect(usage).toEqual({ prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 });
  });

  it("streams tool calls as index/id/name/argument-piece deltas the SDK's helper reassembles", async () => {
    standIn.script([{ toolCalls: [{ name: "list_my_relationships", arguments: {} }, { name: "get_event_request", arguments: { id: "abc" } }] }]);
    const runner = client.chat.completions.stream({ model: "gpt-4o-mini", messages: [{ role: "user", content: "who?" }], tools: [] });
    const final = await runner.finalChatCompletion();
    const calls = final.choices[0]!.message.tool_calls!;
    expect(final.choices[0]!.finish_reason).toBe("tool_calls");
    expect(calls.map((call) => call.type === "function" && [call.function.name, JSON.parse(call.function.arguments)])).toEqual([
      ["list_my_relationships", {}],
      ["get_event_request", { id: "abc" }],
    ]);
  });

  it("answers non-streaming requests with a chat.completion, records requests, lists models", async () => {
    standIn.script([{ text: '{"title":"Lunch"}' }]);
    const completion = await client.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: "lunch" }] });
    expect(completion.object).toBe("chat.completion");
    expect(completion.choices[0]!.message.content).toBe('{"title":"Lunch"}');
    expect(completion.usage!.total_tokens).toBeGreaterThan(0);
    expect(standIn.requests().at(-1)).toMatchObject({ model: "gpt-4o-mini", messages: [{ role: "user", content: "lunch" }] });
    expect((await client.models.list()).data.map((model) => model.id)).toContain("gpt-4o-mini");
  });

  it("splits text into nearly equal pieces", () => {
    expect(splitText("abcdef", 3)).toEqual(["ab", "cd", "ef"]);
    expect(splitText("ab", 5)).toEqual(["a", "b"]);
  });
});
