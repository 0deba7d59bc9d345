import { Queue, UnrecoverableError, Worker, type Job, type JobsOptions } from "bullmq";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { z } from "zod";
import { SpanKind } from "@opentelemetry/api";
import { metricsFor } from "../telemetry/metrics.ts";
import { contextFromCarrier, currentTraceparent, inSpan, serviceOfName, TRACEPARENT } from "../telemetry/tracing.ts";

/**
 * BullMQ jobs with a catalogue entry per job (STYLE.md §6): a payload schema checked before the
 * job is enqueued and again before it runs, bounded attempts with exponential backoff, a
 * deterministic job id so a retried request cannot enqueue twice, and a failure hook.
 */

export interface JobDefinition<Schema extends z.ZodType> {
  /** Queue name: stored in Redis keys; renaming it strands queued jobs. */
  queue: string;
  schema: Schema;
  attempts: number;
  backoffMs: number;
}

export function defineJob<Schema extends z.ZodType>(definition: JobDefinition<Schema>): JobDefinition<Schema> {
  return definition;
}

export interface JobConnection {
  /** An ioredis client made with `createRedis({ forBullMQ: true })`. */
  connection: Redis;
  /** Key prefix for every key of the queue; tests give each test its own. */
  prefix?: string;
}

export interface JobQueue<Schema extends z.ZodType> {
  queue: Queue;
  /** Enqueues once per `jobId`: enqueuing the same id again while it exists is a no-op. */
  enqueue: (jobId: string, payload: z.input<Schema>, options?: Omit<JobsOptions, "jobId">) => Promise<Job>;
  close: () => Promise<void>;
}

/** The states `job_queue_jobs` reports: what waits, runs, waits for a retry, and failed for good. */
const REPORTED_STATES = ["waiting", "active", "delayed", "failed"] as const;

export function createJobQueue<Schema extends z.ZodType>(
  definition: JobDefinition<Schema>,
  { connection, prefix }: JobConnection,
): JobQueue<Schema> {
  const queue = new Queue(definition.queue, {
    connection,
    ...(prefix ? { prefix } : {}),
    defaultJobOptions: {
      attempts: definition.attempts,
      backoff: { type: "exponential", delay: definition.backoffMs },
      removeOnComplete: { count: 1_000 },
      removeOnFail: { count: 5_000 },
    },
  });
  const stopReporting = metricsFor(serviceOfName(definition.queue)).addSource("job_queue_jobs", async () => {
    const counts = await queue.getJobCounts(...REPORTED_STATES);
    return REPORTED_STATES.map((state) => ({ labels: { queue: definition.queue, state }, value: counts[state] ?? 0 }));
  });
  return {
    queue,
    async enqueue(jobId, payload, options) {
      const data = definition.schema.parse(payload);
      // The job continues the trace of whatever enqueued it (traceparent: a storage name in job data).
      const traceparent = currentTraceparent();
      const stored = traceparent && isRecord(data) ? { ...data, [TRACEPARENT]: traceparent } : data;
      // BullMQ reserves ":" in custom ids.
      return queue.add(definition.queue, stored, { ...options, jobId: jobId.replaceAll(":", "_") });
    },
    async close() {
      stopReporting();
      await queue.close();
    },
  };
}

export interface JobWorkerOptions extends JobConnection {
  logger: Logger;
  concurrency?: number;
  /** Called once a job has used its last attempt (or its payload was invalid). */
  onFailed?: (job: Job, error: Error) => Promise<void> | void;
}

export function createJobWorker<Schema extends z.ZodType>(
  definition: JobDefinition<Schema>,
  handler: (payload: z.output<Schema>, job: Job) => Promise<unknown>,
  options: JobWorkerOptions,
): Worker {
  const logger = options.logger.child({ component: "job-worker", queue: definition.queue });
  const service = serviceOfName(definition.queue);
  const worker = new Worker(
    definition.queue,
    async (job) => {
      const { [TRACEPARENT]: traceparent, ...payload } = isRecord(job.data) ? job.data : { [TRACEPARENT]: undefined };
      const parent = contextFromCarrier({ [TRACEPARENT]: typeof traceparent === "string" ? traceparent : undefined });
      const attributes = { "messaging.system": "bullmq", "messaging.operation.type": "process", "messaging.destination.name": definition.queue, "messaging.message.id": job.id ?? "", "amia.job.attempt": job.attemptsMade + 1 };
      return inSpan({ service, name: `process ${definition.queue}`, kind: SpanKind.CONSUMER, parent, attributes }, async () => {
        const parsed = definition.schema.safeParse(isRecord(job.data) ? payload : job.data);
        if (!parsed.success) {
          // Retrying cannot fix a malformed payload: fail it at once, visibly.
          throw new UnrecoverableError(`Invalid job payload: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
        }
        return handler(parsed.data, job);
      });
    },
    {
      connection: options.connection,
      ...(options.prefix ? { prefix: options.prefix } : {}),
      concurrency: options.concurrency ?? 4,
    },
  );
  worker.on("failed", (job, error) => {
    if (!job) return;
    const isFinal = job.attemptsMade >= (job.opts.attempts ?? 1) || error instanceof UnrecoverableError;
    metricsFor(service).jobFailures.inc({ queue: definition.queue, final: String(isFinal) });
    logger[isFinal ? "error" : "warn"]({ job_id: job.id, attempts_made: job.attemptsMade, err: error }, isFinal ? "job failed for good" : "job failed, will retry");
    if (isFinal) void Promise.resolve(options.onFailed?.(job, error)).catch((hookError: unknown) => logger.error({ err: hookError }, "onFailed hook threw"));
  });
  worker.on("error", (error) => logger.error({ err: error }, "worker error"));
  return worker;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
