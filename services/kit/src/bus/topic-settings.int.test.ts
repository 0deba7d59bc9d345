import { afterEach, describe, expect, it } from "vitest";
import { Kafka, logLevel } from "kafkajs";
import { DLQ_RETENTION_MS, TOPIC_RETENTION_MS } from "@amia/contracts";
import { createBus, type Bus } from "./bus.ts";
import { TOPIC_RESOURCE } from "./kafka-client.ts";
import { quietLogger, testInfra, uniqueTestNames } from "../testing/isolation.ts";

/*
 * ensureTopics gives each topic its declared retention (contracts TOPIC_RETENTION_MS): on the
 * topics it creates, and on ones that exist with the broker's default (7 days), so the entity
 * topics projections are rebuilt from are kept for ever wherever the services run.
 */

const kafka = new Kafka({ clientId: "topic-settings-test", brokers: testInfra().kafkaBrokers, logLevel: logLevel.NOTHING });
const admin = kafka.admin();
let bus: Bus | undefined;
afterEach(async () => {
  await bus?.deleteOwnTopics().catch(() => undefined);
  await bus?.close();
  await admin.disconnect();
});

async function settingsOf(topics: string[]): Promise<Record<string, Record<string, string>>> {
  const described = await admin.describeConfigs({ includeSynonyms: false, resources: topics.map((name) => ({ type: TOPIC_RESOURCE, name })) });
  return Object.fromEntries(described.resources.map((resource) => [resource.resourceName, Object.fromEntries(resource.configEntries.map((entry) => [entry.configName, entry.configValue]))]));
}

describe("bus.ensureTopics: topic settings", () => {
  it("creates topics with their declared retention and corrects an existing topic's, keeping its other own settings", async () => {
    const { topicPrefix } = uniqueTestNames("topic-settings");
    await admin.connect();
    // Given: users made before the declaration, with the broker's default retention and a setting of its own.
    await admin.createTopics({ topics: [{ topic: `${topicPrefix}users`, numPartitions: 3, replicationFactor: -1, configEntries: [{ name: "max.message.bytes", value: "2000000" }] }], waitForLeaders: true });
    expect((await settingsOf([`${topicPrefix}users`]))[`${topicPrefix}users`]?.["retention.ms"]).toBe("604800000");
    bus = createBus({ brokers: testInfra().kafkaBrokers, clientId: "topic-settings-test", logger: quietLogger(), topicPrefix });

    await bus.ensureTopics(["users", "event-requests"]);

    const settings = await settingsOf([`${topicPrefix}users`, `${topicPrefix}users.dlq`, `${topicPrefix}event-requests`]);
    expect(settings[`${topicPrefix}users`]).toMatchObject({ "retention.ms": String(TOPIC_RETENTION_MS.users), "max.message.bytes": "2000000" });
    expect(settings[`${topicPrefix}users`]?.["retention.ms"]).toBe("-1");
    expect(settings[`${topicPrefix}users.dlq`]?.["retention.ms"]).toBe(String(DLQ_RETENTION_MS));
    expect(settings[`${topicPrefix}event-requests`]?.["retention.ms"]).toBe(String(TOPIC_RETENTION_MS["event-requests"]));
  });
});
