import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestHarness, type MountedService, type TestClient, type TestHarness } from "@amia/kit/testing";
import { createRecipesService, recipesService } from "./app.ts";

let harness: TestHarness;
let recipes: MountedService;
let ana: TestClient;
const anaId = randomUUID();

beforeEach(async () => {
  harness = await createTestHarness("recipe-limits");
  recipes = await harness.mount("recipes", recipesService({ maxRecipesPerUser: 2 }));
  ana = recipes.as({ id: anaId });
});
afterEach(() => harness.close());

const big = {
  title: "Feijoada",
  description: "A long story. ".repeat(300),
  servings: 8,
  steps: Array.from({ length: 40 }, (_, i) => `Step ${i + 1}: ${"stir and wait. ".repeat(100)}`),
  ingredients: Array.from({ length: 30 }, (_, i) => ({ name: `Ingredient ${i + 1}`, quantity: i + 1, unit: "g" })),
};

describe("recipe lists and search", () => {
  it("answer summaries, never the bodies; GET by id answers the whole recipe; the counts follow every change", async () => {
    const recipe = (await ana.post("/api/v1/recipes", big)).body.recipe;
    const summary = { id: recipe.id, title: "Feijoada", servings: 8, step_count: 40, ingredient_count: 30, created_at: recipe.created_at, updated_at: recipe.updated_at };

    const listed = await ana.get("/api/v1/recipes");
    const found = await ana.get("/api/v1/recipes/search?q=ingredient%2017");

    expect(listed.body).toEqual({ recipes: [summary], skip: 0, take: 10, total_count: 1 });
    expect(found.body).toEqual({ recipes: [summary], skip: 0, take: 10, total_count: 1 });
    expect(JSON.stringify(listed.body).length).toBeLessThan(400);
    expect((await ana.get(`/api/v1/recipes/${recipe.id}`)).body.recipe).toEqual(recipe);

    await ana.patch(`/api/v1/recipes/${recipe.id}`, { steps: ["Just one"] });
    await ana.post(`/api/v1/recipes/${recipe.id}/ingredients`, { name: "Salt" });
    await ana.delete(`/api/v1/recipes/ingredients/${recipe.ingredients[0].id}`);
    await ana.delete(`/api/v1/recipes/ingredients/${recipe.ingredients[1].id}`);
    expect((await ana.get("/api/v1/recipes")).body.recipes[0]).toMatchObject({ step_count: 1, ingredient_count: 29 });
  });

  it("count the steps and ingredients of recipes stored before the counts existed, from the next start", async () => {
    const at = new Date().toISOString();
    const id = randomUUID();
    await recipes.db.collection("recipes").insertOne({ _id: id as never, owner_id: anaId, title: "Old", description: null, servings: null, steps: ["a", "b"], ingredients: [{ id: randomUUID(), name: "x", quantity: null, unit: null }], created_at: at, updated_at: at, revision: 3 });

    const restarted = await harness.mount("recipes", createRecipesService);

    expect((await restarted.as({ id: anaId }).get("/api/v1/recipes")).body.recipes).toEqual([{ id, title: "Old", servings: null, step_count: 2, ingredient_count: 1, created_at: at, updated_at: at }]);
  });
});

describe("recipes per person", () => {
  it("refuses one past the most a person may keep (409, in words, nothing stored) until one is deleted", async () => {
    const first = (await ana.post("/api/v1/recipes", { title: "One" })).body.recipe;
    expect((await ana.post("/api/v1/recipes", { title: "Two" })).status).toBe(201);

    const refused = await ana.post("/api/v1/recipes", { title: "Three" });

    expect(refused).toEqual({ status: 409, body: { message: "You have 2 recipes, the most one person may keep; delete some to add more", code: "conflict" } });
    expect((await ana.get("/api/v1/recipes")).body.total_count).toBe(2);
    expect((await recipes.as({ id: randomUUID() }).post("/api/v1/recipes", { title: "Someone else's" })).status).toBe(201);
    expect((await ana.delete(`/api/v1/recipes/${first.id}`)).status).toBe(204);
    expect((await ana.post("/api/v1/recipes", { title: "Three" })).status).toBe(201);
  });
});
