import { Hono } from "hono";
import { ensureIndexes, type ServiceEnv, type ServiceModuleFactory } from "@amia/kit";
import { ingredientsRoutes } from "./routes/ingredients.ts";
import { recipesRoutes } from "./routes/recipes.ts";
import { createRecipesStore, RECIPES_INDEXES } from "./store/recipes-store.ts";

/**
 * A user's private recipes and their ingredients. It neither emits nor consumes events: no other
 * service cares about recipes, so there is no outbox, relay or consumer (add an outbox to the
 * recipe document the day one does).
 */
export const createRecipesService: ServiceModuleFactory = async ({ db, auth }) => {
  await ensureIndexes(db, RECIPES_INDEXES);
  const store = createRecipesStore(db);

  const routes = new Hono<ServiceEnv>();
  routes.route("/", recipesRoutes({ store, auth }));
  routes.route("/", ingredientsRoutes({ store, auth }));

  return {
    routes,
    start: async () => {},
    stop: async () => {},
  };
};
