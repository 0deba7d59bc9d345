import { Kafka, logLevel, Partitioners, type Admin, type Producer } from "kafkajs";
import type { Logger } from "pino";
import { kafkajsLogLevel } from "./kafkajs-log-level.ts";
import { silenceKafkajsNegativeTimeout } from "./kafkajs-timeout-warning.ts";
import { isRetriableKafkaError, retryTransient } from "./retry-transient.ts";

/**
 * Every use of kafkajs stays inside this folder (DESIGN.md "Libraries"): kafkajs is in
 * maintenance mode, and swapping it must touch one place only.
 */

export interface KafkaClientOptions {
  brokers: string[];
  clientId: string;
  logger: Logger;
}

export function createKafka({ brokers, clientId, logger }: KafkaClientOptions): Kafka {
  silenceKafkajsNegativeTimeout();
  const kafkaLogger = logger.child({ component: "kafkajs" });
  return new Kafka({
    clientId,
    brokers,
    connectionTimeout: 3_000,
    retry: { initialRetryTime: 200, retries: 8 },
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ level, log }) => {
        const { message, ...rest } = log;
        kafkaLogger[kafkajsLogLevel(level, log)](rest, message);
      },
  });
}

/** Idempotent producer with acks from all in-sync replicas: no duplicates from retries, no loss. */
export function createIdempotentProducer(kafka: Kafka): Producer {
  return kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
}

/**
 * Creates the missing topics, then waits until every named topic (also one another process is
 * creating at this moment) has a leader for each partition: before that, a subscribe or send
 * fails with "does not host this topic-partition". kafkajs waits for leaders only of topics
 * it created itself, so services starting together raced one another here.
 */
export async function ensureKafkaTopics(admin: Admin, topics: string[], partitions: number): Promise<void> {
  await retryTransient(async () => {
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((topic) => !existing.has(topic));
    // Resolves false when another process created them first; that is fine.
    if (missing.length > 0) {
      await admin.createTopics({ topics: missing.map((topic) => ({ topic, numPartitions: partitions, replicationFactor: -1 })) });
    }
    const metadata = await admin.fetchTopicMetadata({ topics });
    const leaderless = metadata.topics.filter((topic) => topic.partitions.length === 0 || topic.partitions.some((partition) => partition.leader < 0));
    if (leaderless.length > 0) {
      throw Object.assign(new Error(`topics without a leader yet: ${leaderless.map((topic) => topic.name).join(", ")}`), { retriable: true });
    }
  }, isRetriableKafkaError);
}
