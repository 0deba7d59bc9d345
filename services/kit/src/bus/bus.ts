import { randomUUID } from "node:crypto";
import type { Admin, IHeaders, Kafka } from "kafkajs";
import type { Logger } from "pino";
import { DLQ_PARTITIONS, DLQ_RETENTION_MS, EVENT_TOPIC, TOPIC_PARTITIONS, TOPIC_RETENTION_MS, type TDomainEvent } from "@amia/contracts";
import { context, SpanKind, trace, type Span } from "@opentelemetry/api";
import { currentRequestId, REQUEST_ID_HEADER } from "../request-context.ts";
import { metricsFor } from "../telemetry/metrics.ts";
import { contextFromCarrier, injectTraceHeaders, markFailed, serviceOfName, tracerFor, TRACEPARENT } from "../telemetry/tracing.ts";
import { createIdempotentProducer, createKafka, ensureKafkaTopics } from "./kafka-client.ts";
import { raiseKafkaPartitions } from "./topic-partitions.ts";
import { createBusConsumer, createRawConsumer, type BusConsumer, type BusConsumerOptions, type EventConsumer, type MessageMeta } from "./consumer.ts";

/** Wire names of our Kafka headers; renaming them breaks tracing and the DLQ tooling. */
export const HEADER = {
  requestId: REQUEST_ID_HEADER,
  eventType: "event-type",
  eventId: "event-id",
} as const;

/** The suffix of the dead-letter topic each topic has. */
export const DLQ_SUFFIX = ".dlq";

export interface BusOptions {
  brokers: string[];
  clientId: string;
  logger: Logger;
  /** Prepended to every topic name and consumer group id (tests isolate themselves this way). */
  topicPrefix?: string;
}

export interface RawMessage {
  key: string;
  value: string | Buffer;
  headers?: IHeaders;
}

export interface ReceivedRawMessage extends MessageMeta {
  key: string | undefined;
  value: string;
  headers: Record<string, string>;
}

export interface RawConsumerOptions {
  groupId: string;
  physicalTopics: string[];
  onMessage: (message: ReceivedRawMessage) => Promise<void> | void;
}

export interface Bus {
  /** The physical name of a logical topic ("event-requests" → "<prefix>event-requests"). */
  topicName: (topic: string) => string;
  /**
   * Creates each topic and its dead-letter topic if missing, with their declared partitions
   * (contracts TOPIC_PARTITIONS, DLQ_PARTITIONS) and retention, and raises an existing one that
   * has fewer partitions.
   * `partitions` gives both that many instead (tests that want one partition, hence one order).
   */
  ensureTopics: (topics: string[], options?: { partitions?: number }) => Promise<void>;
  /** Publishes catalogue events, each to its aggregate's topic, keyed by subject, in order. */
  publish: (events: readonly TDomainEvent[]) => Promise<void>;
  /** Publishes bytes as they are (dead-lettering, and tests that need a poison message). */
  publishRaw: (physicalTopic: string, messages: RawMessage[]) => Promise<void>;
  /** A consumer of catalogue events; it reads (and ensures) the topics of the events it handles. */
  consumer: (options: BusConsumerOptions) => EventConsumer;
  /** Reads physical topics as raw messages, unvalidated: for dead-letter tooling and tests. */
  rawConsumer: (options: RawConsumerOptions) => BusConsumer;
  /**
   * Every message of a physical topic from its start to its end as of the call, in partition and
   * offset order, without committing anything (the throwaway group is deleted). For small
   * topics such as dead-letter topics; an absent topic reads as empty.
   */
  readTopic: (physicalTopic: string) => Promise<ReceivedRawMessage[]>;
  /**
   * Deletes every topic carrying this bus's prefix (test and benchmark clean-up). Refuses when
   * the prefix is empty, so it can never touch a real environment's topics.
   */
  deleteOwnTopics: () => Promise<number>;
  /** Readiness: the cluster answers a metadata request; says who answered. */
  ping: () => Promise<{ clusterId: string; brokers: number }>;
  close: () => Promise<void>;
}

