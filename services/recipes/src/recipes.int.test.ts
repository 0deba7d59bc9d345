import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestHarness, type MountedService, type TestClient, type TestHarness } from "@amia/kit/testing";
import { createRecipesService } from "./app.ts";

let harness: TestHarness;
let recipes: MountedService;
let ana: TestClient;
let bob: TestClient;

beforeEach(async () => {
  harness = await createTestHarness("recipes");
  recipes = await harness.mount("recipes", createRecipesService);
  ana = recipes.as({ id: randomUUID() });
  bob = recipes.as({ id: randomUUID() });
});
afterEach(() => harness.close());

const pancakes = {
  title: "Pancakes",
  description: "Sunday breakfast",
  servings: 4,
  steps: ["Whisk everything", "Fry by the ladle"],
  ingredients: [
    { name: "Flour", quantity: 200, unit: "g" },
    { name: "Eggs", quantity: 2 },
    { name: "Salt", unit: "pinch" },
  ],
};

async function created(client: TestClient, body: Record<string, unknown>) {
  const response = await client.post("/api/v1/recipes", body);
  expect(response.status).toBe(201);
  return response.body.recipe;
}

const fieldsOf = (response: { body: { details: { fields: Array<{ path: string }> } } }) => response.body.details.fields.map((field) => field.path);
const titlesOf = (response: { body: { recipes: Array<{ title: string }> } }) => response.body.recipes.map((recipe) => recipe.title);

