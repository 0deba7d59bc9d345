import { Hono } from "hono";
import { createOutbox, ensureIndexes, projectionGeneration, type ServiceEnv, type ServiceModuleFactory } from "@amia/kit";
import { eventsConsumers, GROUPS } from "./events/consumers.ts";
import { DEFAULT_MAX_OPEN_REQUESTS_PER_USER } from "./domain/open-requests-quota.ts";
import { eventRequestsRoutes } from "./routes/event-requests.ts";
import { createEventRequestsStore, EVENT_REQUESTS_INDEXES } from "./store/event-requests-store.ts";
import { createPeopleProjection, PEOPLE_INDEXES, PEOPLE_PROJECTION } from "./store/people-projection.ts";

export interface EventsServiceConfig {
  /** The most event requests one person may have waiting for answers; DEFAULT_MAX_OPEN_REQUESTS_PER_USER by default. */
  maxOpenRequestsPerUser?: number;
}

/** Event requests, their reviewers and decisions; emits event-request.*. */
export function eventsService(config: EventsServiceConfig = {}): ServiceModuleFactory {
  const maxOpenPerUser = config.maxOpenRequestsPerUser ?? DEFAULT_MAX_OPEN_REQUESTS_PER_USER;
  return async ({ db, bus, logger, auth }) => {
    await ensureIndexes(db, { ...EVENT_REQUESTS_INDEXES, ...PEOPLE_INDEXES });
    const outbox = createOutbox({ db, publish: bus.publish, logger });
    const store = createEventRequestsStore(db, outbox);
    const people = createPeopleProjection(db);
    await people.addMissingUserIds();
    // A fresh or emptied projection is read again from the topics (kept for ever) under a new group.
    const generation = await projectionGeneration(db, { projection: PEOPLE_PROJECTION.projection, baseGroupId: GROUPS.projections, hasData: people.hasData });
    if (generation.isNew) logger.info({ group: generation.groupId }, "people projection empty: rebuilding it from the users and relationships topics");
    const consumers = eventsConsumers(bus, store, people, generation, logger);

    const routes = new Hono<ServiceEnv>();
    routes.route("/", eventRequestsRoutes({ store, people, auth, maxOpenPerUser }));

    return {
      routes,
      async start() {
        // What we write; each consumer ensures the topics it reads.
        await bus.ensureTopics(["event-requests"]);
        outbox.start();
        await Promise.all(consumers.map((consumer) => consumer.start()));
      },
      async stop() {
        await Promise.all(consumers.map((consumer) => consumer.stop()));
        await outbox.stop();
      },
    };
  };
}

/** With the default quota (tests, benchmarks); main.ts passes the configured one. */
export const createEventsService: ServiceModuleFactory = eventsService();
