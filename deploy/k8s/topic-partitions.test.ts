import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_TOPICS, DLQ_PARTITIONS, TOPIC_PARTITIONS } from "@amia/contracts";
import { parseTopicDeclarations } from "./checks.ts";

/**
 * One count of partitions per topic: the code's declaration (contracts TOPIC_PARTITIONS, what the
 * services' ensureTopics creates and raises to) and the cluster's (the kafka-topics Job's
 * topics.txt) say the same, so neither a local stack nor a cluster has a topic its consumers'
 * replicas cannot share.
 */
const declared = parseTopicDeclarations(readFileSync(join(import.meta.dirname, "base/kafka-topics/topics.txt"), "utf8"));

describe("topic partitions", () => {
  it("topics.txt gives each topic the partitions contracts declare, and each dead-letter topic DLQ_PARTITIONS", () => {
    const inFile = Object.fromEntries(declared.map((topic) => [topic.name, topic.partitions]));
    const inCode = Object.fromEntries(ALL_TOPICS.flatMap((topic) => [[topic, TOPIC_PARTITIONS[topic]], [`${topic}.dlq`, DLQ_PARTITIONS]]));
    expect(inFile).toEqual(inCode);
  });
});
