import { bootService } from "@amia/kit";
import { ZRecipesEnvSchema } from "./env.ts";

// Recipes and their ingredients (the spec's /api/v1/recipes paths).
// The routes, consumers and relay arrive with issue #4; until then the process is real but
// empty: it parses its config, connects to what it owns and answers /healthz and /readyz.
await bootService({
  name: "recipes",
  envSchema: ZRecipesEnvSchema,
  configure: async () => {},
});
