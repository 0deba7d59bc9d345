import { randomUUID } from "node:crypto";
import { AppError } from "@amia/kit";
import type { TCreateRecipeBody } from "@amia/contracts";
import { mayAddRecipe } from "../domain/recipe-quota.ts";
import type { RecipeDocument, RecipesStore } from "../store/recipes-store.ts";

/**
 * A new recipe for its owner, unless they keep the most already (409; domain/recipe-quota.ts);
 * it and each of its ingredients get a fresh id. Counted before the insert: creations racing
 * past the count may all pass; the BFF's write limit keeps that overshoot to a handful.
 */
export async function createRecipe(deps: { store: RecipesStore; maxRecipesPerUser: number }, ownerId: string, body: TCreateRecipeBody, now = new Date()): Promise<RecipeDocument> {
  const { store } = deps;
  const quota = mayAddRecipe(await store.countOwn(ownerId), deps.maxRecipesPerUser);
  if (!quota.allowed) throw new AppError("conflict", quota.message);
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
    step_count: body.steps.length,
    ingredient_count: body.ingredients.length,
  };
  await store.insert(doc);
  return doc;
}
