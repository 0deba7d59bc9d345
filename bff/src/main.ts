import { bootService } from "@amia/kit";
import { ZBffEnvSchema } from "./env.ts";

// Sign-in, sessions, the /api/v1 surface and the live notification stream arrive with issue #5;
// until then the BFF is real but empty: config, Redis, /healthz and /readyz.
await bootService({
  name: "bff",
  envSchema: ZBffEnvSchema,
  configure: async () => {},
});
