import { randomUUID } from "node:crypto";
import { InMemorySpanExporter } from "@opentelemetry/sdk-trace-base";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createBus } from "../bus/bus.ts";
import { createOutbox } from "../bus/outbox.ts";
import { createJobQueue, createJobWorker, defineJob } from "../jobs/jobs.ts";
import { connectMongo } from "../mongo/connect.ts";
import { createRedis } from "../redis/connect.ts";
import type { ReceivedRawMessage } from "../bus/bus.ts";
import { userRegistered } from "../testing/fixtures.ts";
import { eventually, quietLogger, testInfra, uniqueTestNames } from "../testing/isolation.ts";
import { z } from "zod";
import { flushTracing, inSpan, SpanKind, startTracing, stopTracing } from "./tracing.ts";

const exporter = new InMemorySpanExporter();
beforeAll(() => startTracing({ exporter }));
afterAll(() => stopTracing());

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("trace context stored with the work it causes", () => {
  it("an outbox event keeps the trace of its write: a later sweep, outside any span, still publishes into that trace", async () => {
    const { dbName, topicPrefix, id } = uniqueTestNames("outbox-trace");
    const mongo = await connectMongo({ url: testInfra().mongoUrl, dbName, logger: quietLogger() });
    const bus = createBus({ brokers: testInfra().kafkaBrokers, clientId: "outbox-trace-test", logger: quietLogger(), topicPrefix });
    cleanups.push(async () => {
      await bus.deleteOwnTopics().catch(() => undefined);
      await bus.close();
      await mongo.db.dropDatabase();
      await mongo.close();
    });
    await bus.ensureTopics(["users"], { partitions: 1 });
    const received: ReceivedRawMessage[] = [];
    await bus.rawConsumer({ groupId: `${id}-raw`, physicalTopics: [bus.topicName("users")], onMessage: (message) => void received.push(message) }).start();

    // Given: the write happens inside a request's span, and no relay runs then (a crash).
    const event = userRegistered(randomUUID());
    const writeSpan = await inSpan({ service: "identity", name: "POST /users", kind: SpanKind.SERVER }, async (span) => {
      await createOutbox({ db: mongo.db, publish: bus.publish, logger: quietLogger() }).insert(mongo.db.collection("users"), { _id: event.subject as never }, [event]);
      return span.spanContext();
    });

    // When: an outbox started later sweeps it, with no span active.
    const outbox = createOutbox({ db: mongo.db, publish: bus.publish, logger: quietLogger() });
    expect(await outbox.runOnce()).toBe(1);

    // Then: the message's traceparent is a publish span in the write's trace, child of the write.
    const message = await eventually(() => received.find((candidate) => candidate.headers["event-id"] === event.id));
    const [, traceId, spanId] = message.headers.traceparent!.split("-");
    expect(traceId).toBe(writeSpan.traceId);
    await flushTracing();
    const publish = exporter.getFinishedSpans().find((span) => span.spanContext().spanId === spanId);
    expect(publish).toMatchObject({ name: "publish users", kind: SpanKind.PRODUCER });
    expect(publish?.parentSpanContext?.spanId).toBe(writeSpan.spanId);
    expect(publish?.resource.attributes["service.name"]).toBe("identity");
    // The context travels in the headers only: the event on the wire is the contract's, unchanged.
    expect(JSON.parse(message.value)).toEqual(event);
  });

  it("a BullMQ job runs in a span that continues the trace that enqueued it, and its handler sees its own payload only", async () => {
    const { redisPrefix } = uniqueTestNames("job-trace");
    const connection = createRedis({ url: testInfra().redisUrl, forBullMQ: true });
    const job = defineJob({ queue: "demo-trace", schema: z.object({ n: z.number() }).strict(), attempts: 1, backoffMs: 10 });
    const queue = createJobQueue(job, { connection, prefix: redisPrefix });
    const payloads: unknown[] = [];
    const worker = createJobWorker(job, async (payload) => void payloads.push(payload), { connection, prefix: redisPrefix, logger: quietLogger() });
    cleanups.push(async () => {
      await worker.close();
      await queue.close();
      await connection.quit();
    });

    const enqueuer = await inSpan({ service: "demo", name: "enqueue", kind: SpanKind.INTERNAL }, async (span) => {
      await queue.enqueue("job-1", { n: 1 });
      return span.spanContext();
    });

    await eventually(() => payloads.length === 1);
    expect(payloads).toEqual([{ n: 1 }]);
    const run = await eventually(async () => {
      await flushTracing();
      return exporter.getFinishedSpans().find((span) => span.name === "process demo-trace");
    });
    expect(run.spanContext().traceId).toBe(enqueuer.traceId);
    expect(run.parentSpanContext?.spanId).toBe(enqueuer.spanId);
    expect(run.resource.attributes["service.name"]).toBe("demo");
  });
});
