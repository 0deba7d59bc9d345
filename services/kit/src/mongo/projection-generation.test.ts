import { describe, expect, it } from "vitest";
import { isReplayed } from "./projection-generation.ts";

describe("which events a projection generation is replaying", () => {
  const generation = { replaysBefore: "2026-03-11T12:00:00.000Z" };

  it("an event from before the generation began is history being replayed", () => {
    expect(isReplayed(generation, "2026-03-11T11:59:59.999Z")).toBe(true);
  });

  it("an event from when it began or later is happening now", () => {
    expect(isReplayed(generation, "2026-03-11T12:00:00.000Z")).toBe(false);
    expect(isReplayed(generation, "2026-03-12T08:00:00.000Z")).toBe(false);
  });

  it("a projection from before generations resumes its old group: nothing it reads is a replay", () => {
    expect(isReplayed({ replaysBefore: null }, "2020-01-01T00:00:00.000Z")).toBe(false);
  });
});
