import { Kafka, logLevel, Partitioners, type Admin, type Producer } from "kafkajs";
import type { Logger } from "pino";

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
        if (level === logLevel.ERROR) kafkaLogger.error(rest, message);
        else if (level === logLevel.WARN) kafkaLogger.warn(rest, message);
        else kafkaLogger.debug(rest, message);
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

export async function ensureKafkaTopics(admin: Admin, topics: string[], partitions: number): Promise<void> {
  const existing = new Set(await admin.listTopics());
  const missing = topics.filter((topic) => !existing.has(topic));
  if (missing.length === 0) return;
  await admin.createTopics({
    waitForLeaders: true,
    topics: missing.map((topic) => ({ topic, numPartitions: partitions, replicationFactor: -1 })),
  });
}
