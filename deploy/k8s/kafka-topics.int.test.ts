import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBus, type Bus } from "@amia/kit";
import { quietLogger, testInfra, uniqueTestNames } from "@amia/kit/testing";
import { parseTopicDeclarations } from "./checks.ts";

/**
 * The kafka-topics Job's script (base/kafka-topics/declare-topics.sh) against the real broker,
 * with Kafka's own tools as the apache/kafka image has them (here: the same version's jars that
 * deploy/local runs the broker from, behind two wrappers named like the image's scripts). Under
 * a topic prefix of its own: one topic made beforehand as a starting service would (3 partitions),
 * the rest missing.
 */
const here = import.meta.dirname;
const root = join(here, "../..");
const declared = parseTopicDeclarations(readFileSync(join(here, "base/kafka-topics/topics.txt"), "utf8"));
const kafkaVersion = /<kafka.version>(.+)<\/kafka.version>/.exec(readFileSync(join(root, "deploy/local/kafka/pom.xml"), "utf8"))![1]!;
const libs = join(root, "deploy/local/.cache", `kafka-${kafkaVersion}`, "libs");

let bin: string;
let bus: Bus;
const names = uniqueTestNames("k8s-topics");
const brokers = testInfra().kafkaBrokers.join(",");

/** Runs one of Kafka's tools (through the wrappers) and returns what it printed. */
function kafkaTool(script: string, args: string[]): string {
  const result = spawnSync(join(bin, script), args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${script} ${args.join(" ")}: ${result.stderr}`);
  return result.stdout;
}

beforeAll(async () => {
  if (!existsSync(libs)) throw new Error(`Kafka ${kafkaVersion}'s jars are not in ${libs}: run \`npm run infra -- up\` once (it fetches them)`);
  bin = mkdtempSync(join(tmpdir(), "kafka-bin-"));
  // Quiet tools: the broker's log4j settings would write to files, the default ones to stdout.
  writeFileSync(join(bin, "log4j.properties"), "log4j.rootLogger=WARN, stderr\nlog4j.appender.stderr=org.apache.log4j.ConsoleAppender\nlog4j.appender.stderr.Target=System.err\nlog4j.appender.stderr.layout=org.apache.log4j.PatternLayout\n");
  for (const [script, mainClass] of [["kafka-topics.sh", "org.apache.kafka.tools.TopicCommand"], ["kafka-configs.sh", "kafka.admin.ConfigCommand"]]) {
    writeFileSync(join(bin, script!), `#!/bin/sh\nexec java -Dlog4j.configuration=file:${bin}/log4j.properties -cp '${libs}/*' ${mainClass} "$@"\n`);
    chmodSync(join(bin, script!), 0o755);
  }
  bus = createBus({ brokers: brokers.split(","), clientId: "k8s-topics-test", logger: quietLogger(), topicPrefix: names.topicPrefix });
  // A service that started first made users (and users.dlq) with the kit's default 3 partitions.
  await bus.ensureTopics(["users"], { partitions: 3 });
}, 120_000);

afterAll(async () => {
  await bus?.deleteOwnTopics();
  await bus?.close();
  if (bin) rmSync(bin, { recursive: true, force: true });
});

describe("the kafka-topics Job's script", () => {
  it("creates every declared topic with its partitions and retention, and raises a topic made smaller before it", () => {
    const run = spawnSync("sh", [join(here, "base/kafka-topics/declare-topics.sh"), join(here, "base/kafka-topics/topics.txt")], {
      encoding: "utf8",
      env: { ...process.env, KAFKA_BIN: bin, KAFKA_BROKERS: brokers, KAFKA_TOPIC_PREFIX: names.topicPrefix, REPLICATION_FACTOR: "1" },
    });
    expect(run.stderr).not.toMatch(/ERROR|Exception/);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`${names.topicPrefix}users: partitions 3 -> 12`);
    // Partitions never shrink: the dead-letter topic the service made keeps its 3, and says so.
    expect(run.stdout).toContain(`${names.topicPrefix}users.dlq: has 3 partitions, more than the 1 declared (Kafka cannot lower them); left as is`);

    // Then the broker says so, topic by topic (Kafka's own describe, not the script's words).
    const described = kafkaTool("kafka-topics.sh", ["--bootstrap-server", brokers, "--describe", "--topic", `${names.topicPrefix.replaceAll(".", "\\.")}.*`]);
    const summaries = new Map(
      [...described.matchAll(/^Topic: (\S+)\s+TopicId: \S+\s+PartitionCount: (\d+)\s+ReplicationFactor: \d+\s+Configs: (.*)$/gm)].map((match) => [
        match[1]!.slice(names.topicPrefix.length),
        { partitions: Number(match[2]), retentionMs: Number(/retention\.ms=(-?\d+)/.exec(match[3]!)?.[1]) },
      ]),
    );
    const expected = Object.fromEntries(declared.map((topic) => [topic.name, { partitions: topic.partitions, retentionMs: topic.retentionMs }]));
    expect(Object.fromEntries(summaries)).toEqual({ ...expected, "users.dlq": { ...expected["users.dlq"], partitions: 3 } });
  }, 300_000);
});
