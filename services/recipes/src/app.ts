import { Hono } from "hono";
import { ensureIndexes, type ServiceEnv, type ServiceModuleFactory } from "@amia/kit";
import { DEFAULT_MAX_RECIPES_PER_USER } from "./domain/recipe-quota.ts";
import { ingredientsRoutes } from "./routes/ingredients.ts";
import { recipesRoutes } from "./routes/recipes.ts";
import { createRecipesStore, RECIPES_INDEXES } from "./store/recipes-store.ts";

export interface RecipesServiceConfig {
  /** The most recipes one person may keep; DEFAULT_MAX_RECIPES_PER_USER by default. */
  maxRecipesPerUser?: number;
}

/**
 * A user's private recipes and their ingredients. It neither emits nor consumes events: no other
 * service cares about recipes, so there is no outbox, relay or consumer (add an outbox to the
 * recipe document the day one does).
 */
export function recipesService(config: RecipesServiceConfig = {}): ServiceModuleFactory {
  const maxRecipesPerUser = config.maxRecipesPerUser ?? DEFAULT_MAX_RECIPES_PER_USER;
  return async ({ db, auth }) => {
    await ensureIndexes(db, RECIPES_INDEXES);
    const store = createRecipesStore(db);
    await store.addMissingCounts();

    const routes = new Hono<ServiceEnv>();
    routes.route("/", recipesRoutes({ store, auth, maxRecipesPerUser }));
    routes.route("/", ingredientsRoutes({ store, auth }));

    return {
      routes,
      start: async () => {},
      stop: async () => {},
    };
  };
}

/** With the default quota (tests); main.ts passes the configured one. */
export const createRecipesService: ServiceModuleFactory = recipesService();
