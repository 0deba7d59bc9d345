import type { Redis } from "ioredis";
import { countKeysWithPrefix, createService, metricsFor, pingRedis, type Bus, type Logger, type ServiceEnv } from "@amia/kit";
import type { Hono } from "hono";
import type { InternalKeys } from "./auth/internal-keys.ts";
import { createLoginAttempts } from "./auth/login-attempts.ts";
import { createOidcClient, type OidcClient } from "./auth/oidc-client.ts";
import { createPendingSignIns } from "./auth/pending-sign-ins.ts";
import type { BffConfig } from "./env.ts";
import { openapiRoutes } from "./openapi/routes.ts";
import { apiRoutes } from "./routes/api.ts";
import { authRoutes } from "./routes/auth.ts";
import { googleNotificationsRoutes } from "./routes/google-notifications.ts";
import { ROUTES } from "./routes/catalogue.ts";
import { jwksRoutes } from "./routes/jwks.ts";
import { notificationsStreamRoutes, type OpenStreams } from "./routes/notifications-stream.ts";
import { csrfProtection } from "./security/csrf.ts";
import { isHttpsOrigin, securityHeadersFor } from "./security/headers.ts";
import { createRateLimiter } from "./security/rate-limit.ts";
import { createSessionCache } from "./sessions/session-cache.ts";
import { createSessionStore, sessionKey } from "./sessions/session-store.ts";
import { createNotificationFanout } from "./stream/notification-fanout.ts";
import { createUpstreamClient } from "./upstream/upstream-client.ts";

/** Heartbeat of the live notification stream. */
export const HEARTBEAT_MS = 15_000;

export interface BffDeps {
  config: BffConfig;
  logger: Logger;
  /** Sessions, sign-in attempts, rate limits, fan-out publishing (keys carry REDIS_KEY_PREFIX). */
  redis: Redis;
  /** A second connection, for the fan-out's subscriptions. */
  subscriber: Redis;
  bus: Bus;
  keys: InternalKeys;
  /** Tests may pass their own; by default the issuer in the config, discovered on first use. */
  oidc?: OidcClient;
  heartbeatMs?: number;
  now?: () => number;
}

export interface Bff {
  app: Hono<ServiceEnv>;
  openStreams: OpenStreams;
  /** Joins the notification fan-out's consumer group. */
  start: () => Promise<void>;
  /** Ends open streams and leaves the consumer group (the connections are the caller's). */
  stop: () => Promise<void>;
}

/**
 * The BFF: sign-in and sessions, CSRF defence, the catalogue's routes forwarded to their services
 * with a per-call internal JWT, the live notification stream, and the JWKS services verify with.
 */
export function createBff(deps: BffDeps): Bff {
  const { config, logger, redis, bus, keys } = deps;
  const { env } = config;
  const sessions = createSessionStore({
    redis,
    lifetime: { idleMs: env.SESSION_IDLE_SECONDS * 1000, absoluteMs: env.SESSION_ABSOLUTE_SECONDS * 1000 },
    ...(deps.now ? { now: deps.now } : {}),
    cache: createSessionCache({ redis, subscriber: deps.subscriber, channelPrefix: env.REDIS_KEY_PREFIX, maxAgeMs: env.SESSION_CACHE_MS, logger, ...(deps.now ? { now: deps.now } : {}) }),
  });
  const limiter = createRateLimiter(redis, deps.now);
  const upstream = createUpstreamClient({ serviceUrls: config.serviceUrls, timeoutMs: env.UPSTREAM_TIMEOUT_MS, mint: keys.mint });
  const oidc =
    deps.oidc ??
    createOidcClient({
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      redirectUri: config.redirectUri,
      scopes: env.OIDC_SCOPES,
      timeoutMs: env.UPSTREAM_TIMEOUT_MS,
      logger,
    });
  const fanout = createNotificationFanout({ bus, redis, subscriber: deps.subscriber, channelPrefix: env.REDIS_KEY_PREFIX, logger });
  const stream = notificationsStreamRoutes({ sessions, fanout, heartbeatMs: deps.heartbeatMs ?? HEARTBEAT_MS, logger, redis, maxStreamsPerUser: env.NOTIFICATION_STREAMS_PER_USER });

  const app = createService({
    name: "bff",
    // The BFF sets deadlines for the services; a browser's own header means nothing here.
    honoursDeadline: false,
    logger,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    // CSP, framing, nosniff, referrer, permissions, and HSTS behind https (security/headers.ts).
    responseHeaders: securityHeadersFor(isHttpsOrigin(config.publicOrigin)),
    // Readiness rule (docs/decisions.md "Readiness"): the BFF cannot work without Redis (sessions,
    // rate limits). Kafka feeds only live pushes (the list still shows everything), and each
    // service is its own deployment with its own readiness — a route whose service is away
    // answers upstream_unavailable — so neither takes the whole BFF out.
    readiness: [
      { name: "redis", check: () => pingRedis(redis) },
      { name: "kafka", check: bus.ping, isRequired: false },
    ],
  });
  // Google's push notifications (two-way sync): before the CSRF check, which Google cannot pass.
  app.route("/", googleNotificationsRoutes({ upstream }));
  app.use("/api/v1/*", csrfProtection(config.publicOrigin));
  app.use("/api/v1/*", async (c, next) => {
    await next();
    // Answers carry a user's data: no shared cache may keep them.
    if (!c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "no-store");
  });
  app.route("/", jwksRoutes(keys));
  // The API's description is public: no session needed.
  app.route("/", openapiRoutes());
  app.route("/", authRoutes({ config, sessions, attempts: createLoginAttempts(redis), pendingSignIns: createPendingSignIns(redis, deps.now), oidc, upstream, limiter, logger }));
  // Before the catalogue, whose /notifications/:id would otherwise take "stream" for an id.
  app.route("/", stream.routes);
  app.route("/", apiRoutes({ routes: ROUTES, config, sessions, upstream, limiter }));

  // Gauges read on scrape of this process's /metrics (never through /api).
  const metrics = metricsFor("bff");
  // The session keys' common start: a key less its hash ("bff:session:").
  const sessionKeyPrefix = sessionKey("").replace(/[^:]*$/, "");
  const stopReporting = [
    metrics.addSource("notification_streams_open", async () => [{ labels: {}, value: stream.openStreams.count() }]),
    metrics.addSource("sessions_active", async () => [{ labels: {}, value: await countKeysWithPrefix(redis, sessionKeyPrefix) }]),
  ];

  return {
    app,
    openStreams: stream.openStreams,
    start: () => fanout.start(),
    async stop() {
      for (const stop of stopReporting) stop();
      stream.openStreams.closeAll();
      await fanout.stop();
    },
  };
}
