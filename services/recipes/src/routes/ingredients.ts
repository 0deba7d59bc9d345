import { Hono } from "hono";
import { notFound, validate, type ServiceAuth, type ServiceEnv } from "@amia/kit";
import {
  ZCreateRecipeIngredientBodySchema,
  ZIdParamsSchema,
  ZUpdateRecipeIngredientBodySchema,
  type TListRecipeIngredientsResponse,
  type TRecipeIngredientResponse,
} from "@amia/contracts";
import { addIngredient } from "../operations/add-ingredient.ts";
import { removeIngredient } from "../operations/remove-ingredient.ts";
import { updateIngredient } from "../operations/update-ingredient.ts";
import { toIngredient, type RecipesStore } from "../store/recipes-store.ts";

/**
 * The ingredients of the signed-in user's recipes. An ingredient is reached through its recipe
 * (`/recipes/{id}/ingredients`) or on its own (`/recipes/ingredients/{id}`); either way only
 * within the caller's recipes, so another user's is a 404.
 */
export function ingredientsRoutes({ store, auth }: { store: RecipesStore; auth: ServiceAuth }) {
  const routes = new Hono<ServiceEnv>();

  routes.get("/api/v1/recipes/:id/ingredients", auth.requireUser, validate("param", ZIdParamsSchema), async (c) => {
    const doc = await store.findOwn(c.var.user.id, c.req.valid("param").id);
    if (!doc) throw notFound("Recipe");
    return c.json({ ingredients: doc.ingredients.map(toIngredient) } satisfies TListRecipeIngredientsResponse);
  });

  routes.post("/api/v1/recipes/:id/ingredients", auth.requireUser, validate("param", ZIdParamsSchema), validate("json", ZCreateRecipeIngredientBodySchema), async (c) => {
    const ingredient = await addIngredient(store, c.var.user.id, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ ingredient } satisfies TRecipeIngredientResponse, 201);
  });

  routes.patch("/api/v1/recipes/ingredients/:id", auth.requireUser, validate("param", ZIdParamsSchema), validate("json", ZUpdateRecipeIngredientBodySchema), async (c) => {
    const ingredient = await updateIngredient(store, c.var.user.id, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ ingredient } satisfies TRecipeIngredientResponse);
  });

  routes.delete("/api/v1/recipes/ingredients/:id", auth.requireUser, validate("param", ZIdParamsSchema), async (c) => {
    await removeIngredient(store, c.var.user.id, c.req.valid("param").id);
    return c.body(null, 204);
  });

  return routes;
}
