import type { Collection, Db, Filter } from "mongodb";
import type { IndexPlan, WithIdempotency } from "@amia/kit";
import { RECIPE_LIMITS, type TRecipe, type TRecipeIngredient, type TRecipeSummary, type TUpdateRecipeBody } from "@amia/contracts";
import { containsPattern } from "../domain/search-pattern.ts";

/**
 * Storage shape of a recipe (collection `recipes`); field names are the wire names. Ingredients
 * live inside it, so every change to a recipe is one single-document write.
 */
export interface RecipeDocument extends WithIdempotency {
  _id: string;
  /** The only user who may see or change it: every read and write below is scoped to them. */
  owner_id: string;
  title: string;
  description: string | null;
  servings: number | null;
  steps: string[];
  ingredients: TRecipeIngredient[];
  /** ISO 8601 in UTC with milliseconds, so the string order is the time order. */
  created_at: string;
  updated_at: string;
  /** Counts writes: an ingredient change writes back only if nobody wrote in between. Storage only. */
  revision: number;
  /**
   * How many steps and ingredients, kept with every write that changes them, so lists read a
   * summary without the bodies (FerretDB cannot count an array in a projection). Storage only;
   * recipes stored before them get them at start-up (`addMissingCounts`).
   */
  step_count: number;
  ingredient_count: number;
}

export const RECIPES_COLLECTION = "recipes";

export const RECIPES_INDEXES: IndexPlan = {
  [RECIPES_COLLECTION]: [
    // The list and search: one owner's recipes, newest first.
    { key: { owner_id: 1, created_at: -1 }, name: "recipes_owner_created" },
    // `/recipes/ingredients/{id}`: the owner's recipe holding that ingredient.
    { key: { owner_id: 1, "ingredients.id": 1 }, name: "recipes_owner_ingredient" },
  ],
};

export interface Page {
  skip: number;
  take: number;
}

/** Newest first; `_id` breaks ties, so paging through equal times neither skips nor repeats. */
const NEWEST_FIRST = { created_at: -1, _id: -1 } as const;

