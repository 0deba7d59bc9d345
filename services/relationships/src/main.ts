import { bootService } from "@amia/kit";
import { ZRelationshipsEnvSchema } from "./env.ts";

// Relationship requests and relationships. Emits relationship-request.* and relationship.*.
// The routes, consumers and relay arrive with issue #3; until then the process is real but
// empty: it parses its config, connects to what it owns and answers /healthz and /readyz.
await bootService({
  name: "relationships",
  envSchema: ZRelationshipsEnvSchema,
  configure: async () => {},
});
