import { Hono } from "hono";
import { idempotencyKeyOf, idempotentCreate, notFound, validate, type ServiceAuth, type ServiceEnv } from "@amia/kit";
import {
  ZCreateRecipeBodySchema,
  ZIdParamsSchema,
  ZListRecipesQuerySchema,
  ZSearchRecipesQuerySchema,
  ZUpdateRecipeBodySchema,
  type TListRecipesResponse,
  type TRecipeResponse,
} from "@amia/contracts";
import { createRecipe, RECIPE_IDEMPOTENCY_SCOPE } from "../operations/create-recipe.ts";
import { toRecipe, toRecipeSummary, type RecipesStore } from "../store/recipes-store.ts";

/**
 * The signed-in user's own recipes: lists and search answer summaries, GET by id the whole
 * recipe. Every route acts only for `c.var.user.id`; someone else's
 * recipe is a 404, never a 403, so its existence is not confirmed.
 */
export function recipesRoutes({ store, auth, maxRecipesPerUser }: { store: RecipesStore; auth: ServiceAuth; maxRecipesPerUser: number }) {
  const routes = new Hono<ServiceEnv>();

  routes.get("/api/v1/recipes", auth.requireUser, validate("query", ZListRecipesQuerySchema), async (c) => {
    const { skip, take } = c.req.valid("query");
    const page = await store.list(c.var.user.id, { skip, take });
    return c.json({ recipes: page.recipes.map(toRecipeSummary), skip, take, total_count: page.total_count } satisfies TListRecipesResponse);
  });

  routes.post("/api/v1/recipes", auth.requireUser, validate("json", ZCreateRecipeBodySchema), async (c) => {
    const body = c.req.valid("json");
    const keyed = idempotentCreate(RECIPE_IDEMPOTENCY_SCOPE, c.var.user.id, idempotencyKeyOf(c), body);
    const doc = await createRecipe({ store, maxRecipesPerUser }, c.var.user.id, body, new Date(), keyed);
    return c.json({ recipe: toRecipe(doc) } satisfies TRecipeResponse, 201);
  });

  // Registered before `/:id`, which would otherwise take "search" for an id.
  routes.get("/api/v1/recipes/search", auth.requireUser, validate("query", ZSearchRecipesQuerySchema), async (c) => {
    const { q, skip, take } = c.req.valid("query");
    const page = await store.search(c.var.user.id, q, { skip, take });
    return c.json({ recipes: page.recipes.map(toRecipeSummary), skip, take, total_count: page.total_count } satisfies TListRecipesResponse);
  });

  routes.get("/api/v1/recipes/:id", auth.requireUser, validate("param", ZIdParamsSchema), async (c) => {
    const doc = await store.findOwn(c.var.user.id, c.req.valid("param").id);
    if (!doc) throw notFound("Recipe");
    return c.json({ recipe: toRecipe(doc) } satisfies TRecipeResponse);
  });

  routes.patch("/api/v1/recipes/:id", auth.requireUser, validate("param", ZIdParamsSchema), validate("json", ZUpdateRecipeBodySchema), async (c) => {
    const doc = await store.updateOwn(c.var.user.id, c.req.valid("param").id, c.req.valid("json"), new Date().toISOString());
    if (!doc) throw notFound("Recipe");
    return c.json({ recipe: toRecipe(doc) } satisfies TRecipeResponse);
  });

  /** Deletes the recipe and its ingredients for good. */
  routes.delete("/api/v1/recipes/:id", auth.requireUser, validate("param", ZIdParamsSchema), async (c) => {
    if (!(await store.deleteOwn(c.var.user.id, c.req.valid("param").id))) throw notFound("Recipe");
    return c.body(null, 204);
  });

  return routes;
}
