import { Hono } from "hono";
import { TOPICS } from "@amia/contracts";
import { createOutboxRelay, ensureIndexes, type ServiceEnv, type ServiceModuleFactory } from "@amia/kit";
import { CONSUMED_TOPICS, createNotificationBuilder } from "./events/notification-builder.ts";
import { notificationsRoutes } from "./routes/notifications.ts";
import { createNotificationsStore, NOTIFICATIONS_COLLECTION, NOTIFICATIONS_INDEXES } from "./store/notifications-store.ts";

/** In-app notifications built from other services' events; emits notification.created. */
export const createNotificationsService: ServiceModuleFactory = async ({ db, bus, logger, auth }) => {
  await ensureIndexes(db, NOTIFICATIONS_INDEXES);
  const relay = createOutboxRelay({ db, collections: [NOTIFICATIONS_COLLECTION], publish: bus.publish, logger });
  const store = createNotificationsStore(relay.db);
  const builder = createNotificationBuilder({ bus, store, onWrite: relay.nudge });

  const routes = new Hono<ServiceEnv>();
  routes.route("/", notificationsRoutes({ store, auth, onWrite: relay.nudge }));

  return {
    routes,
    start: async () => {
      // The consumer refuses to auto-create topics, and on a fresh cluster nobody may have
      // published to ours yet: create what we read and what we write before joining.
      await bus.ensureTopics([...CONSUMED_TOPICS, TOPICS.notifications]);
      relay.start();
      await builder.start();
    },
    stop: async () => {
      await builder.stop();
      await relay.stop();
    },
  };
};
