import { Kafka, logLevel, Partitioners, type Admin, type ConfigResourceTypes, type Producer } from "kafkajs";
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
export async function ensureKafkaTopics(admin: Admin, topics: ReadonlyArray<{ name: string; retentionMs?: number }>, partitions: number): Promise<void> {
  const names = topics.map((topic) => topic.name);
  const retentionOf = new Map(topics.flatMap((topic) => (topic.retentionMs === undefined ? [] : [[topic.name, String(topic.retentionMs)] as const])));
  await retryTransient(async () => {
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((topic) => !existing.has(topic.name));
    // Resolves false when another process created them first; that is fine.
    if (missing.length > 0) {
      await admin.createTopics({
        topics: missing.map((topic) => ({
          topic: topic.name,
          numPartitions: partitions,
          replicationFactor: -1,
          ...(retentionOf.has(topic.name) ? { configEntries: [{ name: RETENTION, value: retentionOf.get(topic.name)! }] } : {}),
        })),
      });
    }
    const metadata = await admin.fetchTopicMetadata({ topics: names });
    const leaderless = metadata.topics.filter((topic) => topic.partitions.length === 0 || topic.partitions.some((partition) => partition.leader < 0));
    if (leaderless.length > 0) {
      throw Object.assign(new Error(`topics without a leader yet: ${leaderless.map((topic) => topic.name).join(", ")}`), { retriable: true });
    }
    await applyRetention(admin, retentionOf);
  }, isRetriableKafkaError);
}

const RETENTION = "retention.ms";
/** kafkajs's ConfigResourceTypes.TOPIC: the enum is not a named export Node's ESM loader sees in kafkajs's CommonJS. */
export const TOPIC_RESOURCE = 2 as ConfigResourceTypes.TOPIC;

/**
 * Brings `retention.ms` of existing topics to the declared value (a topic created before the
 * declaration, or by someone else, keeps the broker's default otherwise). kafkajs has only the
 * whole-set AlterConfigs, which drops a topic's other own settings: they are read and sent back.
 */
async function applyRetention(admin: Admin, retentionOf: ReadonlyMap<string, string>): Promise<void> {
  if (retentionOf.size === 0) return;
  const described = await admin.describeConfigs({
    includeSynonyms: false,
    resources: [...retentionOf.keys()].map((name) => ({ type: TOPIC_RESOURCE, name })),
  });
  const changes = described.resources.flatMap((resource) => {
    const wanted = retentionOf.get(resource.resourceName);
    const current = resource.configEntries.find((entry) => entry.configName === RETENTION)?.configValue;
    if (wanted === undefined || current === wanted) return [];
    // The topic's own settings (not broker defaults), with the retention replaced.
    const own = resource.configEntries.filter((entry) => !entry.isDefault && entry.configName !== RETENTION && !entry.readOnly);
    return [{
      type: TOPIC_RESOURCE,
      name: resource.resourceName,
      configEntries: [...own.map((entry) => ({ name: entry.configName, value: entry.configValue })), { name: RETENTION, value: wanted }],
    }];
  });
  if (changes.length > 0) await admin.alterConfigs({ validateOnly: false, resources: changes });
}
