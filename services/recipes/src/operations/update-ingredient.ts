import type { TRecipeIngredient, TUpdateRecipeIngredientBody } from "@amia/contracts";
import { withIngredientChanged } from "../domain/ingredient-list.ts";
import type { RecipesStore } from "../store/recipes-store.ts";
import { editIngredients } from "./edit-ingredients.ts";

/** Changes the sent fields of an ingredient in whichever of the owner's recipes holds it. */
export function updateIngredient(store: RecipesStore, ownerId: string, ingredientId: string, changes: TUpdateRecipeIngredientBody): Promise<TRecipeIngredient> {
  return editIngredients(store, {
    find: () => store.findOwnByIngredient(ownerId, ingredientId),
    missing: "Ingredient",
    change: (ingredients) => withIngredientChanged(ingredients, ingredientId, changes),
  });
}
