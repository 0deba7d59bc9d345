import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { AssignerProtocol, Kafka, logLevel } from "kafkajs";
import { MongoClient } from "mongodb";
import { TOPIC_PARTITIONS } from "@amia/contracts";
import { createBus } from "./bus.ts";
import { eventually, quietLogger, testInfra, uniqueTestNames } from "../testing/isolation.ts";
import { userRegistered } from "../testing/fixtures.ts";

/**
 * Issue 14's "replicas sharing a consumer group", on the real Kafka and database: three replicas
 * of one consuming service, each its own process (testing/replica-consumer.ts: the kit's bus
 * consumer, an idempotent effect in the database), share the partitions of `users` (as many as
 * contracts declare). One replica is SIGKILLed in the middle of a message it has already applied;
 * the two others take its partitions once its session expires, and every event has its effect
 * exactly once: none lost, the redelivered one absorbed by the effect's unique key.
 */
const infra = testInfra();
const names = uniqueTestNames("replicas");
const GROUP = "replicas.effect";
const STALL = "Batch Two";
const bus = createBus({ brokers: infra.kafkaBrokers, clientId: "replicas-test", logger: quietLogger(), topicPrefix: names.topicPrefix });
const admin = new Kafka({ brokers: infra.kafkaBrokers, clientId: "replicas-test-admin", logLevel: logLevel.NOTHING }).admin();
const mongo = new MongoClient(infra.mongoUrl);
const db = mongo.db(names.dbName);
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await bus.deleteOwnTopics().catch(() => undefined);
  await db.dropDatabase().catch(() => undefined);
  await Promise.allSettled([bus.close(), admin.disconnect(), mongo.close()]);
});

/** Starts one replica process and resolves once its consumer has joined the group. */
function startReplica(name: string, extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(import.meta.dirname, "../testing/replica-consumer.ts")], {
    env: {
      PATH: process.env.PATH ?? "",
      REPLICA_NAME: name,
      REPLICA_GROUP: GROUP,
      KAFKA_BROKERS: infra.kafkaBrokers.join(","),
      KAFKA_TOPIC_PREFIX: names.topicPrefix,
      MONGO_URL: infra.mongoUrl,
      MONGO_DB: names.dbName,
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.includes('"msg":"joined"')) resolve(child);
    });
    child.once("exit", (code, signal) => reject(new Error(`replica ${name} exited (${signal ?? code}) before joining:\n${stderr}`)));
  });
}

/** The group as the broker sees it: its state and each member's (client id's) partitions of `users`. */
async function group(): Promise<{ state: string; partitionsOf: Map<string, number[]> }> {
  const { groups } = await admin.describeGroups([bus.topicName(GROUP)]);
  const described = groups[0]!;
  const partitionsOf = new Map(
    described.members.map((member) => {
      const decoded = member.memberAssignment.length > 0 ? AssignerProtocol.MemberAssignment.decode(member.memberAssignment) : null;
      return [member.clientId, [...(decoded?.assignment[bus.topicName("users")] ?? [])].sort((a, b) => a - b)] as const;
    }),
  );
  return { state: described.state, partitionsOf };
}

const allPartitions = Array.from({ length: TOPIC_PARTITIONS.users }, (_, partition) => partition);

describe("replicas of a service sharing a consumer group (real Kafka, child processes)", () => {
  it("share the partitions; when one is killed mid-message the others take its partitions, and every event has its effect exactly once", async () => {
    await admin.connect();
    await bus.ensureTopics(["users"]);
    const effects = db.collection<{ _id: string; replica: string }>("effects");
    const deliveries = db.collection<{ event_id: string; replica: string; partition: number; name: string }>("deliveries");

    // Given three replicas of one service in one group, which has settled on sharing all the partitions.
    await Promise.all([startReplica("a"), startReplica("b")]);
    const doomed = await startReplica("c", { REPLICA_STALL_ON_NAME: STALL });
    const shared = await eventually(async () => {
      const now = await group();
      const assigned = [...now.partitionsOf.values()].flat().sort((a, b) => a - b);
      return now.state === "Stable" && now.partitionsOf.size === 3 && [...now.partitionsOf.values()].every((parts) => parts.length > 0) && JSON.stringify(assigned) === JSON.stringify(allPartitions) && now;
    }, 60_000, 250);
    const partitionsOfC = shared.partitionsOf.get("replica-c")!;

    // When events arrive, each replica handles those of its own partitions.
    const firstBatch = Array.from({ length: 36 }, () => userRegistered());
    await bus.publish(firstBatch);
    await eventually(async () => (await effects.countDocuments()) === firstBatch.length, 30_000);
    const firstDeliveries = await deliveries.find().toArray();
    expect([...new Set(firstDeliveries.map((delivery) => delivery.replica))].sort()).toEqual(["a", "b", "c"]);
    for (const { replica, partition } of firstDeliveries) {
      expect(shared.partitionsOf.get(`replica-${replica}`), `replica ${replica} handled partition ${partition}`).toContain(partition);
    }

    // And replica c is killed (SIGKILL: no goodbye, no commit) while in a message whose effect it has applied.
    const secondBatch = Array.from({ length: 36 }, () => {
      const event = userRegistered();
      return { ...event, data: { ...event.data, name: STALL } };
    });
    await bus.publish(secondBatch);
    const caught = await eventually(() => deliveries.findOne({ replica: "c", name: STALL }), 30_000);
    // Its delivery is recorded before its effect: kill it only once the effect is written (while c
    // lives nobody else holds that partition, so the effect is c's), or the kill may land between.
    await eventually(() => effects.findOne({ _id: caught.event_id }), 30_000);
    doomed.kill("SIGKILL");

    // Then the two others take all of its partitions (once the broker has dropped its session) ...
    const after = await eventually(async () => {
      const now = await group();
      const assigned = [...now.partitionsOf.values()].flat().sort((a, b) => a - b);
      return now.state === "Stable" && now.partitionsOf.size === 2 && JSON.stringify(assigned) === JSON.stringify(allPartitions) && now;
    }, 60_000, 250);
    expect([...after.partitionsOf.keys()].sort()).toEqual(["replica-a", "replica-b"]);

    // ... and every event of both batches has its effect, exactly once: nothing lost, nothing twice.
    const published = [...firstBatch, ...secondBatch].map((event) => event.id).sort();
    await eventually(async () => (await effects.countDocuments()) >= published.length, 30_000);
    expect((await effects.find().toArray()).map((effect) => effect._id).sort()).toEqual(published);

    // The message c was killed in was delivered again (its offset was never committed), to a
    // replica that took c's partition; the effect's unique key absorbed the second delivery.
    const redelivered = await deliveries.find({ event_id: caught.event_id }).toArray();
    expect(redelivered.map((delivery) => delivery.replica).sort()).toEqual([expect.stringMatching(/^[ab]$/), "c"]);
    expect(partitionsOfC).toContain(caught.partition);
    expect((await effects.findOne({ _id: caught.event_id }))?.replica).toBe("c");
    // Every event of c's partitions in the second batch was handled by a survivor.
    const secondOnC = await deliveries.find({ name: STALL, partition: { $in: partitionsOfC } }).toArray();
    const handledBySurvivors = new Set(secondOnC.filter((delivery) => delivery.replica !== "c").map((delivery) => delivery.event_id));
    expect([...new Set(secondOnC.map((delivery) => delivery.event_id))].every((id) => handledBySurvivors.has(id))).toBe(true);
  }, 180_000);
});
