import { describe, expect, it } from "vitest";
import { matchTarget, readChange } from "./targets.ts";

const lunch = { id: "r1", title: "Lunch with Bruno" };
const board = { id: "r2", title: "Board meeting" };
const team = { id: "r3", title: "Team meeting" };

describe("matchTarget", () => {
  it("finds the request whose title the message names", () => {
    expect(matchTarget("lunch with Bruno", [lunch, board])).toEqual({ kind: "found", target: lunch });
    expect(matchTarget("the board meeting", [lunch, board, team])).toEqual({ kind: "found", target: board });
  });

  it("asks when several fit equally, and says none when nothing does", () => {
    expect(matchTarget("the meeting", [lunch, board, team])).toEqual({ kind: "ambiguous", candidates: [board, team] });
    expect(matchTarget("dinner with Carla", [lunch, board])).toEqual({ kind: "none" });
  });
});

describe("readChange", () => {
  it("reads what is to change and the words naming the event", () => {
    expect(readChange("Move lunch with Bruno to 2pm")).toEqual({ kind: "when", subject: "lunch with Bruno", value: "2pm" });
    expect(readChange("Reschedule the board meeting to Thursday at 10")).toEqual({ kind: "when", subject: "the board meeting", value: "Thursday at 10" });
    expect(readChange("Change the location of lunch with Bruno to The Cantina")).toEqual({ kind: "location", subject: "lunch with Bruno", value: "The Cantina" });
    expect(readChange("Rename Team meeting to Weekly sync")).toEqual({ kind: "title", subject: "Team meeting", value: "Weekly sync" });
    expect(readChange("Update the board meeting")).toEqual({ kind: "unclear", subject: "the board meeting" });
  });
});
