import { Hono } from "hono";
import { createOnce, idempotencyKeyOf, idempotentCreate, notFound, rateLimited, validate, WRITE_CONFLICT, type ServiceAuth, type ServiceEnv } from "@amia/kit";
import {
  ZCreateNotificationBodySchema,
  ZIdParamsSchema,
  ZListNotificationsQuerySchema,
  ZMarkAllNotificationsReadBodySchema,
  ZUpdateNotificationBodySchema,
  type TListNotificationsResponse,
  type TMarkAllNotificationsReadResponse,
  type TNotificationResponse,
} from "@amia/contracts";
import { mayNotifySelf, SELF_NOTIFICATIONS_WINDOW_MS } from "../domain/self-notification-quota.ts";
import { storeNotification } from "../operations/store-notification.ts";
import { toNotification, type NotificationsStore } from "../store/notifications-store.ts";

/** Idempotency scope (storage: part of every keyed notification's id; renaming it re-creates on retry). */
export const SELF_NOTIFICATION_IDEMPOTENCY_SCOPE = "self-notification";

/**
 * The signed-in user's own notifications. Every route acts only for `c.var.user.id`; someone
 * else's notification is a 404, never a 403, so its existence is not confirmed.
 */
export function notificationsRoutes({ store, auth, selfPerHour }: { store: NotificationsStore; auth: ServiceAuth; selfPerHour: number }) {
  const routes = new Hono<ServiceEnv>();

  routes.get("/api/v1/notifications", auth.requireUser, validate("query", ZListNotificationsQuerySchema), async (c) => {
    const { skip, take, is_read, is_deleted } = c.req.valid("query");
    const page = await store.list(c.var.user.id, { is_read, is_deleted }, { skip, take });
    return c.json({ notifications: page.notifications.map(toNotification), skip, take, total_count: page.total_count } satisfies TListNotificationsResponse);
  });

  /**
   * A notification to oneself (kind "general"); the others are built from events. At most
   * `selfPerHour` in any hour (domain/self-notification-quota.ts): counted before the insert, so
   * creations racing past the count may all pass; the BFF's write limit keeps that to a handful.
   * With an Idempotency-Key the id is the key's (kit/idempotency.ts): a retry answers the first.
   */
  routes.post("/api/v1/notifications", auth.requireUser, validate("json", ZCreateNotificationBodySchema), async (c) => {
    const userId = c.var.user.id;
    const body = c.req.valid("json");
    const keyed = idempotentCreate(SELF_NOTIFICATION_IDEMPOTENCY_SCOPE, userId, idempotencyKeyOf(c), body);
    // A retry with the same key answers the first notification, before the quota counts it.
    const doc = await createOnce(keyed, {
      find: (id) => store.findOwn(userId, id),
      replay: (stored) => stored,
      create: async (id, fingerprint) => {
        const now = Date.now();
        const earlier = await store.selfCreatedAtSince(userId, new Date(now - SELF_NOTIFICATIONS_WINDOW_MS).toISOString());
        const quota = mayNotifySelf(earlier.map(Date.parse), selfPerHour, now);
        if (!quota.allowed) throw rateLimited(quota.message, quota.retryAfterSeconds, quota.limit);
        const draft = { user_id: userId, kind: "general" as const, subject_id: null, title: body.title };
        const origin = { id, created_at: new Date(now).toISOString(), actor_id: userId, source_event_id: null, idempotency_fingerprint: fingerprint };
        return (await storeNotification(store, draft, origin)) ?? WRITE_CONFLICT;
      },
    });
    // A fresh random id cannot collide; if it ever did, failing loudly beats a silent no-op.
    if (doc === WRITE_CONFLICT) throw new Error("a new notification id collided with an existing one");
    return c.json({ notification: toNotification(doc) } satisfies TNotificationResponse, 201);
  });

  routes.post("/api/v1/notifications/mark-all-read", auth.requireUser, validate("json", ZMarkAllNotificationsReadBodySchema), async (c) => {
    const updated_count = await store.markAllRead(c.var.user.id);
    return c.json({ updated_count } satisfies TMarkAllNotificationsReadResponse);
  });

  routes.get("/api/v1/notifications/:id", auth.requireUser, validate("param", ZIdParamsSchema), async (c) => {
    const doc = await store.findOwn(c.var.user.id, c.req.valid("param").id);
    if (!doc) throw notFound("Notification");
    return c.json({ notification: toNotification(doc) } satisfies TNotificationResponse);
  });

  routes.patch("/api/v1/notifications/:id", auth.requireUser, validate("param", ZIdParamsSchema), validate("json", ZUpdateNotificationBodySchema), async (c) => {
    const doc = await store.setRead(c.var.user.id, c.req.valid("param").id, c.req.valid("json").is_read);
    if (!doc) throw notFound("Notification");
    return c.json({ notification: toNotification(doc) } satisfies TNotificationResponse);
  });

  /** Soft: the notification stays, listed only with `is_deleted=true`. Deleting twice is fine. */
  routes.delete("/api/v1/notifications/:id", auth.requireUser, validate("param", ZIdParamsSchema), async (c) => {
    if (!(await store.softDelete(c.var.user.id, c.req.valid("param").id))) throw notFound("Notification");
    return c.body(null, 204);
  });

  return routes;
}
