import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { Document } from "mongodb";
import { connectMongo, isDuplicateKeyError, type MongoConnection } from "../mongo/connect.ts";
import { createBus, type Bus } from "./bus.ts";
import { appendToOutbox, createOutboxRelay, withOutbox } from "./outbox.ts";
import { eventually, quietLogger, testInfra, uniqueTestNames } from "../testing/isolation.ts";
import { userRegistered } from "../testing/fixtures.ts";

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function openMongo(dbName: string): Promise<MongoConnection> {
  const mongo = await connectMongo({ url: testInfra().mongoUrl, dbName, logger: quietLogger() });
  cleanups.push(async () => {
    await mongo.db.dropDatabase();
    await mongo.close();
  });
  return mongo;
}

function openBus(topicPrefix: string): Bus {
  const bus = createBus({ brokers: testInfra().kafkaBrokers, clientId: "outbox-test", logger: quietLogger(), topicPrefix });
  cleanups.push(async () => {
    await bus.deleteOwnTopics().catch(() => undefined);
    await bus.close();
  });
  return bus;
}

/** A consumer whose effect is idempotent by the event id, as every consumer of ours is. */
async function startIdempotentConsumer(bus: Bus, mongo: MongoConnection, groupId: string) {
  const effects = mongo.db.collection<{ _id: string; times_seen: number }>("effects");
  let deliveries = 0;
  await bus.consumer({
    groupId,
    topics: ["users"],
    handlers: {
      "user.registered": async (event) => {
        deliveries++;
        try {
          await effects.insertOne({ _id: event.id, times_seen: 1 });
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
      },
    },
  }).start();
  return { effects, deliveries: () => deliveries };
}

describe("outbox relay (real FerretDB/MongoDB and Kafka)", () => {
  it("publishes an event written with its aggregate after a crash before the relay ran, exactly once", async () => {
    const { dbName, topicPrefix, id } = uniqueTestNames("outbox-crash");
    const mongo = await openMongo(dbName);
    const bus = openBus(topicPrefix);
    await bus.ensureTopics(["users"]);
    const users = mongo.db.collection("users");

    // Process 1 writes the aggregate and its event in one document write, then "crashes":
    // its relay never runs.
    const userId = randomUUID();
    const event = userRegistered(userId);
    await users.insertOne(withOutbox({ _id: userId as never, email: event.data.email }, [event]));

    const consumer = await startIdempotentConsumer(bus, mongo, `${id}-group`);

    // Process 2 starts with a fresh relay over the same collection.
    const relay = createOutboxRelay({ db: mongo.db, collections: ["users"], publish: bus.publish, logger: quietLogger() });
    relay.start();
    cleanups.push(() => relay.stop());

    await eventually(async () => (await consumer.effects.countDocuments({ _id: event.id })) === 1);
    expect(await relay.runOnce()).toBe(0); // nothing left to publish
    const stored = await users.findOne({ _id: userId as never });
    expect(stored?.outbox).toEqual([]);

    // A sentinel on the same key proves the consumer has read past anything published twice.
    const sentinel = userRegistered(userId);
    await bus.publish([sentinel]);
    await eventually(async () => (await consumer.effects.countDocuments({ _id: sentinel.id })) === 1);
    expect(consumer.deliveries()).toBe(2);
    expect(await consumer.effects.countDocuments()).toBe(2);
  });

  it("keeps events appended to an existing aggregate in order and publishes each once", async () => {
    const { dbName, topicPrefix } = uniqueTestNames("outbox-order");
    const mongo = await openMongo(dbName);
    const bus = openBus(topicPrefix);
    await bus.ensureTopics(["users"]);
    const users = mongo.db.collection("users");
    const userId = randomUUID();
    const [first, second, third] = [userRegistered(userId), userRegistered(userId), userRegistered(userId)];
    await users.insertOne(withOutbox({ _id: userId as never, version: 1 }, [first]));
    await users.updateOne({ _id: userId as never }, appendToOutbox<Document>({ $set: { version: 2 } }, [second, third]));

    const published: string[] = [];
    const relay = createOutboxRelay({
      db: mongo.db,
      collections: ["users"],
      publish: async (events) => {
        await bus.publish(events);
        published.push(...events.map((event) => event.id));
      },
      logger: quietLogger(),
    });
    expect(await relay.runOnce()).toBe(3);
    expect(await relay.runOnce()).toBe(0);
    expect(published).toEqual([first.id, second.id, third.id]);
    expect((await users.findOne({ _id: userId as never }))?.version).toBe(2);
  });

  it("publishes a write made through relay.db right away, without waiting for a sweep", async () => {
    const { dbName, topicPrefix, id } = uniqueTestNames("outbox-targeted");
    const mongo = await openMongo(dbName);
    const bus = openBus(topicPrefix);
    await bus.ensureTopics(["users"]);
    const consumer = await startIdempotentConsumer(bus, mongo, `${id}-group`);
    // The next sweep is a minute away: only the targeted publish can deliver in time.
    const relay = createOutboxRelay({ db: mongo.db, collections: ["users"], publish: bus.publish, logger: quietLogger(), sweepIntervalMs: 60_000 });
    relay.start();
    cleanups.push(() => relay.stop());
    const users = relay.db.collection("users");

    const userId = randomUUID();
    const registered = userRegistered(userId);
    await users.insertOne(withOutbox({ _id: userId as never }, [registered]));
    const updated = userRegistered(userId);
    await users.updateOne({ _id: userId as never }, appendToOutbox<Document>({ $set: { seen: true } }, [updated]));

    await eventually(async () => (await consumer.effects.countDocuments({ _id: { $in: [registered.id, updated.id] } })) === 2, 10_000);
    expect((await mongo.db.collection("users").findOne({ _id: userId as never }))?.outbox).toEqual([]);
  });

  it("absorbs a crash between publish and removal: the event is published again, applied once", async () => {
    const { dbName, topicPrefix, id } = uniqueTestNames("outbox-twice");
    const mongo = await openMongo(dbName);
    const bus = openBus(topicPrefix);
    await bus.ensureTopics(["users"]);
    const users = mongo.db.collection("users");
    const userId = randomUUID();
    const event = userRegistered(userId);
    await users.insertOne(withOutbox({ _id: userId as never }, [event]));
    const consumer = await startIdempotentConsumer(bus, mongo, `${id}-group`);

    // The first relay publishes, then dies before it can remove the event from the document.
    await bus.publish([event]);
    // The next relay finds it still pending and publishes it again.
    const relay = createOutboxRelay({ db: mongo.db, collections: ["users"], publish: bus.publish, logger: quietLogger() });
    expect(await relay.runOnce()).toBe(1);

    await eventually(() => consumer.deliveries() === 2);
    expect(await consumer.effects.countDocuments({ _id: event.id })).toBe(1);
  });
});
