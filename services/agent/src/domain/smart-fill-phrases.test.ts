import { describe, expect, it } from "vitest";
import { REPORTED_DEFECTS, SMART_FILL_PHRASES } from "./smart-fill-phrases.ts";
import { fillOf, scorePhrases } from "./smart-fill-score.ts";

describe("the smart-fill phrase set (offline parser)", () => {
  it("has at least 150 varied phrases, some in another zone", () => {
    expect(SMART_FILL_PHRASES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(SMART_FILL_PHRASES.map((phrase) => phrase.phrase)).size).toBe(SMART_FILL_PHRASES.length);
    expect(SMART_FILL_PHRASES.filter((phrase) => phrase.zone === "la").length).toBeGreaterThanOrEqual(10);
  });

  it("parses at least 97% of them exactly", () => {
    const score = scorePhrases(SMART_FILL_PHRASES);
    expect(score.share, JSON.stringify(score.misses, null, 2)).toBeGreaterThanOrEqual(0.97);
  });

  it.each(REPORTED_DEFECTS)("parses the reported %s exactly", (text) => {
    const phrase = SMART_FILL_PHRASES.find((candidate) => candidate.phrase === text)!;
    expect(fillOf(phrase)).toEqual(phrase.expected);
  });

  it("holds at least 20 repeating phrases, and the issue's own are exact (issue 16)", () => {
    expect(SMART_FILL_PHRASES.filter((phrase) => phrase.expected.recurrence !== undefined).length).toBeGreaterThanOrEqual(20);
    for (const text of ["Standup every weekday at 10", "Yoga every other Tuesday at 7pm", "Rent review every month on the 1st", "Daily standup at 9:15", "Team sync weekly on Mon and Wed at 14:00", "Team lunch every Friday until Christmas"]) {
      const phrase = SMART_FILL_PHRASES.find((candidate) => candidate.phrase === text)!;
      expect(fillOf(phrase), text).toEqual(phrase.expected);
    }
  });
});
