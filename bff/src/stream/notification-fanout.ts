import type { Redis } from "ioredis";
import { ZNotificationSchema, type TNotification } from "@amia/contracts";
import type { Bus, BusConsumer, Logger } from "@amia/kit";

/**
 * Live notifications across BFF replicas (docs/decisions.md "Live notifications"):
 * ONE Kafka consumer group per deployment reads `notification.created`, so each event is taken
 * by one replica, which publishes it on the recipient's Redis channel; every replica subscribes
 * to the channels of the users who have a stream open on it, and writes to those streams.
 */

/** Consumer group: a wire name (renaming it makes a new group, which starts at the log's end). */
export const FANOUT_GROUP = "bff.notifications-fanout";
/** Redis channel per recipient, after the deployment's key prefix: a wire name between replicas. */
export const NOTIFICATION_CHANNEL = "bff:notifications:";

export type NotificationListener = (notification: TNotification) => void;

export interface NotificationFanout {
  /** Listens for one user's new notifications; resolves once Redis confirms the subscription. */
  listen: (userId: string, listener: NotificationListener) => Promise<() => Promise<void>>;
  /** Joins the consumer group. */
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

export interface NotificationFanoutOptions {
  bus: Bus;
  /** Publishes (any connection). */
  redis: Redis;
  /** A connection of its own: one in subscriber mode can do nothing else. */
  subscriber: Redis;
  /** Pub/sub channels ignore ioredis's keyPrefix, so the deployment's prefix is added here. */
  channelPrefix: string;
  logger: Logger;
}

export function createNotificationFanout(options: NotificationFanoutOptions): NotificationFanout {
  const { bus, redis, subscriber, logger } = options;
  const channelOf = (userId: string) => `${options.channelPrefix}${NOTIFICATION_CHANNEL}${userId}`;
  const listeners = new Map<string, Set<NotificationListener>>();
  let consumer: BusConsumer | undefined;

  subscriber.on("message", (channel: string, message: string) => {
    const prefix = `${options.channelPrefix}${NOTIFICATION_CHANNEL}`;
    if (!channel.startsWith(prefix)) return;
    const forUser = listeners.get(channel.slice(prefix.length));
    if (!forUser) return;
    const parsed = ZNotificationSchema.safeParse(safeJson(message));
    if (!parsed.success) {
      logger.warn({ channel }, "ignored a malformed notification on the fan-out channel");
      return;
    }
    for (const listener of forUser) listener(parsed.data);
  });

  return {
    async listen(userId, listener) {
      let forUser = listeners.get(userId);
      if (!forUser) {
        forUser = new Set();
        listeners.set(userId, forUser);
      }
      forUser.add(listener);
      // SUBSCRIBE again for a second stream is harmless and confirms the subscription is live.
      await subscriber.subscribe(channelOf(userId));
      return async () => {
        const current = listeners.get(userId);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) {
          listeners.delete(userId);
          await subscriber.unsubscribe(channelOf(userId)).catch(() => undefined);
        }
      };
    },

    async start() {
      consumer = bus.consumer({
        groupId: FANOUT_GROUP,
        // Live pushes are for what happens from now on; what came before is in GET /notifications.
        fromBeginning: false,
        handlers: {
          "notification.created": async (event) => {
            await redis.publish(channelOf(event.data.user_id), JSON.stringify(event.data.notification));
          },
        },
      });
      await consumer.start();
    },

    async stop() {
      await consumer?.stop();
      listeners.clear();
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
