import { Hono } from "hono";
import { createOutboxRelay, ensureIndexes, type ServiceEnv, type ServiceModuleFactory } from "@amia/kit";
import { usersRoutes } from "./routes/users.ts";
import { createUsersStore, USERS_COLLECTION, USERS_INDEXES } from "./store/users-store.ts";

/** Users keyed by our own id, with the identity provider's attributes; emits user.*. */
export const createIdentityService: ServiceModuleFactory = async ({ db, bus, logger, auth }) => {
  await ensureIndexes(db, USERS_INDEXES);
  const relay = createOutboxRelay({ db, collections: [USERS_COLLECTION], publish: bus.publish, logger });
  const store = createUsersStore(relay.db);

  const routes = new Hono<ServiceEnv>();
  routes.route("/", usersRoutes({ store, auth, onWrite: relay.nudge }));

  return {
    routes,
    start: async () => relay.start(),
    stop: () => relay.stop(),
  };
};
