import { z } from "zod";
import { ZIdSchema, ZTimestampSchema } from "./common.ts";
import { DEFAULT_TAKE, pageShape, paginationQuery } from "./pagination.ts";

/*
 * Recipes: SPEC.md section 7 "Other paths" lists the paths with no payload and no screen;
 * issue 4 asks for a user's recipes (title, description, servings, steps, ingredients
 * {name, quantity, unit}), private to their owner. Everything below is decided here and
 * summarised in docs/decisions.md "Recipes". Every field name is a wire name.
 *
 * A recipe carries no owner field: only its owner ever sees it, so it would always be the caller.
 * Ingredients live inside their recipe and have their own ids, unique across all recipes, so
 * `/recipes/ingredients/{id}` finds one without naming its recipe.
 */

/** The bounds of a recipe; one place, so the service and a form read the same numbers. */
export const RECIPE_LIMITS = {
  titleLength: 200,
  descriptionLength: 5000,
  minServings: 1,
  maxServings: 100,
  steps: 100,
  stepLength: 2000,
  ingredients: 100,
  ingredientNameLength: 200,
  unitLength: 32,
  searchLength: 200,
} as const;

export const ZRecipeIngredientSchema = z.object({
  id: ZIdSchema,
  name: z.string(),
  /** A positive number, or null for "to taste", "a pinch" (a unit alone says it). */
  quantity: z.number().nullable(),
  /** Free text ("g", "cup", "tbsp"); null when the quantity is a count (3 eggs). */
  unit: z.string().nullable(),
});
export type TRecipeIngredient = z.infer<typeof ZRecipeIngredientSchema>;

export const ZRecipeSchema = z.object({
  id: ZIdSchema,
  title: z.string(),
  description: z.string().nullable(),
  servings: z.number().int().nullable(),
  /** In order; each step is plain text. */
  steps: z.array(z.string()),
  /** In the order they were added. */
  ingredients: z.array(ZRecipeIngredientSchema),
  created_at: ZTimestampSchema,
  /** Changes with every edit, ingredients included. */
  updated_at: ZTimestampSchema,
});
export type TRecipe = z.infer<typeof ZRecipeSchema>;

/**
 * A recipe as lists and search show it (issue 13): what a list row needs, never the bodies
 * (description, steps, ingredients) that made a page of 30 large recipes 7 MB. The whole recipe
 * is GET /api/v1/recipes/{id}.
 */
export const ZRecipeSummarySchema = z.object({
  id: ZIdSchema,
  title: z.string(),
  servings: z.number().int().nullable(),
  step_count: z.number().int().min(0),
  ingredient_count: z.number().int().min(0),
  created_at: ZTimestampSchema,
  updated_at: ZTimestampSchema,
});
export type TRecipeSummary = z.infer<typeof ZRecipeSummarySchema>;

/** Trimmed text that must not be empty. */
function requiredText(field: string, max: number) {
  const message = `${field} must be 1 to ${max} characters`;
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .trim()
    .min(1, { error: message })
    .max(max, { error: message });
}