export function toRecipe(doc: RecipeDocument): TRecipe {
  return {
    id: doc._id,
    title: doc.title,
    description: doc.description,
    servings: doc.servings,
    steps: doc.steps,
    ingredients: doc.ingredients.map(toIngredient),
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

/** What lists and search show (contracts' ZRecipeSummarySchema). */
export function toRecipeSummary(doc: SummaryFields): TRecipeSummary {
  return {
    id: doc._id,
    title: doc.title,
    servings: doc.servings,
    step_count: doc.step_count,
    ingredient_count: doc.ingredient_count,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

type SummaryFields = Pick<RecipeDocument, "_id" | "title" | "servings" | "step_count" | "ingredient_count" | "created_at" | "updated_at">;

/** Lists read only what a summary shows: never the steps, description or ingredients. */
const SUMMARY_PROJECTION = { _id: 1, title: 1, servings: 1, step_count: 1, ingredient_count: 1, created_at: 1, updated_at: 1 } as const;

export function toIngredient(ingredient: TRecipeIngredient): TRecipeIngredient {
  return { id: ingredient.id, name: ingredient.name, quantity: ingredient.quantity, unit: ingredient.unit };
}

/**
 * Every method takes the owner's id (STYLE.md §9): there is no way to reach a recipe or an
 * ingredient by id alone, so another user's is simply not found.
 */
export function createRecipesStore(db: Db) {
  const recipes: Collection<RecipeDocument> = db.collection<RecipeDocument>(RECIPES_COLLECTION);

  const list = async (filter: Filter<RecipeDocument>, page: Page): Promise<{ recipes: SummaryFields[]; total_count: number }> => {
    const [found, total_count] = await Promise.all([
      // `limit(0)` would mean "no limit" to MongoDB; a page of nothing is only the count.
      page.take === 0 ? [] : recipes.find(filter, { projection: SUMMARY_PROJECTION }).sort(NEWEST_FIRST).skip(page.skip).limit(page.take).toArray(),
      recipes.countDocuments(filter),
    ]);
    return { recipes: found, total_count };
  };

  return {
    collection: recipes,

    async insert(doc: RecipeDocument): Promise<void> {
      await recipes.insertOne(doc);
    },

    list: (ownerId: string, page: Page) => list({ owner_id: ownerId }, page),

    /** How many recipes the owner keeps (the quota). */
    countOwn: (ownerId: string) => recipes.countDocuments({ owner_id: ownerId }),

    /**
     * Gives recipes stored before the counts existed their counts (at start-up). Guarded on the
     * revision read, so a write in between, which sets the counts itself, is never overwritten.
     */
    async addMissingCounts(): Promise<number> {
      let updated = 0;
      for await (const doc of recipes.find({ ingredient_count: { $exists: false } }, { projection: { steps: 1, "ingredients.id": 1, revision: 1 } })) {
        const result = await recipes.updateOne(
          { _id: doc._id, revision: doc.revision },
          { $set: { step_count: doc.steps.length, ingredient_count: doc.ingredients.length } },
        );
        updated += result.modifiedCount;
      }
      return updated;
    },

    /** Recipes whose title or any ingredient's name contains `text`, ignoring case. */
    search(ownerId: string, text: string, page: Page) {
      const contains = { $regex: containsPattern(text), $options: "i" };
      return list({ owner_id: ownerId, $or: [{ title: contains }, { "ingredients.name": contains }] }, page);
    },

    findOwn: (ownerId: string, id: string) => recipes.findOne({ _id: id, owner_id: ownerId }),

    /** The owner's recipe holding this ingredient (ingredient ids are unique across recipes). */
    findOwnByIngredient: (ownerId: string, ingredientId: string) => recipes.findOne({ owner_id: ownerId, "ingredients.id": ingredientId }),

    /** The changed recipe, or null when the owner has none with this id. */
    updateOwn: (ownerId: string, id: string, changes: TUpdateRecipeBody, updatedAt: string) =>
      recipes.findOneAndUpdate(
        { _id: id, owner_id: ownerId },
        { $set: { ...changes, ...(changes.steps ? { step_count: changes.steps.length } : {}), updated_at: updatedAt }, $inc: { revision: 1 } },
        { returnDocument: "after" },
      ),

    /**
     * Writes a new ingredient list only if the recipe is as it was read; false means read again.
     * The check and the write are one atomic step (on local FerretDB through deploy/local's
     * write proxy, which serializes writes).
     */
    /**
     * Appends an ingredient in one atomic write, unless the recipe is already full: concurrent
     * adds all land, with no read-modify-write to race. False when not the owner's or full.
     */
    async appendIngredient(ownerId: string, recipeId: string, ingredient: TRecipeIngredient, updatedAt: string): Promise<boolean> {
      const result = await recipes.updateOne(
        { _id: recipeId, owner_id: ownerId, [`ingredients.${RECIPE_LIMITS.ingredients - 1}`]: { $exists: false } },
        { $push: { ingredients: ingredient }, $set: { updated_at: updatedAt }, $inc: { revision: 1, ingredient_count: 1 } },
      );
      return result.matchedCount === 1;
    },

    async replaceIngredientsIfUnchanged(stored: RecipeDocument, ingredients: TRecipeIngredient[], updatedAt: string): Promise<boolean> {
      const result = await recipes.updateOne(
        { _id: stored._id, owner_id: stored.owner_id, revision: stored.revision },
        { $set: { ingredients, ingredient_count: ingredients.length, updated_at: updatedAt }, $inc: { revision: 1 } },
      );
      return result.matchedCount === 1;
    },

    /** False when the owner has no recipe with this id. */
    async deleteOwn(ownerId: string, id: string): Promise<boolean> {
      const result = await recipes.deleteOne({ _id: id, owner_id: ownerId });
      return result.deletedCount === 1;
    },
  };
}

export type RecipesStore = ReturnType<typeof createRecipesStore>;
