import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { createOutbox, ensureIndexes, type ServiceEnv, type ServiceModuleFactory } from "@amia/kit";
import { factorSecretsOf } from "./domain/factor-secrets.ts";
import { factorsRoutes } from "./routes/factors.ts";
import { usersRoutes } from "./routes/users.ts";
import { createFactorsStore, FACTORS_INDEXES } from "./store/factors-store.ts";
import { createUsersStore, USERS_INDEXES } from "./store/users-store.ts";

export interface IdentityServiceConfig {
  /** 32 bytes: seals second-factor secrets at rest and keys the recovery codes' hashes (MFA_ENCRYPTION_KEY). */
  factorEncryptionKey: Buffer;
}

/** Users keyed by our own id, with the identity provider's attributes, and their second factors; emits user.*. */
export function identityService(config: IdentityServiceConfig): ServiceModuleFactory {
  const secrets = factorSecretsOf(config.factorEncryptionKey);
  return async ({ db, bus, logger, auth }) => {
    await ensureIndexes(db, { ...USERS_INDEXES, ...FACTORS_INDEXES });
    const outbox = createOutbox({ db, publish: bus.publish, logger });
    const store = createUsersStore(db, outbox);
    const factors = createFactorsStore(db);

    const routes = new Hono<ServiceEnv>();
    routes.route("/", usersRoutes({ store, factors, auth }));
    routes.route("/", factorsRoutes({ store: factors, users: store, secrets, auth }));

    return {
      routes,
      start: async () => outbox.start(),
      stop: () => outbox.stop(),
    };
  };
}

/** For tests and benchmarks: identity with a factor key of this process's own (main.ts takes it from the environment). */
export const createIdentityService: ServiceModuleFactory = identityService({ factorEncryptionKey: randomBytes(32) });
