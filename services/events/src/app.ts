import { Hono } from "hono";
import { createOutboxRelay, ensureIndexes, type ServiceEnv, type ServiceModuleFactory } from "@amia/kit";
import { CONSUMED_TOPICS, eventsConsumers } from "./events/consumers.ts";
import { eventRequestsRoutes } from "./routes/event-requests.ts";
import { createEventRequestsStore, EVENT_REQUESTS_COLLECTION, EVENT_REQUESTS_INDEXES } from "./store/event-requests-store.ts";
import { createPeopleProjection, PEOPLE_INDEXES } from "./store/people-projection.ts";

/** Event requests, their reviewers and decisions; emits event-request.*. */
export const createEventsService: ServiceModuleFactory = async ({ db, bus, logger, auth }) => {
  await ensureIndexes(db, { ...EVENT_REQUESTS_INDEXES, ...PEOPLE_INDEXES });
  const relay = createOutboxRelay({ db, collections: [EVENT_REQUESTS_COLLECTION], publish: bus.publish, logger });
  const store = createEventRequestsStore(relay.db);
  const people = createPeopleProjection(db);
  await people.addMissingUserIds();
  const consumers = eventsConsumers(bus, store, people);

  const routes = new Hono<ServiceEnv>();
  routes.route("/", eventRequestsRoutes({ store, people, auth }));

  return {
    routes,
    async start() {
      await bus.ensureTopics([...CONSUMED_TOPICS, "event-requests"]);
      relay.start();
      await Promise.all(consumers.map((consumer) => consumer.start()));
    },
    async stop() {
      await Promise.all(consumers.map((consumer) => consumer.stop()));
      await relay.stop();
    },
  };
};