export function createBus(options: BusOptions): Bus {
  const { logger, topicPrefix = "" } = options;
  const kafka: Kafka = createKafka(options);
  const topicName = (topic: string) => `${topicPrefix}${topic}`;
  const consumers = new Set<BusConsumer>();

  // Connections are opened on first use, so a process that only consumes never opens a producer.
  const producer = lazilyConnected(() => createIdempotentProducer(kafka));
  const admin = lazilyConnected(() => kafka.admin());

  const publishRaw: Bus["publishRaw"] = async (physicalTopic, messages) => {
    await (await producer.get()).send({ topic: physicalTopic, acks: -1, messages });
  };

  const bus: Bus = {
    topicName,
    async ensureTopics(topics, { partitions } = {}) {
      // Each with its declared settings (contracts): partitions (TOPIC_PARTITIONS; `partitions`
      // instead when given) and retention (TOPIC_RETENTION_MS: entity topics are kept for ever).
      const retentionOf = (topic: string): number | undefined => (TOPIC_RETENTION_MS as Record<string, number>)[topic];
      const declared = [...new Map(topics.flatMap((topic) => [
        [topicName(topic), { name: topicName(topic), retentionMs: retentionOf(topic), partitions: partitions ?? declaredPartitions(topic) }] as const,
        [topicName(topic) + DLQ_SUFFIX, { name: topicName(topic) + DLQ_SUFFIX, retentionMs: DLQ_RETENTION_MS, partitions: partitions ?? DLQ_PARTITIONS }] as const,
      ])).values()];
      const client = await admin.get();
      for (const count of new Set(declared.map((topic) => topic.partitions))) {
        await ensureKafkaTopics(client, declared.filter((topic) => topic.partitions === count), count);
      }
      await raiseKafkaPartitions(client, new Map(declared.map((topic) => [topic.name, topic.partitions])), logger);
    },
    async publish(events) {
      if (events.length === 0) return;
      const byTopic = new Map<string, RawMessage[]>();
      const spans: Span[] = [];
      for (const stored of events) {
        // An event from the outbox carries the trace of the write that caused it; the publish
        // continues that trace, and the context travels on in the message's headers only.
        const { [TRACEPARENT]: traceparent, ...event } = stored as TDomainEvent & { [TRACEPARENT]?: string };
        const topic = topicName(EVENT_TOPIC[event.type]);
        const parent = traceparent ? contextFromCarrier({ [TRACEPARENT]: traceparent }) : context.active();
        const span = tracerFor(serviceOfName(event.producer)).startSpan(
          `publish ${EVENT_TOPIC[event.type]}`,
          { kind: SpanKind.PRODUCER, attributes: messagingAttributes(topic, event as TDomainEvent, "publish") },
          parent,
        );
        spans.push(span);
        const headers: Record<string, string> = {
          [HEADER.requestId]: currentRequestId() ?? event.id,
          [HEADER.eventType]: event.type,
          [HEADER.eventId]: event.id,
        };
        injectTraceHeaders(headers, trace.setSpan(parent, span));
        const messages = byTopic.get(topic) ?? [];
        messages.push({ key: event.subject, value: JSON.stringify(event), headers });
        byTopic.set(topic, messages);
      }
      try {
        await (await producer.get()).sendBatch({
          acks: -1,
          topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
        });
      } catch (error) {
        for (const span of spans) markFailed(span, error);
        throw error;
      } finally {
        for (const span of spans) span.end();
      }
    },
    publishRaw,
    consumer(consumerOptions) {
      // Group ids share the prefix too: two test runs (or environments) never join one group.
      const prefixed = { ...consumerOptions, groupId: topicName(consumerOptions.groupId) };
      const service = serviceOfName(consumerOptions.groupId);
      const consumer = createBusConsumer(kafka, prefixed, { logger, topicName, publishRaw, service, ensureTopics: (topics) => bus.ensureTopics(topics) });
      const stopReportingLag = metricsFor(service).addSource("kafka_consumer_lag", async () =>
        consumerLag(await admin.get(), prefixed.groupId, consumer.topics.map(topicName)),
      );
      const reported: EventConsumer = {
        topics: consumer.topics,
        start: consumer.start,
        async stop() {
          stopReportingLag();
          await consumer.stop();
        },
      };
      consumers.add(reported);
      return reported;
    },
    rawConsumer(rawOptions) {
      const consumer = createRawConsumer(kafka, { ...rawOptions, groupId: topicName(rawOptions.groupId) }, logger);
      consumers.add(consumer);
      return consumer;
    },
    async readTopic(physicalTopic) {
      const client = await admin.get();
      if (!(await client.listTopics()).includes(physicalTopic)) return [];
      const ends = new Map<number, number>();
      for (const { partition, high, low } of await client.fetchTopicOffsets(physicalTopic)) {
        if (Number(high) > Number(low)) ends.set(partition, Number(high));
      }
      const messages: ReceivedRawMessage[] = [];
      if (ends.size === 0) return messages;
      let reachedEnd: () => void = () => undefined;
      const isAtEnd = new Promise<void>((resolve) => (reachedEnd = resolve));
      const groupId = topicName(`tools.reader.${randomUUID()}`);
      const reader = createRawConsumer(kafka, {
        groupId,
        physicalTopics: [physicalTopic],
        onMessage(message) {
          const end = ends.get(message.partition);
          if (end === undefined || Number(message.offset) >= end) return;
          messages.push(message);
          if (Number(message.offset) + 1 >= end) ends.delete(message.partition);
          if (ends.size === 0) reachedEnd();
        },
      }, logger);
      void reader.start();
      try {
        await withTimeout(isAtEnd, READ_TOPIC_TIMEOUT_MS, `reading ${physicalTopic} did not reach its end within ${READ_TOPIC_TIMEOUT_MS} ms`);
      } finally {
        await reader.stop();
        await client.deleteGroups([groupId]).catch(() => undefined);
      }
      return messages.sort((a, b) => a.partition - b.partition || Number(a.offset) - Number(b.offset));
    },
    async deleteOwnTopics() {
      if (!topicPrefix) throw new Error("deleteOwnTopics needs a topic prefix: it would delete every topic");
      const client = await admin.get();
      const own = (await client.listTopics()).filter((topic) => topic.startsWith(topicPrefix));
      if (own.length > 0) await client.deleteTopics({ topics: own, timeout: 10_000 });
      return own.length;
    },
    async ping() {
      const cluster = await (await admin.get()).describeCluster();
      return { clusterId: cluster.clusterId, brokers: cluster.brokers.length };
    },
    async close() {
      await Promise.allSettled([...consumers].map((consumer) => consumer.stop()));
      await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
    },
  };
  return bus;
}

