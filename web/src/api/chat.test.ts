import { describe, expect, it } from "vitest";
import { createSseParser } from "./chat.ts";

describe("chat stream parsing", () => {
  it("yields each data payload once it is complete, however the bytes are split", () => {
    const parser = createSseParser();
    expect(parser.push('data: {"type":"delta","content":"Hel')).toEqual([]);
    expect(parser.push('lo"}\n\ndata: {"type":"delta","content":" **there**"}\n')).toEqual([{ type: "delta", content: "Hello" }]);
    expect(parser.push('\n: heartbeat\n\ndata: {"type":"done"}\r\n\r\n')).toEqual([{ type: "delta", content: " **there**" }, { type: "done" }]);
  });

  it("ignores comments and fields other than data", () => {
    const parser = createSseParser();
    expect(parser.push(': connected\n\nid: 3\nevent: message\ndata: {"type":"error","message":"Failed","code":"upstream"}\n\n')).toEqual([
      { type: "error", message: "Failed", code: "upstream" },
    ]);
  });
});
