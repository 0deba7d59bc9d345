import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { TEventOf } from "@amia/contracts";
import { createBus, type Bus, type ReceivedRawMessage } from "./bus.ts";
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
      newBus(topicPrefix, "replica-a").consumer({ groupId: `${id}-group`, topics: ["users"], handlers }).start(),
      newBus(topicPrefix, "replica-b").consumer({ groupId: `${id}-group`, topics: ["users"], handlers }).start(),
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
      await bus.consumer({ groupId: `${id}-${service}`, topics: ["users"], handlers: { "user.registered": async (event) => void handled.push(event.id) } }).start();
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
      topics: ["users"],
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

  it("retries a failing handler with backoff, then parks the event on the DLQ", async () => {
    const { topicPrefix, id } = uniqueTestNames("bus-retry");
    const bus = newBus(topicPrefix);
    await bus.ensureTopics(["users"]);
    const attempts = new Map<string, number>();
    const flaky = userRegistered();
    const broken = userRegistered();
    await bus.consumer({
      groupId: `${id}-group`,
      topics: ["users"],
      retry: { attempts: 3, initialDelayMs: 20 },
      handlers: {
        "user.registered": async (event) => {
          const count = (attempts.get(event.id) ?? 0) + 1;
          attempts.set(event.id, count);
          if (event.id === broken.id || count < 2) throw new Error(`handler failed on attempt ${count}`);
        },
      },
    }).start();
    const deadLetters = await collectDeadLetters(bus, "users");

    await bus.publish([flaky, broken]);

    await eventually(() => deadLetters.length === 1);
    expect(attempts.get(flaky.id)).toBe(2); // failed once, then succeeded: not dead-lettered
    expect(attempts.get(broken.id)).toBe(3);
    expect(JSON.parse(deadLetters[0]!.value).id).toBe(broken.id);
    expect(deadLetters[0]!.headers["dlq-reason"]).toBe("handler_failed");
    expect(deadLetters[0]!.headers["dlq-error"]).toContain("handler failed on attempt 3");
  });

  it("carries the request id from the publisher to the handler", async () => {
    const { topicPrefix, id } = uniqueTestNames("bus-rid");
    const bus = newBus(topicPrefix);
    await bus.ensureTopics(["users"]);
    const { runWithRequestId, currentRequestId } = await import("../request-context.ts");
    let seen: string | undefined;
    await bus.consumer({ groupId: `${id}-group`, topics: ["users"], handlers: { "user.registered": async () => void (seen = currentRequestId()) } }).start();
    await runWithRequestId("req-42", () => bus.publish([userRegistered()]));
    await eventually(() => seen);
    expect(seen).toBe("req-42");
  });
});
