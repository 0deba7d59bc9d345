import { describe, expect, it } from "vitest";
import { firstEnabledIndex, lastEnabledIndex, nextEnabledIndex } from "./menu-navigation.ts";

describe("menu navigation", () => {
  const disabled = [false, true, false, false, true];

  it("finds the first and last enabled items", () => {
    expect(firstEnabledIndex(disabled)).toBe(0);
    expect(lastEnabledIndex(disabled)).toBe(3);
    expect(firstEnabledIndex([true, false])).toBe(1);
  });

  it("skips disabled items when moving down and wraps at the end", () => {
    expect(nextEnabledIndex(disabled, 0, 1)).toBe(2);
    expect(nextEnabledIndex(disabled, 2, 1)).toBe(3);
    expect(nextEnabledIndex(disabled, 3, 1)).toBe(0);
  });

  it("skips disabled items when moving up and wraps at the start", () => {
    expect(nextEnabledIndex(disabled, 2, -1)).toBe(0);
    expect(nextEnabledIndex(disabled, 0, -1)).toBe(3);
  });

  it("starts at the first or last enabled item when nothing is focused", () => {
    expect(nextEnabledIndex(disabled, -1, 1)).toBe(0);
    expect(nextEnabledIndex(disabled, -1, -1)).toBe(3);
  });

  it("gives -1 when no item can take focus", () => {
    expect(nextEnabledIndex([], -1, 1)).toBe(-1);
    expect(nextEnabledIndex([true, true], 0, 1)).toBe(-1);
    expect(firstEnabledIndex([true])).toBe(-1);
    expect(lastEnabledIndex([true])).toBe(-1);
  });

  it("stays on the only enabled item", () => {
    expect(nextEnabledIndex([true, false, true], 1, 1)).toBe(1);
  });
});
