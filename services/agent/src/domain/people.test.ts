import { describe, expect, it } from "vitest";
import { foldName, resolveName } from "./people.ts";

const bruno = { user_id: "u-bruno", full_name: "Bruno Costa", email: "bruno@example.com" };
const brunoM = { user_id: "u-bruno-m", full_name: "Bruno Martins", email: "bm@example.com" };
const carla = { user_id: "u-carla", full_name: "Carla Sá", email: "carla.sa@example.com" };
const noName = { user_id: "u-x", full_name: null, email: "xavier@example.com" };

describe("resolveName", () => {
  it("finds a connection by first name when only one has it", () => {
    expect(resolveName("Bruno", [bruno, carla])).toEqual({ kind: "found", name: "Bruno", person: bruno });
  });

  it("finds by full name, by surname, ignoring case and accents", () => {
    expect(resolveName("bruno costa", [bruno, brunoM])).toMatchObject({ kind: "found", person: bruno });
    expect(resolveName("Carla Sa", [bruno, carla])).toMatchObject({ kind: "found", person: carla });
    expect(resolveName("Martins", [bruno, brunoM])).toMatchObject({ kind: "found", person: brunoM });
  });

  it("finds a connection without a name by the email's local part", () => {
    expect(resolveName("xavier", [noName, bruno])).toMatchObject({ kind: "found", person: noName });
  });

  it("asks rather than guesses when a name fits several connections", () => {
    expect(resolveName("Bruno", [bruno, brunoM, carla])).toEqual({ kind: "ambiguous", name: "Bruno", candidates: [bruno, brunoM] });
  });

  it("says unknown for a name nobody has, and never matches part of a word", () => {
    expect(resolveName("Dora", [bruno, carla])).toEqual({ kind: "unknown", name: "Dora" });
    expect(resolveName("Bru", [bruno])).toEqual({ kind: "unknown", name: "Bru" });
  });

  it("folds names for comparison", () => {
    expect(foldName("  José  Álvares! ")).toBe("jose alvares");
  });
});
