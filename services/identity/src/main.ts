import { bootService } from "@amia/kit";
import { createIdentityService } from "./app.ts";
import { ZIdentityEnvSchema } from "./env.ts";

await bootService({
  name: "identity",
  envSchema: ZIdentityEnvSchema,
  module: createIdentityService,
});
