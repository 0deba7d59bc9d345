import { randomUUID } from "node:crypto";
import { AppError, createOnce, type TIdempotentCreate } from "@amia/kit";
import type { TCreateRecipeBody } from "@amia/contracts";
import { mayAddRecipe } from "../domain/recipe-quota.ts";
import type { RecipeDocument, RecipesStore } from "../store/recipes-store.ts";

/** Idempotency scope (storage: part of every keyed recipe's id; renaming it re-creates on retry). */
export const RECIPE_IDEMPOTENCY_SCOPE = "recipe";

/**
 * A new recipe for its owner, unless they keep the most already (409; domain/recipe-quota.ts);
 * it and each of its ingredients get a fresh id. Counted before the insert: creations racing
 * past the count may all pass; the BFF's write limit keeps that overshoot to a handful.
 * With an Idempotency-Key (`keyed`) the recipe's id is the key's (kit/idempotency.ts): a retry
 * answers the recipe as it is now. Recipes are deleted for good, and their key with them: a
 * retry after the delete creates the recipe again.
 */
export async function createRecipe(
  deps: { store: RecipesStore; maxRecipesPerUser: number },
  ownerId: string,
  body: TCreateRecipeBody,
  now = new Date(),
  keyed: TIdempotentCreate | null = null,
): Promise<RecipeDocument> {
  const { store } = deps;
  return createOnce(keyed, {
    find: (id) => store.findOwn(ownerId, id),
    replay: (stored) => stored,
    create: async (id, fingerprint) => {
      const quota = mayAddRecipe(await store.countOwn(ownerId), deps.maxRecipesPerUser);
      if (!quota.allowed) throw new AppError("conflict", quota.message);
      const at = now.toISOString();
      const doc: RecipeDocument = {
        _id: id,
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
        ...(fingerprint === undefined ? {} : { idempotency_fingerprint: fingerprint }),
      };
      // A duplicate id (a keyed twin) propagates to createOnce, which answers the twin.
      await store.insert(doc);
      return doc;
    },
  });
}
