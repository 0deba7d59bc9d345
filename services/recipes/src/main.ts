import { bootService } from "@amia/kit";
import { createRecipesService } from "./app.ts";
import { ZRecipesEnvSchema } from "./env.ts";

await bootService({
  name: "recipes",
  envSchema: ZRecipesEnvSchema,
  module: createRecipesService,
});
