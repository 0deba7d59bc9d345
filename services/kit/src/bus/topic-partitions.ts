import type { Admin } from "kafkajs";
import type { Logger } from "pino";
import { isRetriableKafkaError, retryTransient } from "./retry-transient.ts";

/**
 * Raises each topic that has fewer partitions than wanted (a topic made before the declaration
 * grew, or by an older version) to the wanted count, as the k8s kafka-topics Job does; never
 * lowers one (Kafka cannot). Growing moves keys: an aggregate's messages published after it may
 * land in another partition than its earlier ones, so this runs at start-up, before the
 * process's consumers read, where any backlog is smallest.
 */
export async function raiseKafkaPartitions(admin: Admin, wanted: ReadonlyMap<string, number>, logger: Logger): Promise<void> {
  await retryTransient(async () => {
    const metadata = await admin.fetchTopicMetadata({ topics: [...wanted.keys()] });
    const short = metadata.topics.flatMap((topic) => {
      const count = wanted.get(topic.name) ?? 0;
      return topic.partitions.length < count ? [{ topic: topic.name, count, from: topic.partitions.length }] : [];
    });
    if (short.length > 0) {
      try {
        await admin.createPartitions({ topicPartitions: short.map(({ topic, count }) => ({ topic, count })) });
        for (const { topic, count, from } of short) logger.info({ topic, from, to: count }, "raised the topic's partitions to the declared count");
      } catch (error) {
        // Another process raised it first ("INVALID_PARTITIONS": it has that many now): fine.
        if ((error as { type?: string }).type !== "INVALID_PARTITIONS") throw error;
      }
      throw Object.assign(new Error("partitions raised; waiting for their leaders"), { retriable: true });
    }
    // New partitions have no leader for a moment: a subscribe or send to one would fail.
    const leaderless = metadata.topics.filter((topic) => topic.partitions.some((partition) => partition.leader < 0));
    if (leaderless.length > 0) {
      throw Object.assign(new Error(`partitions without a leader yet: ${leaderless.map((topic) => topic.name).join(", ")}`), { retriable: true });
    }
  }, isRetriableKafkaError);
}
