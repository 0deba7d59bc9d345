import { afterEach, describe, expect, it } from "vitest";
import type { Job, Worker } from "bullmq";
import type { Redis } from "ioredis";
import { z } from "zod";
import { createRedis } from "../redis/connect.ts";
import { createJobQueue, createJobWorker, defineJob, type JobQueue } from "./jobs.ts";
import { eventually, quietLogger, testInfra, uniqueTestNames } from "../testing/isolation.ts";

const ZSyncPayloadSchema = z.object({ event_request_id: z.string().min(1), title: z.string() });
const syncJob = defineJob({ queue: "calendar-sync-test", schema: ZSyncPayloadSchema, attempts: 3, backoffMs: 20 });

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function setUp(label: string) {
  const { redisPrefix } = uniqueTestNames(label);
  const connection: Redis = createRedis({ url: testInfra().redisUrl, forBullMQ: true });
  const queue: JobQueue<typeof ZSyncPayloadSchema> = createJobQueue(syncJob, { connection, prefix: redisPrefix });
  cleanups.push(async () => {
    await queue.queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
  });
  const startWorker = (handler: (payload: z.output<typeof ZSyncPayloadSchema>, job: Job) => Promise<unknown>, onFailed?: (job: Job, error: Error) => void): Worker => {
    const worker = createJobWorker(syncJob, handler, { connection, prefix: redisPrefix, logger: quietLogger(), ...(onFailed ? { onFailed } : {}) });
    cleanups.push(() => worker.close());
    return worker;
  };
  return { queue, startWorker };
}

describe("BullMQ jobs (real Redis)", () => {
  it("runs a job to completion with its validated payload", async () => {
    const { queue, startWorker } = setUp("jobs-ok");
    startWorker(async (payload) => `synced ${payload.title}`);

    const job = await queue.enqueue("er-1", { event_request_id: "er-1", title: "Lunch" });

    const finished = await eventually(async () => ((await job.isCompleted()) ? queue.queue.getJob(job.id!) : undefined));
    expect(finished?.returnvalue).toBe("synced Lunch");
    expect(finished?.attemptsMade).toBe(1);
  });

  it("retries a failing job up to its attempts, then marks it failed and says so once", async () => {
    const { queue, startWorker } = setUp("jobs-fail");
    const failures: string[] = [];
    let calls = 0;
    startWorker(
      async () => {
        calls++;
        throw new Error("Google answered 503");
      },
      (job, error) => void failures.push(`${job.id}: ${error.message}`),
    );

    const job = await queue.enqueue("er-2", { event_request_id: "er-2", title: "Dinner" });

    await eventually(() => failures.length === 1);
    const failed = await queue.queue.getJob(job.id!);
    expect(await failed?.getState()).toBe("failed");
    expect(failed?.attemptsMade).toBe(3);
    expect(calls).toBe(3);
    expect(failures).toEqual(["er-2: Google answered 503"]);
  });

  it("enqueues a deterministic job id once, however often it is asked", async () => {
    const { queue } = setUp("jobs-dedupe");
    await queue.enqueue("event-request:er-3", { event_request_id: "er-3", title: "Standup" });
    await queue.enqueue("event-request:er-3", { event_request_id: "er-3", title: "Standup" });
    expect(await queue.queue.getJobCounts("waiting", "delayed", "active", "completed")).toMatchObject({ waiting: 1 });
  });

  it("refuses an invalid payload before it is enqueued, naming the field", async () => {
    const { queue } = setUp("jobs-invalid");
    await expect(queue.enqueue("er-4", { event_request_id: "", title: "x" })).rejects.toThrow(/event_request_id/);
    expect(await queue.queue.count()).toBe(0);
  });

  it("fails a stored job whose payload no longer fits its schema without retrying it", async () => {
    const { queue, startWorker } = setUp("jobs-stale");
    const failures: string[] = [];
    let calls = 0;
    startWorker(async () => void calls++, (_job, error) => void failures.push(error.message));
    // Written by an older producer, straight into the queue.
    const job = await queue.queue.add("calendar-sync-test", { title: 42 }, { jobId: "stale-1" });

    await eventually(() => failures.length === 1);
    expect(failures[0]).toMatch(/Invalid job payload: event_request_id/);
    expect((await queue.queue.getJob(job.id!))?.attemptsMade).toBe(1);
    expect(calls).toBe(0);
  });
});
