import { bootService } from "@amia/kit";
import { createUsageService } from "./app.ts";
import { ZUsageEnvSchema } from "./env.ts";

await bootService({
  name: "usage",
  envSchema: ZUsageEnvSchema,
  module: createUsageService,
});
