import { withIngredientRemoved } from "../domain/ingredient-list.ts";
import type { RecipesStore } from "../store/recipes-store.ts";
import { editIngredients } from "./edit-ingredients.ts";

/** Removes an ingredient from whichever of the owner's recipes holds it. */
export async function removeIngredient(store: RecipesStore, ownerId: string, ingredientId: string): Promise<void> {
  await editIngredients(store, {
    find: () => store.findOwnByIngredient(ownerId, ingredientId),
    missing: "Ingredient",
    change: (ingredients) => withIngredientRemoved(ingredients, ingredientId),
  });
}
