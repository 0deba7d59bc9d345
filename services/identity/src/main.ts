import { bootService, loadConfig } from "@amia/kit";
import { identityService } from "./app.ts";
import { mfaEncryptionKeyOf, ZIdentityEnvSchema } from "./env.ts";

// bootService parses the same schema again (and exits naming a bad variable); this copy feeds
// the module what bootService does not know about (the second factor's key).
const env = loadConfig("identity", ZIdentityEnvSchema);

await bootService({
  name: "identity",
  envSchema: ZIdentityEnvSchema,
  module: identityService({ factorEncryptionKey: mfaEncryptionKeyOf(env) }),
});
