import { describe, expect, it } from "vitest";
import { isSendKey } from "./send-key.ts";

describe("isSendKey (chat inputs)", () => {
  it("sends on Enter, not on Shift+Enter, other keys, or Enter ending an IME composition", () => {
    expect(isSendKey({ key: "Enter", shiftKey: false })).toBe(true);
    expect(isSendKey({ key: "Enter", shiftKey: true })).toBe(false);
    expect(isSendKey({ key: "Enter", shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: "a", shiftKey: false, isComposing: false })).toBe(false);
  });
});
