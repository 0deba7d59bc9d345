import { randomUUID } from "node:crypto";
import type { TCreateRecipeBody } from "@amia/contracts";
import type { RecipeDocument, RecipesStore } from "../store/recipes-store.ts";

/** A new recipe for its owner; it and each of its ingredients get a fresh id. */
export async function createRecipe(store: RecipesStore, ownerId: string, body: TCreateRecipeBody, now = new Date()): Promise<RecipeDocument> {
  const at = now.toISOString();
  const doc: RecipeDocument = {
    _id: randomUUID(),
    owner_id: ownerId,
    title: body.title,
    description: body.description,
    servings: body.servings,
    steps: body.steps,
    ingredients: body.ingredients.map((ingredient) => ({ id: randomUUID(), ...ingredient })),
    created_at: at,
    updated_at: at,
    revision: 0,
  };
  await store.insert(doc);
  return doc;
}
