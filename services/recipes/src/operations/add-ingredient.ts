import { randomUUID } from "node:crypto";
import { AppError, notFound } from "@amia/kit";
import type { TCreateRecipeIngredientBody, TRecipeIngredient } from "@amia/contracts";
import type { RecipesStore } from "../store/recipes-store.ts";

/**
 * Adds an ingredient, with a fresh id, at the end of the owner's recipe: one atomic append, so
 * ingredients added at the same moment all land (editing and removing go through
 * editIngredients, which must read the list first).
 */
export async function addIngredient(store: RecipesStore, ownerId: string, recipeId: string, body: TCreateRecipeIngredientBody, now = new Date()): Promise<TRecipeIngredient> {
  const ingredient: TRecipeIngredient = { id: randomUUID(), ...body };
  if (await store.appendIngredient(ownerId, recipeId, ingredient, now.toISOString())) return ingredient;
  if (!(await store.findOwn(ownerId, recipeId))) throw notFound("Recipe");
  throw new AppError("conflict", "This recipe already has the most ingredients it can hold");
}
