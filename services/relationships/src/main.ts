import { bootService, loadConfig } from "@amia/kit";
import { relationshipsService } from "./app.ts";
import { requestQuotasOf, ZRelationshipsEnvSchema } from "./env.ts";

// bootService parses the same schema again (and exits naming a bad variable); this copy feeds
// the module its quotas.
const env = loadConfig("relationships", ZRelationshipsEnvSchema);

await bootService({
  name: "relationships",
  envSchema: ZRelationshipsEnvSchema,
  module: relationshipsService({ quotas: requestQuotasOf(env) }),
});
