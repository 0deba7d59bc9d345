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

/**
 * Creates the missing topics and waits for their leaders. Right after creation a broker may
 * still answer "does not host this topic-partition" while leaders are elected; that is retried.
 */
export async function ensureKafkaTopics(admin: Admin, topics: string[], partitions: number, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      const existing = new Set(await admin.listTopics());
      const missing = topics.filter((topic) => !existing.has(topic));
      if (missing.length === 0) return;
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((topic) => ({ topic, numPartitions: partitions, replicationFactor: -1 })),
      });
      return;
    } catch (error) {
      const isTransient = (error as { type?: string }).type === "UNKNOWN_TOPIC_OR_PARTITION" || (error as { type?: string }).type === "LEADER_NOT_AVAILABLE";
      if (!isTransient || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
