import { Hono } from "hono";
import { createOutbox, ensureIndexes, type ServiceEnv, type ServiceModuleFactory } from "@amia/kit";
import { TOPICS } from "@amia/contracts";
import { ACCEPTED_REQUESTS_CONSUMER_GROUP, acceptedRequestHandlers } from "./events/accepted-request-handlers.ts";
import { USERS_CONSUMER_GROUP, userEventHandlers } from "./events/user-event-handlers.ts";
import { relationshipRequestsRoutes } from "./routes/relationship-requests.ts";
import { relationshipsRoutes } from "./routes/relationships.ts";
import { DEFAULT_REQUEST_QUOTAS, type RequestQuotas } from "./domain/request-quotas.ts";
import { createStores, RELATIONSHIPS_SERVICE_INDEXES } from "./store/stores.ts";

export interface RelationshipsServiceConfig {
  /** How often one person may ask the same person (domain/request-quotas.ts); the defaults by default. */
  quotas?: Partial<RequestQuotas>;
}

/** Relationship requests and relationships; keeps a users projection; emits relationship-request.* and relationship.*. */
export function relationshipsService(config: RelationshipsServiceConfig = {}): ServiceModuleFactory {
  const quotas: RequestQuotas = { ...DEFAULT_REQUEST_QUOTAS, ...config.quotas };
  return async ({ db, bus, logger, auth }) => {
    await ensureIndexes(db, RELATIONSHIPS_SERVICE_INDEXES);
    const outbox = createOutbox({ db, publish: bus.publish, logger });
    const stores = createStores(db, outbox);
    const usersConsumer = bus.consumer({
      groupId: USERS_CONSUMER_GROUP,
      handlers: userEventHandlers({ stores, logger }),
    });
    const acceptedConsumer = bus.consumer({
      groupId: ACCEPTED_REQUESTS_CONSUMER_GROUP,
      handlers: acceptedRequestHandlers({ stores }),
    });

    const routes = new Hono<ServiceEnv>();
    routes.route("/", relationshipRequestsRoutes({ stores, auth, logger, quotas }));
    routes.route("/", relationshipsRoutes({ stores, auth, logger, quotas }));

    return {
      routes,
      start: async () => {
        // What we write; each consumer ensures the topics it reads.
        await bus.ensureTopics([TOPICS.relationshipRequests, TOPICS.relationships]);
        outbox.start();
        await Promise.all([usersConsumer.start(), acceptedConsumer.start()]);
      },
      stop: async () => {
        await Promise.all([usersConsumer.stop(), acceptedConsumer.stop()]);
        await outbox.stop();
      },
    };
  };
}

/** With the default quotas (tests, benchmarks); main.ts passes the configured ones. */
export const createRelationshipsService: ServiceModuleFactory = relationshipsService();
