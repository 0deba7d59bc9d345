import { describe, expect, it } from "vitest";
import type { TRecipeIngredient } from "@amia/contracts";
import { withIngredientChanged, withIngredientRemoved } from "./ingredient-list.ts";

const flour: TRecipeIngredient = { id: "i-1", name: "Flour", quantity: 200, unit: "g" };
const eggs: TRecipeIngredient = { id: "i-2", name: "Eggs", quantity: 2, unit: null };
const salt: TRecipeIngredient = { id: "i-3", name: "Salt", quantity: null, unit: "pinch" };

describe("a recipe's ingredient list", () => {
  it("changes only the fields sent, in place, with null clearing one", () => {
    const result = withIngredientChanged([flour, eggs, salt], "i-2", { quantity: 3, unit: null });
    expect(result).toEqual({ ok: true, ingredients: [flour, { ...eggs, quantity: 3 }, salt], value: { ...eggs, quantity: 3 } });
    expect(withIngredientChanged([flour], "i-1", { name: "Rye flour", quantity: null })).toMatchObject({
      value: { id: "i-1", name: "Rye flour", quantity: null, unit: "g" },
    });
  });

  it("removes one ingredient and keeps the order of the rest", () => {
    expect(withIngredientRemoved([flour, eggs, salt], "i-2")).toEqual({ ok: true, ingredients: [flour, salt], value: null });
  });

  it("says when the ingredient is not in the list", () => {
    expect(withIngredientChanged([flour], "i-9", { name: "x" })).toEqual({ ok: false, reason: "ingredient_not_found" });
    expect(withIngredientRemoved([flour], "i-9")).toEqual({ ok: false, reason: "ingredient_not_found" });
  });
});
