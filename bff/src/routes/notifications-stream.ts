import { Hono } from "hono";
import type { Redis } from "ioredis";
import { tryAgainIn, type TRateLimitedDetails } from "@amia/contracts";
import type { Logger } from "@amia/kit";
import type { SessionStore } from "../sessions/session-store.ts";
import { requireSession, type BffEnv } from "../sessions/session-middleware.ts";
import type { NotificationFanout } from "../stream/notification-fanout.ts";
import { createSseStream, type SseStream } from "../stream/sse.ts";
import { createStreamSlots } from "../stream/stream-slots.ts";
import { STREAM_HEADERS } from "../upstream/forward.ts";

/** Path of the live stream: the BFF's own route, not in the forwarding catalogue. */
export const NOTIFICATIONS_STREAM_PATH = "/api/v1/notifications/stream";

/** The SSE event name the SPA listens for: a wire name. */
export const NOTIFICATION_EVENT = "notification";

/** How long EventSource waits before reconnecting after the stream ends. */
const RECONNECT_MS = 3_000;

export interface OpenStreams {
  /** Ends every open stream (shutdown), so the server can stop without waiting on them. */
  closeAll: () => void;
  count: () => number;
}

/**
 * GET /api/v1/notifications/stream: the signed-in user's new notifications as they are created
 * (`event: notification`, data = the notification as GET /notifications shows it), and a
 * heartbeat comment every `heartbeatMs` that keeps proxies from timing the connection out and
 * ends the stream once the session is gone (logout elsewhere, expiry).
 */
export function notificationsStreamRoutes(deps: {
  sessions: SessionStore;
  fanout: NotificationFanout;
  heartbeatMs: number;
  logger: Logger;
  /** Counts open streams per user across replicas. */
  redis: Redis;
  /** The most streams one user may hold open at once (a tab each). */
  maxStreamsPerUser: number;
}) {
  const { sessions, fanout, heartbeatMs, logger } = deps;
  const open = new Set<SseStream>();
  const routes = new Hono<BffEnv>();
  // A slot outlives three missed heartbeats: a replica that died gives its slots back by then.
  const slots = createStreamSlots(deps.redis, { limit: deps.maxStreamsPerUser, ttlMs: 3 * heartbeatMs });

  routes.get(NOTIFICATIONS_STREAM_PATH, requireSession(sessions), async (c) => {
    const session = c.var.session;
    const slot = await slots.take(session.user_id);
    if (!slot) {
      const retryAfterSeconds = Math.max(1, Math.ceil(slots.ttlMs / 1000));
      c.header("retry-after", String(retryAfterSeconds));
      const message = `You have ${deps.maxStreamsPerUser} live notification streams open (one per tab), the most at once; close one and ${tryAgainIn(retryAfterSeconds)}`;
      return c.json({ message, code: "rate_limited", details: { limit: "notification_streams", retry_after_seconds: retryAfterSeconds } satisfies TRateLimitedDetails }, 429);
    }
    const stream = createSseStream();
    open.add(stream);
    stream.onClose(() => void open.delete(stream));
    stream.onClose(() => slot.release().catch((error: unknown) => logger.warn({ err: error }, "notification stream: its slot could not be given back (it expires)")));
    // Subscribe before answering: once the browser has the headers, nothing created after is missed.
    let stopListening: () => Promise<void>;
    try {
      stopListening = await fanout.listen(session.user_id, (notification) => stream.event(NOTIFICATION_EVENT, notification, notification.id));
    } catch (error) {
      stream.close(); // gives the slot back
      throw error;
    }
    stream.onClose(stopListening);
    const heartbeat = setInterval(() => {
      sessions
        .isLive(session.id)
        .then((isLive) => {
          if (!isLive) return stream.close();
          stream.comment("heartbeat");
          return slot.renew();
        })
        .catch((error: unknown) => logger.warn({ err: error }, "notification stream: session check or slot renewal failed"));
    }, heartbeatMs);
    stream.onClose(() => clearInterval(heartbeat));
    const signal = c.req.raw.signal;
    if (signal.aborted) stream.close();
    else signal.addEventListener("abort", () => stream.close(), { once: true });
    // Tells EventSource how soon to reconnect, and sends the headers and a first byte at once.
    stream.retry(RECONNECT_MS);
    stream.comment("connected");
    return new Response(stream.body, { status: 200, headers: STREAM_HEADERS });
  });

  const openStreams: OpenStreams = {
    closeAll: () => {
      for (const stream of [...open]) stream.close();
    },
    count: () => open.size,
  };
  return { routes, openStreams };
}