/** A catalogue topic's partitions; a topic outside the catalogue (a test's, a benchmark's) gets 3. */
function declaredPartitions(topic: string): number {
  return (TOPIC_PARTITIONS as Record<string, number>)[topic] ?? 3;
}

/** How long readTopic may take (a fresh group's join included) before it gives up. */
const READ_TOPIC_TIMEOUT_MS = 60_000;

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** Attributes of a messaging span (OTel semantic conventions for Kafka). */
export function messagingAttributes(physicalTopic: string, event: TDomainEvent, operation: "publish" | "process") {
  return {
    "messaging.system": "kafka",
    "messaging.operation.type": operation,
    "messaging.destination.name": physicalTopic,
    "messaging.message.id": event.id,
    "messaging.kafka.message.key": event.subject,
    "amia.event.type": event.type,
  };
}

/**
 * Per partition of each topic the group reads: the high watermark minus the group's committed
 * offset (all of the partition while the group has committed nothing there).
 */
async function consumerLag(admin: Admin, groupId: string, topics: string[]) {
  const committed = await admin.fetchOffsets({ groupId, topics });
  const rows: Array<{ labels: { group: string; topic: string; partition: number }; value: number }> = [];
  for (const topic of topics) {
    const watermarks = await admin.fetchTopicOffsets(topic);
    const offsets = committed.find((entry) => entry.topic === topic)?.partitions ?? [];
    for (const { partition, high, low } of watermarks) {
      const offset = Number(offsets.find((entry) => entry.partition === partition)?.offset ?? -1);
      const lag = Number(high) - (offset >= 0 ? offset : Number(low));
      rows.push({ labels: { group: groupId, topic, partition }, value: Math.max(0, lag) });
    }
  }
  return rows;
}

interface Connectable {
  connect: () => Promise<void>;
  disconnect: () => Promise<void>;
}

/** One connection, opened on the first `get()`; a failed connect is retried on the next call. */
function lazilyConnected<T extends Connectable>(create: () => T) {
  let connected: Promise<T> | undefined;
  return {
    get(): Promise<T> {
      connected ??= (async () => {
        const client = create();
        await client.connect();
        return client;
      })().catch((error: unknown) => {
        connected = undefined;
        throw error;
      });
      return connected;
    },
    async disconnect(): Promise<void> {
      const open = connected;
      connected = undefined;
      // A connect still retrying against an absent broker can take a minute: closing does not
      // wait for it; the client it opens, if any, is closed then.
      const closed = open?.then((client) => client.disconnect());
      closed?.catch(() => undefined);
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    },
  };
}
