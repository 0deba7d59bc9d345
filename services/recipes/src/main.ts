import { bootService, loadConfig } from "@amia/kit";
import { recipesService } from "./app.ts";
import { ZRecipesEnvSchema } from "./env.ts";

// bootService parses the same schema again (and exits naming a bad variable); this copy feeds
// the module its quota.
const env = loadConfig("recipes", ZRecipesEnvSchema);

await bootService({
  name: "recipes",
  envSchema: ZRecipesEnvSchema,
  module: recipesService({ maxRecipesPerUser: env.RECIPES_PER_USER }),
});
