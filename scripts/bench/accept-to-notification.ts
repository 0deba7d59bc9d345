/**
 * Benchmark (not a test): latency from "relationship request accepted" to "notification stored",
 * through the real path: relationships writes the acceptance and its event in one document, the
 * outbox relay publishes it to Kafka, notifications consumes it and stores the requester's
 * notification. Printed beside the raw produce -> consume round trip of the same broker, measured
 * in the same run, which is the floor any event-driven step here can reach.
 *
 *   npm run bench:notify                 200 runs each (the default)
 *   npm run bench:notify -- --runs 500
 *
 * Needs the local infrastructure (`npm run infra -- up`) or KAFKA_BROKERS / MONGO_URL / REDIS_URL.
 */
import { randomUUID } from "node:crypto";
import { createTestHarness, type MountedService, type TestInfra } from "@amia/kit/testing";
import { createIdentityService } from "../../services/identity/src/app.ts";
import { createRelationshipsService } from "../../services/relationships/src/app.ts";
import { createNotificationsService } from "../../services/notifications/src/app.ts";
import { numberOption } from "./options.ts";

const runs = numberOption("runs", 200);
const POLL_MS = 1;
const infra: TestInfra = {
  kafkaBrokers: (process.env.KAFKA_BROKERS ?? "127.0.0.1:9092").split(","),
  mongoUrl: process.env.MONGO_URL ?? "mongodb://127.0.0.1:27017/",
  redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
};

const harness = await createTestHarness("bench", infra);
try {
  const identity = await harness.mount("identity", createIdentityService);
  const relationships = await harness.mount("relationships", createRelationshipsService);
  const notifications = await harness.mount("notifications", createNotificationsService);

  console.log(`Signing in 1 requester and ${runs} people to connect with...`);
  const requester = await signIn(identity, "requester");
  const people = [];
  for (let i = 0; i < runs; i++) people.push(await signIn(identity, `person-${i}`));
  await waitFor(async () => (await relationships.db.collection("users").countDocuments()) === runs + 1, 60_000);

  console.log(`Measuring ${runs} acceptances...`);
  const acceptToStored: number[] = [];
  for (const person of people) {
    const sent = await relationships.as(requester).post("/api/v1/relationship-requests", { requested_email: person.email });
    if (sent.status !== 201) throw new Error(`request failed: ${JSON.stringify(sent.body)}`);
    const requestId = sent.body.relationship_request.id as string;
    const accepted = await relationships.as(person).post(`/api/v1/relationship-requests/${requestId}/approve`);
    if (accepted.status !== 200) throw new Error(`approve failed: ${JSON.stringify(accepted.body)}`);
    const acceptedAt = performance.now();
    await waitFor(
      async () => (await notifications.db.collection("notifications").countDocuments({ user_id: requester.id, subject_id: requestId, kind: "relationship_request_accepted" })) === 1,
      30_000,
    );
    acceptToStored.push(performance.now() - acceptedAt);
  }

  console.log(`Measuring ${runs} raw produce -> consume round trips...`);
  const roundTrip = await rawRoundTrips(runs);

  console.log("");
  console.log(`${"latency (ms)".padEnd(44)} ${"p50".padStart(7)} ${"p90".padStart(7)} ${"p99".padStart(7)} ${"max".padStart(7)}   runs`);
  report("relationship accepted -> notification stored", acceptToStored);
  report("raw kafkajs produce -> consume (same broker)", roundTrip);
  const p99 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.ceil(0.99 * samples.length) - 1]!;
  const ratio = p99(acceptToStored) / p99(roundTrip);
  console.log(`\np99 accepted -> notification / p99 raw round trip: ${ratio.toFixed(1)}× (target ≤ 10×: ${ratio <= 10 ? "met" : "NOT met"})`);
  console.log(`\n(notification polled every ${POLL_MS} ms; Node ${process.version}; Kafka ${infra.kafkaBrokers.join(",")})`);
} finally {
  await harness.close();
}

async function signIn(identity: MountedService, label: string): Promise<{ id: string; email: string }> {
  const email = `${label}-${randomUUID().slice(0, 8)}@bench.example`;
  const response = await identity.asService("bff").post("/internal/users/sign-in", {
    issuer: "https://bench.example",
    subject: randomUUID(),
    provider: "bench",
    email,
    email_verified: true,
    name: label,
  });
  return { id: response.body.user.id, email };
}

async function rawRoundTrips(count: number): Promise<number[]> {
  const topic = harness.bus.topicName("bench-round-trip");
  await harness.bus.ensureTopics(["bench-round-trip"], { partitions: 1 });
  const arrived = new Map<string, number>();
  const consumer = harness.bus.rawConsumer({ groupId: "bench-round-trip", physicalTopics: [topic], onMessage: (message) => void arrived.set(message.value, performance.now()) });
  await consumer.start();
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const value = randomUUID();
    const sentAt = performance.now();
    await harness.bus.publishRaw(topic, [{ key: "bench", value }]);
    await waitFor(async () => arrived.has(value), 30_000);
    samples.push(arrived.get(value)! - sentAt);
  }
  await consumer.stop();
  return samples;
}

async function waitFor(probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function report(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const cell = (value: number) => value.toFixed(1).padStart(7);
  console.log(`${label.padEnd(44)} ${cell(at(0.5))} ${cell(at(0.9))} ${cell(at(0.99))} ${cell(sorted.at(-1)!)}   ${samples.length}`);
}
