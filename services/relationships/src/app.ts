import { Hono } from "hono";
import { createOutboxRelay, ensureIndexes, type ServiceEnv, type ServiceModuleFactory } from "@amia/kit";
import { TOPICS } from "@amia/contracts";
import { USERS_CONSUMER_GROUP, userEventHandlers } from "./events/user-event-handlers.ts";
import { relationshipRequestsRoutes } from "./routes/relationship-requests.ts";
import { relationshipsRoutes } from "./routes/relationships.ts";
import { DEFAULT_REQUEST_QUOTAS, type RequestQuotas } from "./domain/request-quotas.ts";
import { createStores, RELATIONSHIPS_SERVICE_INDEXES } from "./store/stores.ts";
import { REQUESTS_COLLECTION } from "./store/requests-store.ts";
import { RELATIONSHIPS_COLLECTION } from "./store/relationships-store.ts";

export interface RelationshipsServiceConfig {
  /** How often one person may ask the same person (domain/request-quotas.ts); the defaults by default. */
  quotas?: Partial<RequestQuotas>;
}

/** Relationship requests and relationships; keeps a users projection; emits relationship-request.* and relationship.*. */
export function relationshipsService(config: RelationshipsServiceConfig = {}): ServiceModuleFactory {
  const quotas: RequestQuotas = { ...DEFAULT_REQUEST_QUOTAS, ...config.quotas };
  return async ({ db, bus, logger, auth }) => {
    await ensureIndexes(db, RELATIONSHIPS_SERVICE_INDEXES);
    const relay = createOutboxRelay({ db, collections: [REQUESTS_COLLECTION, RELATIONSHIPS_COLLECTION], publish: bus.publish, logger });
    const stores = createStores(relay.db);
    const usersConsumer = bus.consumer({
      groupId: USERS_CONSUMER_GROUP,
      topics: [TOPICS.users],
      handlers: userEventHandlers({ stores, logger, onWrite: relay.nudge }),
    });

    const routes = new Hono<ServiceEnv>();
    routes.route("/", relationshipRequestsRoutes({ stores, auth, onWrite: relay.nudge, quotas }));
    routes.route("/", relationshipsRoutes({ stores, auth, onWrite: relay.nudge, quotas }));

    return {
      routes,
      start: async () => {
        // The topics we read and write exist before a consumer subscribes (it never creates them).
        await bus.ensureTopics([TOPICS.users, TOPICS.relationshipRequests, TOPICS.relationships]);
        relay.start();
        await usersConsumer.start();
      },
      stop: async () => {
        await usersConsumer.stop();
        await relay.stop();
      },
    };
  };
}

/** With the default quotas (tests, benchmarks); main.ts passes the configured ones. */
export const createRelationshipsService: ServiceModuleFactory = relationshipsService();
