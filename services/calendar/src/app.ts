import { Hono } from "hono";
import type { Job } from "bullmq";
import { createJobQueue, createJobWorker, createOutbox, createRedis, createSecretCipher, ensureIndexes, projectionGeneration, type ServiceEnv, type ServiceModuleFactory } from "@amia/kit";
import { TOPICS } from "@amia/contracts";
import { calendarConsumers, SHARING_GROUP, sharingConsumer } from "./events/consumers.ts";
import { createGoogleCalendar } from "./google/google-calendar.ts";
import { calendarSyncJob, ZCalendarSyncJobSchema, type TCalendarSyncJob } from "./jobs/sync-job.ts";
import { createRedisLock } from "./locks/redis-lock.ts";
import { reconcileWantedSyncs, type SyncJobQueue } from "./operations/reconcile-wanted-syncs.ts";
import { syncEvent } from "./operations/sync-event.ts";
import { createTwoWaySync } from "./operations/two-way-sync.ts";
import { googleNotificationsRoutes } from "./routes/google-notifications.ts";
import { CALENDAR_WATCHES_INDEXES, createWatchesStore } from "./store/watches-store.ts";
import { availabilityRoutes } from "./routes/availability.ts";
import { calendarRoutes } from "./routes/calendar.ts";
import { syncJobsRoutes } from "./routes/sync-jobs.ts";
import { tokensRoutes } from "./routes/tokens.ts";
import { createSharingProjection, SHARING_INDEXES, SHARING_PROJECTION } from "./store/sharing-projection.ts";
import { CALENDAR_SYNCS_INDEXES, createSyncsStore } from "./store/syncs-store.ts";
import { createTokensStore } from "./store/tokens-store.ts";

export interface CalendarServiceConfig {
  redisUrl: string;
  /** Prefix of the BullMQ keys (tests give each test its own). */
  queuePrefix?: string;
  google: { tokenUrl: string; revokeUrl: string; apiUrl: string; clientId: string; clientSecret: string };
  /** 32 bytes: the AES-256-GCM key for tokens at rest. */
  tokenEncryptionKey: Buffer;
  /** reconcileIntervalMs: how often wanted syncs are checked for jobs Redis lost (60 s by default). */
  sync: { attempts: number; backoffMs: number; concurrency?: number; reconcileIntervalMs?: number };
  /** User ids allowed to see and retry sync jobs (the operators' view); none by default. */
  adminUserIds?: readonly string[];
  /** Two-way sync (operations/two-way-sync.ts); the defaults are production's. */
  twoWay?: {
    /** Where Google posts notifications (googleNotificationsUrl); null: no push channels. */
    webhookUrl: string | null;
    syncIntervalMs?: number;
    channelTtlMs?: number;
    renewBeforeMs?: number;
    renewIntervalMs?: number;
  };
}

/** The BFF's public route for Google's push notifications (bff/src/routes/google-notifications.ts). */
export function googleNotificationsUrl(publicOrigin: string): string {
  return `${publicOrigin}/api/v1/google/calendar/notifications`;
}

/**
 * Google Calendar connection (tokens encrypted at rest) and sync as BullMQ jobs; emits
 * calendar.* through the outbox of its `calendar_syncs` documents.
 */
