import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { MongoClient } from "mongodb";
import type { TEventOf } from "@amia/contracts";
import { createBus, type Bus, type ReceivedRawMessage } from "./bus.ts";
import { InvalidEventError } from "./invalid-event.ts";
import { eventually, quietLogger, testInfra, uniqueTestNames } from "../testing/isolation.ts";
import { userRegistered } from "../testing/fixtures.ts";

const open: Bus[] = [];
afterEach(async () => {
  const buses = open.splice(0);
  await buses[0]?.deleteOwnTopics().catch(() => undefined);
  await Promise.all(buses.map((bus) => bus.close()));
});

function newBus(topicPrefix: string, clientId = "bus-test"): Bus {
  const bus = createBus({ brokers: testInfra().kafkaBrokers, clientId, logger: quietLogger(), topicPrefix });
  open.push(bus);
  return bus;
}

async function collectDeadLetters(bus: Bus, topic: string): Promise<ReceivedRawMessage[]> {
  const received: ReceivedRawMessage[] = [];
  await bus.rawConsumer({ groupId: `dlq-reader-${randomUUID()}`, physicalTopics: [bus.topicName(topic) + ".dlq"], onMessage: (m) => void received.push(m) }).start();
  return received;
}

describe("bus (real Kafka)", () => {
  it("delivers a published event to a consumer group once, even with two members", async () => {
    const { topicPrefix, id } = uniqueTestNames("bus-once");
    const bus = newBus(topicPrefix);
    await bus.ensureTopics(["users"]);
    const handled: string[] = [];
    const handlers = { "user.registered": async (event: TEventOf<"user.registered">) => void handled.push(event.id) };
    // Two members of one group, as two replicas of a service would be.
    await Promise.all([
      newBus(topicPrefix, "replica-a").consumer({ groupId: `${id}-group`, handlers }).start(),
      newBus(topicPrefix, "replica-b").consumer({ groupId: `${id}-group`, handlers }).start(),
    ]);

    const subject = randomUUID();
    const first = userRegistered(subject);
    const sentinel = userRegistered(subject); // same key, same partition: handled after `first`
    await bus.publish([first]);
    await bus.publish([sentinel]);

    await eventually(() => handled.includes(sentinel.id));
    expect(handled.filter((eventId) => eventId === first.id)).toHaveLength(1);
    expect(handled).toEqual([first.id, sentinel.id]);
  });

  it("lets services that start together each ensure the same new topics and subscribe at once", async () => {
    const { topicPrefix, id } = uniqueTestNames("bus-race");
    const handled: string[] = [];
    // As `npm start` does: several processes create the same topics concurrently, then subscribe.
    const starters = ["identity", "relationships", "events", "notifications"].map(async (service) => {
      const bus = newBus(topicPrefix, service);
      await bus.ensureTopics(["users", "relationships"]);
      await bus.consumer({ groupId: `${id}-${service}`, handlers: { "user.registered": async (event) => void handled.push(event.id) } }).start();
      return bus;
    });
    const [first] = await Promise.all(starters);
    const event = userRegistered(randomUUID());
    await first!.publish([event]);
    await eventually(() => handled.length === 4);
    expect(handled).toEqual([event.id, event.id, event.id, event.id]);
  });

  it("parks poison messages on <topic>.dlq with the reason, and keeps consuming", async () => {
    const { topicPrefix, id } = uniqueTestNames("bus-dlq");
    const bus = newBus(topicPrefix);
    await bus.ensureTopics(["users"]);
    const handled: string[] = [];
    await bus.consumer({
      groupId: `${id}-group`,
      handlers: { "user.registered": async (event) => void handled.push(event.id) },
    }).start();
    const deadLetters = await collectDeadLetters(bus, "users");

    const subject = randomUUID();
    const withoutEmail = { ...userRegistered(subject), data: { user_id: subject } };
    await bus.publishRaw(bus.topicName("users"), [
      { key: subject, value: "{this is not json" },
      { key: subject, value: JSON.stringify({ ...userRegistered(subject), type: "user.exploded" }) },
      { key: subject, value: JSON.stringify(withoutEmail) },
    ]);
    const good = userRegistered(subject);
    await bus.publish([good]);

    await eventually(() => deadLetters.length === 3 && handled.includes(good.id));
    expect(deadLetters.map((m) => m.headers["dlq-reason"])).toEqual(["invalid_json", "invalid_event", "invalid_event"]);
    expect(deadLetters[2]!.headers["dlq-error"]).toContain("data.email");
    expect(deadLetters[0]!.value).toBe("{this is not json");
    expect(deadLetters.every((m) => m.headers["dlq-original-topic"] === bus.topicName("users"))).toBe(true);
    expect(handled).toEqual([good.id]);
  });

  it("retries a handler through a database outage longer than any attempt budget; only an invalid event is dead-lettered", async () => {
    const { topicPrefix, id } = uniqueTestNames("bus-outage");
    const bus = newBus(topicPrefix);
    await bus.ensureTopics(["users"]);
    // The handler's database is "down" (nothing listens there) for 8 s — more than twice what the
    // old five attempts (~3.6 s) lasted — and then comes back.
    const down = new MongoClient("mongodb://127.0.0.1:1/", { serverSelectionTimeoutMS: 300 });
    const up = new MongoClient(testInfra().mongoUrl);
    const outageEndsAt = Date.now() + 8_000;
    const dbName = `t_${id}`;
    const attempts = new Map<string, number>();
    const subject = randomUUID();
    const delayed = userRegistered(subject);
    const invalid = userRegistered(subject); // same key: handled after `delayed`
    await bus.consumer({
      groupId: `${id}-group`,
      backoff: { initialDelayMs: 100, maxDelayMs: 1_000 },
      handlers: {
        "user.registered": async (event) => {
          attempts.set(event.id, (attempts.get(event.id) ?? 0) + 1);
          if (event.id === invalid.id) throw new InvalidEventError("names a user this service can never accept");
          const client = Date.now() < outageEndsAt ? down : up;
          await client.db(dbName).collection("seen").insertOne({ _id: event.id as never });
        },
      },
    }).start();
    const deadLetters = await collectDeadLetters(bus, "users");
    try {
      await bus.publish([delayed, invalid]);

      // The invalid event, behind the delayed one on the partition, marks that the outage is over.
      await eventually(() => deadLetters.length === 1, 30_000);
      expect(Date.now()).toBeGreaterThanOrEqual(outageEndsAt);
      expect(await up.db(dbName).collection("seen").findOne({ _id: delayed.id as never })).not.toBeNull();
      expect(attempts.get(delayed.id)).toBeGreaterThan(5);
      expect(attempts.get(invalid.id)).toBe(1);
      expect(deadLetters.map((m) => JSON.parse(m.value).id)).toEqual([invalid.id]);
      expect(deadLetters[0]!.headers["dlq-reason"]).toBe("rejected_by_handler");
      expect(deadLetters[0]!.headers["dlq-error"]).toContain("never accept");
    } finally {
      await up.db(dbName).dropDatabase().catch(() => undefined);
      await Promise.all([down.close(), up.close()]);
    }
  }, 60_000);

  it("stops promptly while a handler waits to retry, leaving its event uncommitted for the next member", async () => {
    const { topicPrefix, id } = uniqueTestNames("bus-stop");
    const bus = newBus(topicPrefix);
    await bus.ensureTopics(["users"]);
    let failures = 0;
    const failing = newBus(topicPrefix, "replica-a").consumer({
      groupId: `${id}-group`,
      backoff: { initialDelayMs: 5_000, maxDelayMs: 5_000 },
      handlers: { "user.registered": async () => {
        failures++;
        throw new Error("database unreachable");
      } },
    });
    await failing.start();
    const event = userRegistered();
    await bus.publish([event]);
    await eventually(() => failures >= 1);

    const stopStartedAt = Date.now();
    await failing.stop();
    expect(Date.now() - stopStartedAt).toBeLessThan(3_000);

    const handled: string[] = [];
    await newBus(topicPrefix, "replica-b").consumer({ groupId: `${id}-group`, handlers: { "user.registered": async (e) => void handled.push(e.id) } }).start();
    await eventually(() => handled.includes(event.id));
    expect(handled).toEqual([event.id]);
  }, 60_000);

  it("carries the request id from the publisher to the handler", async () => {
    const { topicPrefix, id } = uniqueTestNames("bus-rid");
    const bus = newBus(topicPrefix);
    await bus.ensureTopics(["users"]);
    const { runWithRequestId, currentRequestId } = await import("../request-context.ts");
    let seen: string | undefined;
    await bus.consumer({ groupId: `${id}-group`, handlers: { "user.registered": async () => void (seen = currentRequestId()) } }).start();
    await runWithRequestId("req-42", () => bus.publish([userRegistered()]));
    await eventually(() => seen);
    expect(seen).toBe("req-42");
  });
});