describe("recipes: create, read, change, delete", () => {
  it("creates a recipe with its ingredients, each with its own id", async () => {
    const recipe = await created(ana, pancakes);

    expect(recipe).toEqual({
      id: expect.any(String),
      title: "Pancakes",
      description: "Sunday breakfast",
      servings: 4,
      steps: ["Whisk everything", "Fry by the ladle"],
      ingredients: [
        { id: expect.any(String), name: "Flour", quantity: 200, unit: "g" },
        { id: expect.any(String), name: "Eggs", quantity: 2, unit: null },
        { id: expect.any(String), name: "Salt", quantity: null, unit: "pinch" },
      ],
      created_at: expect.any(String),
      updated_at: recipe.created_at,
    });
    expect(new Set(recipe.ingredients.map((ingredient: { id: string }) => ingredient.id)).size).toBe(3);
    expect((await ana.get(`/api/v1/recipes/${recipe.id}`)).body).toEqual({ recipe });
    expect(await created(ana, { title: "Toast" })).toMatchObject({ description: null, servings: null, steps: [], ingredients: [] });
  });

  it("changes only the fields sent, and deletes for good", async () => {
    const recipe = await created(ana, pancakes);

    const patched = await ana.patch(`/api/v1/recipes/${recipe.id}`, { title: "Fluffy pancakes", servings: null, steps: ["Whisk", "Rest", "Fry"] });
    expect(patched.status).toBe(200);
    expect(patched.body.recipe).toMatchObject({
      title: "Fluffy pancakes",
      description: "Sunday breakfast",
      servings: null,
      steps: ["Whisk", "Rest", "Fry"],
      ingredients: recipe.ingredients,
      created_at: recipe.created_at,
    });
    expect(patched.body.recipe.updated_at >= recipe.updated_at).toBe(true);
    expect((await ana.get(`/api/v1/recipes/${recipe.id}`)).body.recipe).toEqual(patched.body.recipe);

    const deleted = await ana.delete(`/api/v1/recipes/${recipe.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect((await ana.get(`/api/v1/recipes/${recipe.id}`)).status).toBe(404);
    expect((await ana.delete(`/api/v1/recipes/${recipe.id}`)).status).toBe(404);
    expect((await ana.patch(`/api/v1/recipes/ingredients/${recipe.ingredients[0].id}`, { name: "Rye" })).status).toBe(404);
  });

  it("lists the caller's recipes newest first, paged, with the total", async () => {
    for (const title of ["One", "Two", "Three", "Four", "Five"]) await created(ana, { title });
    await created(bob, { title: "Bob's" });

    const first = await ana.get("/api/v1/recipes?take=2");
    expect(first.body).toMatchObject({ skip: 0, take: 2, total_count: 5 });
    expect(titlesOf(first)).toEqual(["Five", "Four"]);
    expect(titlesOf(await ana.get("/api/v1/recipes?skip=2&take=2"))).toEqual(["Three", "Two"]);
    expect(titlesOf(await ana.get("/api/v1/recipes?skip=4"))).toEqual(["One"]);
    expect((await ana.get("/api/v1/recipes")).body).toMatchObject({ skip: 0, take: 10, total_count: 5 });
    expect(titlesOf(await bob.get("/api/v1/recipes"))).toEqual(["Bob's"]);
  });
});

describe("recipes: ingredients", () => {
  it("adds, edits and removes ingredients, keeping their order and the recipe's updated_at current", async () => {
    const recipe = await created(ana, pancakes);
    const [flour, eggs, salt] = recipe.ingredients;

    const added = await ana.post(`/api/v1/recipes/${recipe.id}/ingredients`, { name: "Milk", quantity: 0.5, unit: "l" });
    expect(added.status).toBe(201);
    expect(added.body.ingredient).toEqual({ id: expect.any(String), name: "Milk", quantity: 0.5, unit: "l" });
    const milk = added.body.ingredient;

    const edited = await ana.patch(`/api/v1/recipes/ingredients/${eggs.id}`, { quantity: 3, unit: "large" });
    expect(edited.status).toBe(200);
    expect(edited.body.ingredient).toEqual({ id: eggs.id, name: "Eggs", quantity: 3, unit: "large" });
    expect((await ana.patch(`/api/v1/recipes/ingredients/${salt.id}`, { quantity: null, unit: null })).body.ingredient).toEqual({
      id: salt.id,
      name: "Salt",
      quantity: null,
      unit: null,
    });

    const removed = await ana.delete(`/api/v1/recipes/ingredients/${flour.id}`);
    expect(removed.status).toBe(204);
    expect((await ana.delete(`/api/v1/recipes/ingredients/${flour.id}`)).status).toBe(404);

    const listed = await ana.get(`/api/v1/recipes/${recipe.id}/ingredients`);
    expect(listed.body).toEqual({
      ingredients: [
        { id: eggs.id, name: "Eggs", quantity: 3, unit: "large" },
        { id: salt.id, name: "Salt", quantity: null, unit: null },
        milk,
      ],
    });
    const after = (await ana.get(`/api/v1/recipes/${recipe.id}`)).body.recipe;
    expect(after.ingredients).toEqual(listed.body.ingredients);
    expect(after.updated_at >= recipe.updated_at).toBe(true);
  });

  it("keeps every one of several ingredients added at the same moment", async () => {
    const recipe = await created(ana, { title: "Stone soup" });
    const names = ["Stone", "Water", "Onion", "Carrot", "Salt", "Pepper"];

    const responses = await Promise.all(names.map((name) => ana.post(`/api/v1/recipes/${recipe.id}/ingredients`, { name })));

    expect(responses.map((response) => response.status)).toEqual(names.map(() => 201));
    const listed = (await ana.get(`/api/v1/recipes/${recipe.id}/ingredients`)).body.ingredients as Array<{ name: string }>;
    expect(listed.map((ingredient) => ingredient.name).sort()).toEqual([...names].sort());
  });

  it("refuses a 101st ingredient with a conflict", async () => {
    const full = Array.from({ length: 100 }, (_, index) => ({ name: `Item ${index}` }));
    const recipe = await created(ana, { title: "Everything", ingredients: full });

    const response = await ana.post(`/api/v1/recipes/${recipe.id}/ingredients`, { name: "One too many" });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe("conflict");
  });
});

describe("recipes: search", () => {
  beforeEach(async () => {
    await created(ana, { title: "Omelette", ingredients: [{ name: "EGGS", quantity: 3 }] });
    await created(ana, { title: "Egg fried rice", ingredients: [{ name: "Rice (long grain)", quantity: 1, unit: "cup" }] });
    await created(ana, { title: "Pasta 1/2 portion", ingredients: [{ name: "Spaghetti", quantity: 100, unit: "g" }] });
    await created(ana, { title: "Salad", ingredients: [{ name: "Lettuce" }] });
    await created(bob, { title: "Bob's egg salad" });
  });

  it("finds the caller's recipes by title or ingredient, ignoring case", async () => {
    const eggs = await ana.get("/api/v1/recipes/search?q=eGg");
    expect(eggs.status).toBe(200);
    expect(eggs.body).toMatchObject({ skip: 0, take: 10, total_count: 2 });
    expect(titlesOf(eggs)).toEqual(["Egg fried rice", "Omelette"]);
    expect(titlesOf(await ana.get("/api/v1/recipes/search?q=lettuce"))).toEqual(["Salad"]);
    expect(titlesOf(await ana.get("/api/v1/recipes/search?q=nothing-like-it"))).toEqual([]);
    expect(titlesOf(await bob.get("/api/v1/recipes/search?q=egg"))).toEqual(["Bob's egg salad"]);
  });

  it("treats regular-expression characters in q literally", async () => {
    const search = (q: string) => ana.get(`/api/v1/recipes/search?q=${encodeURIComponent(q)}`);

    expect(titlesOf(await search("(long grain)"))).toEqual(["Egg fried rice"]);
    expect(titlesOf(await search("1/2"))).toEqual(["Pasta 1/2 portion"]);
    expect(titlesOf(await search(".*"))).toEqual([]);
    expect(titlesOf(await search("Sal.d"))).toEqual([]);
    expect(titlesOf(await search("[a-z]"))).toEqual([]);
  });

  it("pages the matches", async () => {
    const second = await ana.get("/api/v1/recipes/search?q=e&skip=1&take=2");
    expect(second.body).toMatchObject({ skip: 1, take: 2, total_count: 4 }); // "Salad" matches through "Lettuce"
    expect(titlesOf(second)).toEqual(["Pasta 1/2 portion", "Egg fried rice"]);
  });

  it("needs a q", async () => {
    expect(fieldsOf(await ana.get("/api/v1/recipes/search"))).toEqual(["q"]);
    expect(fieldsOf(await ana.get("/api/v1/recipes/search?q=%20%20"))).toEqual(["q"]);
  });
});

describe("recipes: another user's", () => {
  it("are a 404 on every route, and stay unchanged", async () => {
    const recipe = await created(ana, pancakes);
    const ingredient = recipe.ingredients[0];

    const attempts = [
      await bob.get(`/api/v1/recipes/${recipe.id}`),
      await bob.patch(`/api/v1/recipes/${recipe.id}`, { title: "Mine now" }),
      await bob.delete(`/api/v1/recipes/${recipe.id}`),
      await bob.get(`/api/v1/recipes/${recipe.id}/ingredients`),
      await bob.post(`/api/v1/recipes/${recipe.id}/ingredients`, { name: "Sand" }),
      await bob.patch(`/api/v1/recipes/ingredients/${ingredient.id}`, { name: "Sand" }),
      await bob.delete(`/api/v1/recipes/ingredients/${ingredient.id}`),
    ];

    expect(attempts.map((response) => [response.status, response.body.code])).toEqual(Array(7).fill([404, "not_found"]));
    expect((await ana.get(`/api/v1/recipes/${recipe.id}`)).body.recipe).toEqual(recipe);
    expect((await bob.get("/api/v1/recipes")).body.total_count).toBe(0);
    expect((await bob.get("/api/v1/recipes/search?q=pancakes")).body.total_count).toBe(0);
  });

  it("are not reachable without a user's token", async () => {
    expect((await recipes.anonymous.get("/api/v1/recipes")).status).toBe(401);
    expect((await recipes.asService("bff").get("/api/v1/recipes")).status).toBe(403);
  });
});

describe("recipes: bad input", () => {
  it("is a 400 naming each field, and changes nothing", async () => {
    const recipe = await created(ana, pancakes);

    const bad = await ana.post("/api/v1/recipes", { title: " ", servings: 0, steps: "stir", ingredients: [{ name: "Flour", quantity: -1 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("validation_failed");
    expect(fieldsOf(bad)).toEqual(["title", "servings", "steps", "ingredients.0.quantity"]);
    expect(fieldsOf(await ana.patch(`/api/v1/recipes/${recipe.id}`, { servings: 101 }))).toEqual(["servings"]);
    expect((await ana.patch(`/api/v1/recipes/${recipe.id}`, {})).status).toBe(400);
    const withIngredients = await ana.patch(`/api/v1/recipes/${recipe.id}`, { ingredients: [] });
    expect(withIngredients.status).toBe(400);
    expect(withIngredients.body.message).toContain("ingredients");
    expect(fieldsOf(await ana.post(`/api/v1/recipes/${recipe.id}/ingredients`, { name: "", unit: "x".repeat(33) }))).toEqual(["name", "unit"]);
    expect(fieldsOf(await ana.patch(`/api/v1/recipes/ingredients/${recipe.ingredients[0].id}`, { quantity: 0 }))).toEqual(["quantity"]);
    expect(fieldsOf(await ana.get("/api/v1/recipes?take=101"))).toEqual(["take"]);

    expect((await ana.get(`/api/v1/recipes/${recipe.id}`)).body.recipe).toEqual(recipe);
    expect((await ana.get("/api/v1/recipes")).body.total_count).toBe(1);
  });
});