export function createCalendarService(config: CalendarServiceConfig): ServiceModuleFactory {
  return async ({ db, bus, logger, auth }) => {
    const outbox = createOutbox({ db, publish: bus.publish, logger });
    const tokens = createTokensStore(db, createSecretCipher(config.tokenEncryptionKey), outbox);
    const syncs = createSyncsStore(db, outbox);
    await ensureIndexes(db, { ...SHARING_INDEXES, ...CALENDAR_SYNCS_INDEXES, ...CALENDAR_WATCHES_INDEXES });
    const sharing = createSharingProjection(db);
    // A fresh or emptied projection is read again from the topics (kept for ever) under a new group.
    const sharingGeneration = await projectionGeneration(db, { projection: SHARING_PROJECTION.projection, baseGroupId: SHARING_GROUP, hasData: sharing.hasData });
    if (sharingGeneration.isNew) logger.info({ group: sharingGeneration.groupId }, "sharing projection empty: rebuilding it from the users and relationships topics");
    const connection = createRedis({ url: config.redisUrl, forBullMQ: true });
    // Redis key prefixes (storage names: replicas must agree on them).
    const lockPrefix = config.queuePrefix ?? "calendar";
    const refreshLock = createRedisLock(connection, { keyPrefix: `${lockPrefix}:token-refresh:`, ttlMs: 15_000 });
    // Held while a sync talks to Google (renewed meanwhile), and while two-way sync judges a
    // listed event of the request; a dead holder's lock lapses in 30 s.
    const requestLock = createRedisLock(connection, { keyPrefix: `${lockPrefix}:sync-lock:`, ttlMs: 30_000 });
    const google = createGoogleCalendar({ ...config.google, tokens, logger, refreshLock });
    // One listing of a user's calendar at a time; a dead holder's lock lapses in 30 s.
    const userSyncLock = createRedisLock(connection, { keyPrefix: `${lockPrefix}:user-sync-lock:`, ttlMs: 30_000 });
    const twoWay = { webhookUrl: null, syncIntervalMs: 300_000, channelTtlMs: 7 * 86_400_000, renewBeforeMs: 86_400_000, renewIntervalMs: 3_600_000, ...config.twoWay };
    const twoWaySync = createTwoWaySync({
      google,
      syncs,
      watches: createWatchesStore(db),
      tokens,
      requestLock,
      userLock: userSyncLock,
      logger,
      webhookUrl: twoWay.webhookUrl,
      channelTtlMs: twoWay.channelTtlMs,
      renewBeforeMs: twoWay.renewBeforeMs,
    });

    const jobs = { connection, ...(config.queuePrefix ? { prefix: config.queuePrefix } : {}) };
    const definition = calendarSyncJob(config.sync);
    const queue = createJobQueue(definition, jobs);
    // Exponential backoff with jitter, so many users' retries after a Google hiccup spread out.
    const enqueue = (jobId: string, payload: Parameters<typeof queue.enqueue>[1]) =>
      queue.enqueue(jobId, payload, { backoff: { type: "exponential", delay: config.sync.backoffMs, jitter: 0.5 } });
    const consumers = [...calendarConsumers(bus, { syncs, enqueue, logger }), sharingConsumer(bus, sharing, sharingGeneration.groupId)];

    // A job out of attempts: the user is told (calendar.sync-failed → a notification) and the
    // sync stops being wanted, so the reconciliation does not run it again.
    const tellFailed = async (job: TCalendarSyncJob, detail: string, attempts: number) => {
      await syncs.recordFailed(job.user_id, job.event_request_id, { operation: job.operation, reason: "retries_exhausted", detail, attempts: Math.max(1, attempts) });
      await syncs.recordGaveUp(job.event_request_id, job.request_version);
    };
    const onFailed = async (job: Job, error: Error) => {
      const payload = ZCalendarSyncJobSchema.safeParse(job.data);
      if (!payload.success) return; // logged by the worker; nobody to tell
      await tellFailed(payload.data, error.message, job.attemptsMade);
    };
    const syncQueue: SyncJobQueue = {
      async stateOf(jobId) {
        const job = await queue.queue.getJob(jobId);
        return job ? ((await job.getState()) as Awaited<ReturnType<SyncJobQueue["stateOf"]>>) : "absent";
      },
      async failureOf(jobId) {
        const job = await queue.queue.getJob(jobId);
        return job ? { message: job.failedReason ?? "failed", attempts: job.attemptsMade } : null;
      },
      enqueue,
      async remove(jobId) {
        await queue.queue.remove(jobId);
      },
    };
    // One pass at a time per process; replicas running theirs at once is harmless (idempotent).
    let reconciling: Promise<unknown> | null = null;
    const reconcileSyncs = () => {
      reconciling ??= reconcileWantedSyncs({ syncs, queue: syncQueue, logger, tellFailed }).finally(() => (reconciling = null));
      return reconciling as ReturnType<typeof reconcileWantedSyncs>;
    };
    let reconcileTimer: NodeJS.Timeout | undefined;
    const twoWayTimers: NodeJS.Timeout[] = [];
    // One pass of each kind at a time per process; replicas' passes meet at the per-user lock.
    let syncingAll: Promise<unknown> | null = null;
    let renewing: Promise<unknown> | null = null;
    const syncAllInBackground = () => {
      syncingAll ??= twoWaySync.syncAllConnected().catch((error: unknown) => logger.error({ err: error }, "periodic google sync pass failed; the next pass retries")).finally(() => (syncingAll = null));
    };
    const renewInBackground = () => {
      renewing ??= twoWaySync.renewExpiringChannels().catch((error: unknown) => logger.error({ err: error }, "google channel renewal pass failed; the next pass retries")).finally(() => (renewing = null));
    };
    let worker: ReturnType<typeof createJobWorker> | undefined;

    const routes = new Hono<ServiceEnv>();
    // With push channels, a newly connected calendar gets its channel (and first listing, which
    // gives the sync token) at once; without them the periodic pass lists it.
    const onConnected = (userId: string) =>
      void twoWaySync.syncUser(userId).catch((error: unknown) => logger.warn({ err: error, user_id: userId }, "first google sync failed; the periodic pass retries"));
    routes.route("/", tokensRoutes({ tokens, google, auth, logger, beforeDisconnect: twoWaySync.stopChannels, ...(twoWay.webhookUrl ? { onConnected } : {}) }));
    routes.route("/", googleNotificationsRoutes({ twoWaySync, auth }));
    routes.route("/", calendarRoutes({ google, auth }));
    routes.route("/", availabilityRoutes({ google, sharing, auth }));
    routes.route("/", syncJobsRoutes({ queue: queue.queue, adminUserIds: config.adminUserIds ?? [] }));

    return {
      routes,
      async start() {
        // What we write; each consumer ensures the topics it reads.
        await bus.ensureTopics([TOPICS.calendar]);
        outbox.start();
        worker = createJobWorker(definition, (payload, job) => syncEvent({ google, syncs, requestLock, logger }, payload, job.attemptsMade + 1), {
          ...jobs,
          logger,
          onFailed,
          ...(config.sync.concurrency ? { concurrency: config.sync.concurrency } : {}),
        });
        await Promise.all(consumers.map((consumer) => consumer.start()));
        // At start-up (jobs lost while we were down) and then periodically (lost while we ran).
        const reconcileInBackground = () => void reconcileSyncs().catch((error: unknown) => logger.error({ err: error }, "calendar sync reconciliation failed; next pass retries"));
        reconcileInBackground();
        reconcileTimer = setInterval(reconcileInBackground, config.sync.reconcileIntervalMs ?? 60_000);
        reconcileTimer.unref();
        twoWayTimers.push(setInterval(syncAllInBackground, twoWay.syncIntervalMs), setInterval(renewInBackground, twoWay.renewIntervalMs));
        for (const timer of twoWayTimers) timer.unref();
      },
      async stop() {
        clearInterval(reconcileTimer);
        for (const timer of twoWayTimers) clearInterval(timer);
        await reconciling?.catch(() => undefined);
        await Promise.all([syncingAll, renewing]);
        await Promise.all(consumers.map((consumer) => consumer.stop()));
        await worker?.close();
        await queue.close();
        await outbox.stop();
        connection.disconnect();
      },
      // For tests and operators (Bull Board would mount on this).
      queue: queue.queue,
      reconcileSyncs,
      // For tests, and for Disconnect: stopChannels(userId) stops the user's push channel.
      twoWaySync,
    } as Awaited<ReturnType<ServiceModuleFactory>> & { queue: typeof queue.queue; reconcileSyncs: typeof reconcileSyncs; twoWaySync: typeof twoWaySync };
  };
}
