import { bootService } from "@amia/kit";
import { ZIdentityEnvSchema } from "./env.ts";

// Users keyed by our own id, with attributes from the identity provider. Emits user.*.
// The routes, consumers and relay arrive with issue #3; until then the process is real but
// empty: it parses its config, connects to what it owns and answers /healthz and /readyz.
await bootService({
  name: "identity",
  envSchema: ZIdentityEnvSchema,
  configure: async () => {},
});
