import { describe, expect, it } from "vitest";
import { containsPattern } from "./search-pattern.ts";

describe("a search pattern", () => {
  it("leaves plain words alone", () => {
    expect(containsPattern("egg whites")).toBe("egg whites");
  });

  it("makes every regular-expression character literal", () => {
    const text = "1/2 cup (dry) + [salt]? ^a.b*c$ {2} x|y \\";
    const pattern = new RegExp(containsPattern(text), "i");
    expect(pattern.test(`Take ${text.toUpperCase()} now`)).toBe(true);
    expect(new RegExp(containsPattern(".*"), "i").test("anything")).toBe(false);
    expect(new RegExp(containsPattern("a.b"), "i").test("axb")).toBe(false);
  });
});
