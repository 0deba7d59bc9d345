import type { TRecipeIngredient, TUpdateRecipeIngredientBody } from "@amia/contracts";

/**
 * Edits of a recipe's ingredient list, as pure functions from the stored list to the next one:
 * the service reads the recipe, applies one of these, and writes the whole list back only if
 * nobody changed the recipe meanwhile (FerretDB ignores `$pull` with a condition, so a targeted
 * array update is not an option). Adding needs no read: it is one atomic `$push`.
 */
export type IngredientChange<T> =
  | { ok: true; ingredients: TRecipeIngredient[]; value: T }
  | { ok: false; reason: "ingredient_not_found" };

/** Applies the changed fields to one ingredient, keeping its place in the list. */
export function withIngredientChanged(
  list: readonly TRecipeIngredient[],
  id: string,
  changes: TUpdateRecipeIngredientBody,
): IngredientChange<TRecipeIngredient> {
  const current = list.find((ingredient) => ingredient.id === id);
  if (!current) return { ok: false, reason: "ingredient_not_found" };
  const changed: TRecipeIngredient = {
    id,
    name: changes.name ?? current.name,
    quantity: changes.quantity === undefined ? current.quantity : changes.quantity,
    unit: changes.unit === undefined ? current.unit : changes.unit,
  };
  return { ok: true, ingredients: list.map((ingredient) => (ingredient.id === id ? changed : ingredient)), value: changed };
}

export function withIngredientRemoved(list: readonly TRecipeIngredient[], id: string): IngredientChange<null> {
  if (!list.some((ingredient) => ingredient.id === id)) return { ok: false, reason: "ingredient_not_found" };
  return { ok: true, ingredients: list.filter((ingredient) => ingredient.id !== id), value: null };
}
