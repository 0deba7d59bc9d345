import { Hono } from "hono";
import { TOPICS } from "@amia/contracts";
import { createOutbox, ensureIndexes, type ServiceEnv, type ServiceModuleFactory } from "@amia/kit";
import { DEFAULT_SELF_NOTIFICATIONS_PER_HOUR } from "./domain/self-notification-quota.ts";
import { createNotificationBuilder } from "./events/notification-builder.ts";
import { createRecipientZonesConsumer } from "./events/recipient-zones-consumer.ts";
import { notificationsRoutes } from "./routes/notifications.ts";
import { createNotificationsStore, NOTIFICATIONS_INDEXES } from "./store/notifications-store.ts";
import { createRecipientZones } from "./store/recipient-zones.ts";

export interface NotificationsServiceConfig {
  /** Notifications a person may create for themselves in any hour; DEFAULT_SELF_NOTIFICATIONS_PER_HOUR by default. */
  selfNotificationsPerHour?: number;
}

/** In-app notifications built from other services' events; emits notification.created. */
export function notificationsService(config: NotificationsServiceConfig = {}): ServiceModuleFactory {
  const selfPerHour = config.selfNotificationsPerHour ?? DEFAULT_SELF_NOTIFICATIONS_PER_HOUR;
  return async ({ db, bus, logger, auth }) => {
    await ensureIndexes(db, NOTIFICATIONS_INDEXES);
    const outbox = createOutbox({ db, publish: bus.publish, logger });
    const store = createNotificationsStore(db, outbox);
    const zones = createRecipientZones(db);
    const builder = createNotificationBuilder({ bus, store, zones });
    const zonesConsumer = createRecipientZonesConsumer(bus, zones);

    const routes = new Hono<ServiceEnv>();
    routes.route("/", notificationsRoutes({ store, auth, selfPerHour }));

    return {
      routes,
      start: async () => {
        // What we write; each consumer ensures the topics it reads.
        await bus.ensureTopics([TOPICS.notifications]);
        outbox.start();
        // Zones first, so the first notifications already find the zones said before.
        await zonesConsumer.start();
        await builder.start();
      },
      stop: async () => {
        await builder.stop();
        await zonesConsumer.stop();
        await outbox.stop();
      },
    };
  };
}

/** With the default quota (tests, benchmarks); main.ts passes the configured one. */
export const createNotificationsService: ServiceModuleFactory = notificationsService();
