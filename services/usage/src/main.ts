import { bootService, loadConfig } from "@amia/kit";
import { usageServiceWith } from "./app.ts";
import { creditsPolicyOf, ZUsageEnvSchema } from "./env.ts";

// bootService parses the same schema again (and exits naming a bad variable); this copy feeds
// the module the credit rules, which bootService does not know about.
const env = loadConfig("usage", ZUsageEnvSchema);

await bootService({
  name: "usage",
  envSchema: ZUsageEnvSchema,
  module: usageServiceWith({ credits: creditsPolicyOf(env) }),
});
