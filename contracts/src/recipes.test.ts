import { describe, expect, it } from "vitest";
import {
  ZCreateRecipeBodySchema,
  ZCreateRecipeIngredientBodySchema,
  ZSearchRecipesQuerySchema,
  ZUpdateRecipeBodySchema,
  ZUpdateRecipeIngredientBodySchema,
  validationErrorBody,
} from "./index.ts";

const problems = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } | undefined }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("a new recipe", () => {
  it("needs only a title, filling the rest with nulls and empty lists", () => {
    expect(ZCreateRecipeBodySchema.parse({ title: "  Pancakes " })).toEqual({
      title: "Pancakes",
      description: null,
      servings: null,
      steps: [],
      ingredients: [],
    });
  });

  it("trims texts, reads a blank description or unit as none, and defaults an ingredient's quantity", () => {
    const body = ZCreateRecipeBodySchema.parse({
      title: "Pancakes",
      description: "   ",
      servings: 4,
      steps: [" Mix ", "Fry"],
      ingredients: [{ name: " Flour ", quantity: 200, unit: " g " }, { name: "Salt", unit: "" }],
    });
    expect(body).toMatchObject({ description: null, steps: ["Mix", "Fry"] });
    expect(body.ingredients).toEqual([
      { name: "Flour", quantity: 200, unit: "g" },
      { name: "Salt", quantity: null, unit: null },
    ]);
  });

  it("refuses out-of-bounds values, naming each field", () => {
    const result = ZCreateRecipeBodySchema.safeParse({
      title: "",
      servings: 2.5,
      steps: ["ok", ""],
      ingredients: [{ name: "Flour", quantity: 0, unit: "x".repeat(33) }],
    });
    expect(problems(result)).toEqual([
      ["title", "title must be 1 to 200 characters"],
      ["servings", "servings must be an integer from 1 to 100, or null"],
      ["steps.1", "each step must be 1 to 2000 characters"],
      ["ingredients.0.quantity", "quantity must be a number greater than 0, or null"],
      ["ingredients.0.unit", "unit must be at most 32 characters"],
    ]);
    expect(problems(ZCreateRecipeBodySchema.safeParse({}))).toEqual([["title", "title is required"]]);
    expect(problems(ZCreateRecipeBodySchema.safeParse({ title: "x", servings: 101 }))?.[0]?.[0]).toBe("servings");
  });

  it("holds at most 100 ingredients and 100 steps", () => {
    const many = (count: number) => Array.from({ length: count }, (_, index) => ({ name: `item ${index}` }));
    expect(ZCreateRecipeBodySchema.safeParse({ title: "x", ingredients: many(100) }).success).toBe(true);
    expect(problems(ZCreateRecipeBodySchema.safeParse({ title: "x", ingredients: many(101) }))).toEqual([
      ["ingredients", "ingredients must hold at most 100 items"],
    ]);
    expect(problems(ZCreateRecipeBodySchema.safeParse({ title: "x", steps: Array(101).fill("stir") }))).toEqual([
      ["steps", "steps must hold at most 100 steps"],
    ]);
  });
});

describe("changing a recipe", () => {
  it("takes only the changed fields, with null clearing an optional one", () => {
    expect(ZUpdateRecipeBodySchema.parse({ servings: null, description: "" })).toEqual({ servings: null, description: null });
    expect(ZUpdateRecipeBodySchema.parse({ steps: [] })).toEqual({ steps: [] });
  });

  it("refuses an empty body, a null title, and ingredients (they have their own routes)", () => {
    expect(problems(ZUpdateRecipeBodySchema.safeParse({}))).toEqual([["", "Nothing to update: send at least one field to change"]]);
    expect(problems(ZUpdateRecipeBodySchema.safeParse({ title: null }))).toEqual([["title", "title must be a string"]]);
    const withIngredients = ZUpdateRecipeBodySchema.safeParse({ title: "x", ingredients: [] });
    expect(withIngredients.error && validationErrorBody(withIngredients.error).message).toBe(
      "ingredients cannot be changed here (ingredients have their own routes)",
    );
  });

  it("changes an ingredient's fields, refusing a zero quantity and an empty body", () => {
    expect(ZUpdateRecipeIngredientBodySchema.parse({ quantity: null, unit: " cup " })).toEqual({ quantity: null, unit: "cup" });
    expect(problems(ZUpdateRecipeIngredientBodySchema.safeParse({ quantity: -1 }))).toEqual([
      ["quantity", "quantity must be a number greater than 0, or null"],
    ]);
    expect(ZUpdateRecipeIngredientBodySchema.safeParse({}).success).toBe(false);
    expect(ZCreateRecipeIngredientBodySchema.safeParse({ quantity: 1 }).success).toBe(false);
  });
});

describe("a recipe search", () => {
  it("needs a non-blank q and pages like a list", () => {
    expect(ZSearchRecipesQuerySchema.parse({ q: " egg " })).toEqual({ q: "egg", skip: 0, take: 10 });
    expect(problems(ZSearchRecipesQuerySchema.safeParse({ q: "  " }))).toEqual([["q", "q must be 1 to 200 characters"]]);
    expect(problems(ZSearchRecipesQuerySchema.safeParse({}))).toEqual([["q", "q is required"]]);
  });
});