/** Trimmed optional text; blank or null means "none" and is stored as null. */
function nullableText(field: string, max: number) {
  return z
    .string({ error: `${field} must be a string or null` })
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` })
    .nullable()
    .transform((value) => (value === "" ? null : value));
}

const servingsMessage = `servings must be an integer from ${RECIPE_LIMITS.minServings} to ${RECIPE_LIMITS.maxServings}, or null`;
const quantityMessage = "quantity must be a number greater than 0, or null";

const fields = {
  title: requiredText("title", RECIPE_LIMITS.titleLength),
  description: nullableText("description", RECIPE_LIMITS.descriptionLength),
  servings: z
    .number({ error: servingsMessage })
    .int({ error: servingsMessage })
    .min(RECIPE_LIMITS.minServings, { error: servingsMessage })
    .max(RECIPE_LIMITS.maxServings, { error: servingsMessage })
    .nullable(),
  steps: z
    .array(requiredText("each step", RECIPE_LIMITS.stepLength), { error: "steps must be a list of texts" })
    .max(RECIPE_LIMITS.steps, { error: `steps must hold at most ${RECIPE_LIMITS.steps} steps` }),
  ingredientName: requiredText("name", RECIPE_LIMITS.ingredientNameLength),
  quantity: z.number({ error: quantityMessage }).positive({ error: quantityMessage }).nullable(),
  unit: nullableText("unit", RECIPE_LIMITS.unitLength),
};

/**
 * POST /api/v1/recipes/{id}/ingredients, and each item of a new recipe's `ingredients`.
 * `quantity` and `unit` may be left out (null). The service assigns the id.
 * Response: `ZRecipeIngredientResponseSchema`, 201.
 */
export const ZCreateRecipeIngredientBodySchema = z.object({
  name: fields.ingredientName,
  quantity: fields.quantity.default(null),
  unit: fields.unit.default(null),
});
export type TCreateRecipeIngredientBody = z.infer<typeof ZCreateRecipeIngredientBodySchema>;

/**
 * POST /api/v1/recipes: a title is required; the rest may be left out (null, or empty lists).
 * Ingredients may come with the recipe, each as in `ZCreateRecipeIngredientBodySchema`.
 * Response: `ZRecipeResponseSchema`, 201.
 */
export const ZCreateRecipeBodySchema = z.object({
  title: fields.title,
  description: fields.description.default(null),
  servings: fields.servings.default(null),
  steps: fields.steps.default([]),
  ingredients: z
    .array(ZCreateRecipeIngredientBodySchema, { error: "ingredients must be a list" })
    .max(RECIPE_LIMITS.ingredients, { error: `ingredients must hold at most ${RECIPE_LIMITS.ingredients} items` })
    .default([]),
});
export type TCreateRecipeBody = z.infer<typeof ZCreateRecipeBodySchema>;

function notEmpty(body: object, ctx: z.RefinementCtx) {
  if (Object.keys(body).length === 0) ctx.addIssue({ code: "custom", message: "Nothing to update: send at least one field to change" });
}

/** Names refused keys in the message, e.g. "ingredients cannot be changed here". */
function refuseUnknownKeys(hint: string) {
  return {
    error: (issue: { code?: string; keys?: string[] }) =>
      issue.code === "unrecognized_keys" && issue.keys ? `${issue.keys.join(", ")} cannot be changed here${hint}` : undefined,
  };
}

/**
 * PATCH /api/v1/recipes/{id}: the changed fields; `null` clears description or servings, and
 * `steps` replaces the whole list. Ingredients change only through their own routes (their
 * ids stay stable), so `ingredients` and any unknown key are refused, as is an empty body.
 * Response: `ZRecipeResponseSchema`.
 */
export const ZUpdateRecipeBodySchema = z
  .strictObject(
    {
      title: fields.title.optional(),
      description: fields.description.optional(),
      servings: fields.servings.optional(),
      steps: fields.steps.optional(),
    },
    refuseUnknownKeys(" (ingredients have their own routes)"),
  )
  .superRefine(notEmpty);
export type TUpdateRecipeBody = z.infer<typeof ZUpdateRecipeBodySchema>;

/**
 * PATCH /api/v1/recipes/ingredients/{id}: the changed fields; `null` clears quantity or unit.
 * An ingredient cannot move to another recipe. Response: `ZRecipeIngredientResponseSchema`.
 */
export const ZUpdateRecipeIngredientBodySchema = z
  .strictObject(
    {
      name: fields.ingredientName.optional(),
      quantity: fields.quantity.optional(),
      unit: fields.unit.optional(),
    },
    refuseUnknownKeys(""),
  )
  .superRefine(notEmpty);
export type TUpdateRecipeIngredientBody = z.infer<typeof ZUpdateRecipeIngredientBodySchema>;

/** GET /api/v1/recipes: the caller's recipes, paged (take 10 by default), newest first. */
export const ZListRecipesQuerySchema = paginationQuery(DEFAULT_TAKE);
export type TListRecipesQuery = z.infer<typeof ZListRecipesQuerySchema>;

/**
 * GET /api/v1/recipes/search: the caller's recipes whose title or any ingredient's name
 * contains `q`, ignoring case. `q` is plain text, never a pattern (".*" finds a literal ".*").
 * Paged and ordered like the list.
 */
export const ZSearchRecipesQuerySchema = paginationQuery(DEFAULT_TAKE).extend({
  q: requiredText("q", RECIPE_LIMITS.searchLength),
});
export type TSearchRecipesQuery = z.infer<typeof ZSearchRecipesQuerySchema>;

/** GET /api/v1/recipes and /api/v1/recipes/search: summaries (the whole recipe by its id). */
export const ZListRecipesResponseSchema = z.object({
  recipes: z.array(ZRecipeSummarySchema),
  ...pageShape,
});
export type TListRecipesResponse = z.infer<typeof ZListRecipesResponseSchema>;

/** POST /recipes, GET and PATCH /recipes/{id}. DELETE answers 204 with no body. */
export const ZRecipeResponseSchema = z.object({ recipe: ZRecipeSchema });
export type TRecipeResponse = z.infer<typeof ZRecipeResponseSchema>;

/** GET /api/v1/recipes/{id}/ingredients: all of them (at most 100), in order; not paged. */
export const ZListRecipeIngredientsResponseSchema = z.object({ ingredients: z.array(ZRecipeIngredientSchema) });
export type TListRecipeIngredientsResponse = z.infer<typeof ZListRecipeIngredientsResponseSchema>;

/** POST /recipes/{id}/ingredients and PATCH /recipes/ingredients/{id}. DELETE answers 204. */
export const ZRecipeIngredientResponseSchema = z.object({ ingredient: ZRecipeIngredientSchema });
export type TRecipeIngredientResponse = z.infer<typeof ZRecipeIngredientResponseSchema>;
