/*
 * How many recipes one person may keep (issue 13 point 3): recipes are the largest thing a
 * person stores (up to about 230 KB each), and nothing else bounded them. Counted in the
 * database, so it holds however recipes were created. A stored count, not a rate: waiting does
 * not lift it, deleting does, so it is a 409 `conflict`, not a 429. Pure.
 */

/** Far past a household's cookbook; about 115 MB at the largest a recipe can be. */
export const DEFAULT_MAX_RECIPES_PER_USER = 500;

export type RecipeQuotaVerdict = { allowed: true } | { allowed: false; message: string };

/** `count`: the person's recipes before this one. */
export function mayAddRecipe(count: number, max: number): RecipeQuotaVerdict {
  if (count < max) return { allowed: true };
  return { allowed: false, message: `You have ${max} recipes, the most one person may keep; delete some to add more` };
}
