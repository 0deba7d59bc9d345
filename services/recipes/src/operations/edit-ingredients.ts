import { AppError, notFound } from "@amia/kit";
import type { TRecipeIngredient } from "@amia/contracts";
import type { IngredientChange } from "../domain/ingredient-list.ts";
import type { RecipeDocument, RecipesStore } from "../store/recipes-store.ts";

const MAX_ATTEMPTS = 5;

export interface IngredientEdit<T> {
  /** The owner's recipe to change, or null (→ 404 naming `missing`). */
  find: () => Promise<RecipeDocument | null>;
  missing: "Recipe" | "Ingredient";
  change: (ingredients: readonly TRecipeIngredient[]) => IngredientChange<T>;
}

/**
 * Read the recipe, change its ingredient list, write the list back if nobody wrote meanwhile;
 * a concurrent edit makes the loser read again, so no change is lost. One document write each
 * time: no transaction needed.
 */
export async function editIngredients<T>(store: RecipesStore, edit: IngredientEdit<T>, now = new Date()): Promise<T> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const recipe = await edit.find();
    if (!recipe) throw notFound(edit.missing);
    const result = edit.change(recipe.ingredients);
    if (!result.ok) throw notFound("Ingredient");
    if (await store.replaceIngredientsIfUnchanged(recipe, result.ingredients, now.toISOString())) return result.value;
  }
  throw new AppError("conflict", "This recipe is being changed by another request; please try again");
}
