import { afterAll, describe, expect, it } from "vitest";
import { Kafka, logLevel } from "kafkajs";
import { DLQ_PARTITIONS, TOPIC_PARTITIONS } from "@amia/contracts";
import { createBus } from "./bus.ts";
import { quietLogger, testInfra, uniqueTestNames } from "../testing/isolation.ts";

/** ensureTopics against the real broker: what Kafka itself then says of each topic's partitions. */
const { topicPrefix } = uniqueTestNames("partitions");
const bus = createBus({ brokers: testInfra().kafkaBrokers, clientId: "partitions-test", logger: quietLogger(), topicPrefix });
const admin = new Kafka({ brokers: testInfra().kafkaBrokers, clientId: "partitions-test-admin", logLevel: logLevel.NOTHING }).admin();

afterAll(async () => {
  await bus.deleteOwnTopics();
  await Promise.all([bus.close(), admin.disconnect()]);
});

async function partitionsOf(...topics: string[]): Promise<Record<string, number>> {
  await admin.connect();
  const { topics: described } = await admin.fetchTopicMetadata({ topics: topics.map(bus.topicName) });
  return Object.fromEntries(described.map((topic) => [topic.name.slice(topicPrefix.length), topic.partitions.length]));
}

describe("topics' partitions", () => {
  it("a topic is made with its declared partitions, its dead-letter topic with one", async () => {
    await bus.ensureTopics(["event-requests"]);
    expect(await partitionsOf("event-requests", "event-requests.dlq")).toEqual({ "event-requests": TOPIC_PARTITIONS["event-requests"], "event-requests.dlq": DLQ_PARTITIONS });
  });

  it("a topic made smaller before (an older version's 3) is raised to the declared count, every partition with a leader; a larger one is left as is", async () => {
    await bus.ensureTopics(["users"], { partitions: 3 });
    expect(await partitionsOf("users", "users.dlq")).toEqual({ users: 3, "users.dlq": 3 });

    await bus.ensureTopics(["users"]);

    expect(await partitionsOf("users", "users.dlq")).toEqual({ users: TOPIC_PARTITIONS.users, "users.dlq": 3 });
    const { topics } = await admin.fetchTopicMetadata({ topics: [bus.topicName("users")] });
    expect(topics[0]!.partitions.every((partition) => partition.leader >= 0)).toBe(true);
    // A publish to the raised topic lands (no "does not host this topic-partition").
    await bus.publishRaw(bus.topicName("users"), Array.from({ length: 24 }, (_, index) => ({ key: `k${index}`, value: "{}" })));
  });
});
