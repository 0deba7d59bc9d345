import { describe, expect, it } from "vitest";
import { mayAddRecipe } from "./recipe-quota.ts";

describe("recipes per person", () => {
  it("allows one more below the most, and refuses at it with words", () => {
    expect(mayAddRecipe(0, 2)).toEqual({ allowed: true });
    expect(mayAddRecipe(1, 2)).toEqual({ allowed: true });
    expect(mayAddRecipe(2, 2)).toEqual({ allowed: false, message: "You have 2 recipes, the most one person may keep; delete some to add more" });
  });
});
