import { bootService } from "@amia/kit";
import { createRelationshipsService } from "./app.ts";
import { ZRelationshipsEnvSchema } from "./env.ts";

await bootService({
  name: "relationships",
  envSchema: ZRelationshipsEnvSchema,
  module: createRelationshipsService,
});
