import { describe, expect, it, vi } from "vitest";
import type { TChatStreamEvent } from "@amia/contracts";
import { aProposal, anEventsResult } from "../pages/chat/chat-fixtures.ts";
import { ApiError } from "./client.ts";
import { createSseParser, dispatchStreamEvent, toStreamEvent, type ChatStreamHandlers } from "./chat.ts";

describe("chat stream parsing", () => {
  it("yields each data payload once it is complete, however the bytes are split", () => {
    const parser = createSseParser();
    expect(parser.push('data: {"type":"text","content":"Hel')).toEqual([]);
    expect(parser.push('lo"}\n\ndata: {"type":"text","content":" **there**"}\n')).toEqual([{ type: "text", content: "Hello" }]);
    expect(parser.push('\n: heartbeat\n\ndata: {"type":"done"}\r\n\r\n')).toEqual([{ type: "text", content: " **there**" }, { type: "done" }]);
  });

  it("ignores comments, fields other than data, and payloads that are not JSON", () => {
    const parser = createSseParser();
    expect(parser.push(': connected\n\nid: 3\nevent: message\ndata: {"type":"error","message":"Failed","code":"upstream"}\n\ndata: oops\n\n')).toEqual([
      { type: "error", message: "Failed", code: "upstream" },
    ]);
  });
});

describe("toStreamEvent", () => {
  it("accepts every part of the contract", () => {
    const parts: TChatStreamEvent[] = [
      { type: "conversation", conversation_id: "c1", title: "Lunch with Bruno" },
      { type: "text", content: "Here is a draft." },
      { type: "proposal", proposal: aProposal() },
      { type: "result", result: anEventsResult() },
      { type: "done" },
      { type: "error", message: "Failed", code: "upstream_unavailable" },
    ];
    for (const part of parts) expect(toStreamEvent(JSON.parse(JSON.stringify(part)))).toEqual(part);
  });

  it("drops the old delta part, unknown parts and malformed cards", () => {
    expect(toStreamEvent({ type: "delta", content: "x" })).toBeNull();
    expect(toStreamEvent({ type: "proposal", proposal: { id: "p1" } })).toBeNull();
    expect(toStreamEvent("done")).toBeNull();
  });
});

describe("dispatchStreamEvent", () => {
  const handlers = (): Required<ChatStreamHandlers> => ({ onConversation: vi.fn(), onText: vi.fn(), onProposal: vi.fn(), onResult: vi.fn() });

  it("hands each part to its handler, in order, and finishes on done", () => {
    const h = handlers();
    const proposal = aProposal();
    const result = anEventsResult();
    const outcomes = (
      [
        { type: "conversation", conversation_id: "c1", title: "Lunch" },
        { type: "text", content: "Hi" },
        { type: "proposal", proposal },
        { type: "result", result },
        { type: "done" },
      ] satisfies TChatStreamEvent[]
    ).map((event) => dispatchStreamEvent(event, h));
    expect(outcomes).toEqual(["more", "more", "more", "more", "finished"]);
    expect(h.onConversation).toHaveBeenCalledWith("c1", "Lunch");
    expect(h.onText).toHaveBeenCalledWith("Hi");
    expect(h.onProposal).toHaveBeenCalledWith(proposal);
    expect(h.onResult).toHaveBeenCalledWith(result);
  });

  it("throws an error part as an ApiError carrying its code", () => {
    const thrown = (() => {
      try {
        dispatchStreamEvent({ type: "error", message: "The assistant could not answer", code: "upstream_unavailable" }, handlers());
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).code).toBe("upstream_unavailable");
  });
});
