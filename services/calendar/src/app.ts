import { Hono } from "hono";
import type { Job } from "bullmq";
import { createJobQueue, createJobWorker, createOutbox, createRedis, createSecretCipher, ensureIndexes, type ServiceEnv, type ServiceModuleFactory } from "@amia/kit";
import { TOPICS } from "@amia/contracts";
import { calendarConsumers, sharingConsumer } from "./events/consumers.ts";
import { createGoogleCalendar } from "./google/google-calendar.ts";
import { calendarSyncJob, ZCalendarSyncJobSchema } from "./jobs/sync-job.ts";
import { createRedisLock } from "./locks/redis-lock.ts";
import { syncEvent } from "./operations/sync-event.ts";
import { availabilityRoutes } from "./routes/availability.ts";
import { calendarRoutes } from "./routes/calendar.ts";
import { syncJobsRoutes } from "./routes/sync-jobs.ts";
import { tokensRoutes } from "./routes/tokens.ts";
import { createSharingProjection, SHARING_INDEXES } from "./store/sharing-projection.ts";
import { createSyncsStore } from "./store/syncs-store.ts";
import { createTokensStore } from "./store/tokens-store.ts";

export interface CalendarServiceConfig {
  redisUrl: string;
  /** Prefix of the BullMQ keys (tests give each test its own). */
  queuePrefix?: string;
  google: { tokenUrl: string; apiUrl: string; clientId: string; clientSecret: string };
  /** 32 bytes: the AES-256-GCM key for tokens at rest. */
  tokenEncryptionKey: Buffer;
  sync: { attempts: number; backoffMs: number; concurrency?: number };
  /** User ids allowed to see and retry sync jobs (the operators' view); none by default. */
  adminUserIds?: readonly string[];
}

/**
 * Google Calendar connection (tokens encrypted at rest) and sync as BullMQ jobs; emits
 * calendar.* through the outbox of its `calendar_syncs` documents.
 */
export function createCalendarService(config: CalendarServiceConfig): ServiceModuleFactory {
  return async ({ db, bus, logger, auth }) => {
    const outbox = createOutbox({ db, publish: bus.publish, logger });
    const tokens = createTokensStore(db, createSecretCipher(config.tokenEncryptionKey));
    const syncs = createSyncsStore(db, outbox);
    await ensureIndexes(db, SHARING_INDEXES);
    const sharing = createSharingProjection(db);
    const connection = createRedis({ url: config.redisUrl, forBullMQ: true });
    // Redis key prefixes (storage names: replicas must agree on them).
    const lockPrefix = config.queuePrefix ?? "calendar";
    const refreshLock = createRedisLock(connection, { keyPrefix: `${lockPrefix}:token-refresh:`, ttlMs: 15_000 });
    // Held while a sync talks to Google (renewed meanwhile); a dead holder's lock lapses in 30 s.
    const requestLock = createRedisLock(connection, { keyPrefix: `${lockPrefix}:sync-lock:`, ttlMs: 30_000 });
    const google = createGoogleCalendar({ ...config.google, tokens, logger, refreshLock });

    const jobs = { connection, ...(config.queuePrefix ? { prefix: config.queuePrefix } : {}) };
    const definition = calendarSyncJob(config.sync);
    const queue = createJobQueue(definition, jobs);
    // Exponential backoff with jitter, so many users' retries after a Google hiccup spread out.
    const enqueue = (jobId: string, payload: Parameters<typeof queue.enqueue>[1]) =>
      queue.enqueue(jobId, payload, { backoff: { type: "exponential", delay: config.sync.backoffMs, jitter: 0.5 } });
    const consumers = [...calendarConsumers(bus, enqueue), sharingConsumer(bus, sharing)];

    const onFailed = async (job: Job, error: Error) => {
      const payload = ZCalendarSyncJobSchema.safeParse(job.data);
      if (!payload.success) return; // logged by the worker; nobody to tell
      await syncs.recordFailed(payload.data.user_id, payload.data.event_request_id, {
        operation: payload.data.operation,
        reason: "retries_exhausted",
        detail: error.message,
        attempts: Math.max(1, job.attemptsMade),
      });
    };
    let worker: ReturnType<typeof createJobWorker> | undefined;

    const routes = new Hono<ServiceEnv>();
    routes.route("/", tokensRoutes({ tokens, auth }));
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
      },
      async stop() {
        await Promise.all(consumers.map((consumer) => consumer.stop()));
        await worker?.close();
        await queue.close();
        await outbox.stop();
        connection.disconnect();
      },
      // For tests and operators (Bull Board would mount on this).
      queue: queue.queue,
    } as Awaited<ReturnType<ServiceModuleFactory>> & { queue: typeof queue.queue };
  };
}
