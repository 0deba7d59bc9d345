import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { TDomainEvent } from "@amia/contracts";
import { connectMongo, isDuplicateKeyError, type MongoConnection } from "../mongo/connect.ts";
import { renderMetrics, metricsFor } from "../telemetry/metrics.ts";
import { createBus, type Bus } from "./bus.ts";
import { adoptLegacyOutboxes, createOutbox, listFailedOutboxes, OUTBOX_INDEX_NAME, outboxStatus, reportOutboxBacklog, retryFailedOutboxes, type OutboxOptions } from "./outbox.ts";
import { capturingLogger, eventually, quietLogger, testInfra, uniqueTestNames } from "../testing/isolation.ts";
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

function openOutbox(options: OutboxOptions) {
  const outbox = createOutbox(options);
  cleanups.push(() => outbox.stop());
  return outbox;
}

/** A consumer whose effect is idempotent by the event id, as every consumer of ours is. */
async function startIdempotentConsumer(bus: Bus, mongo: MongoConnection, groupId: string) {
  const effects = mongo.db.collection<{ _id: string; times_seen: number }>("effects");
  let deliveries = 0;
  await bus.consumer({
    groupId,
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

interface UserDoc {
  _id: string;
  version?: number;
  seen?: boolean;
  outbox?: TDomainEvent[];
  outbox_state?: string;
  outbox_attempts?: number;
  outbox_last_error?: string;
}

/** A database and topics of the test's own, with the `users` topic and collection. */
async function setUp(label: string) {
  const { dbName, topicPrefix, id } = uniqueTestNames(label);
  const mongo = await openMongo(dbName);
  const bus = openBus(topicPrefix);
  await bus.ensureTopics(["users"]);
  return { mongo, bus, id, users: mongo.db.collection<UserDoc>("users") };
}

/** A publish that works through Kafka, except for the events of the documents named in `poisoned`. */
function publishExcept(bus: Bus, poisoned: Set<string>) {
  const attempts = new Map<string, number>();
  const published: string[] = [];
  return {
    attempts,
    published,
    publish: async (events: readonly TDomainEvent[]) => {
      const subject = events[0]!.subject;
      attempts.set(subject, (attempts.get(subject) ?? 0) + 1);
      if (poisoned.has(subject)) throw new Error(`broker refused ${subject}`);
      await bus.publish(events);
      published.push(...events.map((event) => event.id));
    },
  };
}

const failuresOf = async (service: string) => (await metricsFor(service).outboxPublishFailures.get()).values[0]?.value ?? 0;

describe("outbox (real FerretDB/MongoDB and Kafka)", () => {
  it("publishes an event written with its aggregate after a crash before publishing, exactly once, from a process given no list of collections", async () => {
    const { mongo, bus, users, id } = await setUp("outbox-crash");

    // Given: process 1 writes the aggregate and its event in one document write, then "crashes"
    // (its outbox never started, so nothing was published).
    const crashed = createOutbox({ db: mongo.db, publish: bus.publish, logger: quietLogger() });
    const userId = randomUUID();
    const event = userRegistered(userId);
    await crashed.insert(users, { _id: userId }, [event]);
    expect(await users.findOne({ _id: userId })).toMatchObject({ outbox_state: "pending", outbox: [event] });
    // The write registered the collection in the database itself: FerretDB accepts the sparse index.
    expect((await users.listIndexes().toArray()).map((index) => index.name)).toContain(OUTBOX_INDEX_NAME);
    const consumer = await startIdempotentConsumer(bus, mongo, `${id}-group`);

    // When: process 2 starts a fresh outbox, told nothing about `users`.
    const outbox = openOutbox({ db: mongo.db, publish: bus.publish, logger: quietLogger() });
    outbox.start();

    // Then: its start-up sweep finds the document and publishes its event once; the flag is cleared.
    await eventually(async () => (await consumer.effects.countDocuments({ _id: event.id })) === 1);
    await eventually(async () => (await users.findOne({ _id: userId }))?.outbox_state === undefined);
    expect(await outbox.runOnce()).toBe(0);
    expect(await users.findOne({ _id: userId })).toEqual({ _id: userId, outbox: [] });
    // A sentinel on the same key proves the consumer has read past anything published twice.
    const sentinel = userRegistered(userId);
    await bus.publish([sentinel]);
    await eventually(async () => (await consumer.effects.countDocuments({ _id: sentinel.id })) === 1);
    expect(consumer.deliveries()).toBe(2);
  });

  it("keeps events appended to an existing aggregate in order and publishes each once", async () => {
    const { mongo, bus, users } = await setUp("outbox-order");
    const sender = publishExcept(bus, new Set());
    const outbox = openOutbox({ db: mongo.db, publish: sender.publish, logger: quietLogger() });
    const userId = randomUUID();
    const [first, second, third] = [userRegistered(userId), userRegistered(userId), userRegistered(userId)];

    await outbox.insert(users, { _id: userId, version: 1 }, [first]);
    const result = await outbox.update(users, { _id: userId }, { $set: { version: 2 } }, [second, third]);

    expect(result.matchedCount).toBe(1);
    expect(await outbox.runOnce()).toBe(3);
    expect(await outbox.runOnce()).toBe(0);
    expect(sender.published).toEqual([first.id, second.id, third.id]);
    expect((await users.findOne({ _id: userId }))?.version).toBe(2);
  });

  it("publishes a write right away, without waiting for a sweep", async () => {
    const { dbName, topicPrefix, id } = uniqueTestNames("outbox-targeted");
    const mongo = await openMongo(dbName);
    const bus = openBus(topicPrefix);
    await bus.ensureTopics(["users"]);
    const consumer = await startIdempotentConsumer(bus, mongo, `${id}-group`);
    // The next sweep is a minute away: only the publish by `_id` can deliver in time.
    const outbox = openOutbox({ db: mongo.db, publish: bus.publish, logger: quietLogger(), sweepIntervalMs: 60_000 });
    outbox.start();
    const users = mongo.db.collection<UserDoc>("users");

    const userId = randomUUID();
    const registered = userRegistered(userId);
    await outbox.insert(users, { _id: userId }, [registered]);
    const updated = userRegistered(userId);
    await outbox.update(users, { _id: userId }, { $set: { seen: true } }, [updated]);

    await eventually(async () => (await consumer.effects.countDocuments({ _id: { $in: [registered.id, updated.id] } })) === 2, 10_000);
    await eventually(async () => (await users.findOne({ _id: userId }))?.outbox_state === undefined, 10_000);
    expect((await users.findOne({ _id: userId }))?.outbox).toEqual([]);
  });

  it("absorbs a crash between publish and removal: the event is published again, applied once", async () => {
    const { mongo, bus, users, id } = await setUp("outbox-twice");
    const userId = randomUUID();
    const event = userRegistered(userId);
    await createOutbox({ db: mongo.db, publish: bus.publish, logger: quietLogger() }).insert(users, { _id: userId }, [event]);
    const consumer = await startIdempotentConsumer(bus, mongo, `${id}-group`);

    // The first process publishes, then dies before it can remove the event from the document.
    await bus.publish([event]);
    // The next one finds it still pending and publishes it again.
    const outbox = openOutbox({ db: mongo.db, publish: bus.publish, logger: quietLogger() });
    expect(await outbox.runOnce()).toBe(1);

    await eventually(() => consumer.deliveries() === 2);
    expect(await consumer.effects.countDocuments({ _id: event.id })).toBe(1);
  });

  it("isolates a poison document: the others go out, its attempts are counted, then it is parked as failed, reported, and retried on request", async () => {
    const { mongo, bus, users, id } = await setUp("outbox-poison");
    const [poison, healthyA, healthyB] = [randomUUID(), randomUUID(), randomUUID()];
    const poisoned = new Set([poison]);
    const sender = publishExcept(bus, poisoned);
    const { logger, lines } = capturingLogger();
    // No backoff, so each sweep is one more attempt; three attempts in all.
    const outbox = openOutbox({ db: mongo.db, publish: sender.publish, logger, maxAttempts: 3, retryBaseMs: 0 });
    const service = `outbox-poison-${id}`;
    const stopReporting = reportOutboxBacklog(service, mongo.db);
    cleanups.push(async () => stopReporting());
    const failuresBefore = await failuresOf("identity");

    // Given: the poison document is written first, so a sweep meets it before the others.
    const poisonEvent = userRegistered(poison);
    await outbox.insert(users, { _id: poison }, [poisonEvent]);
    await outbox.insert(users, { _id: healthyA }, [userRegistered(healthyA)]);
    await outbox.insert(users, { _id: healthyB }, [userRegistered(healthyB)]);

    // When: one sweep runs. Then: the others are published despite the poison one.
    expect(await outbox.runOnce()).toBe(2);
    expect(await users.findOne({ _id: poison })).toMatchObject({ outbox_state: "pending", outbox_attempts: 1, outbox_last_error: `broker refused ${poison}` });
    expect((await users.findOne({ _id: healthyA }))?.outbox_state).toBeUndefined();

    // Two more sweeps spend its attempts; it is failed, and the sweep no longer tries it.
    await outbox.runOnce();
    await outbox.runOnce();
    expect(await users.findOne({ _id: poison })).toMatchObject({ outbox_state: "failed", outbox_attempts: 3 });
    await outbox.runOnce();
    expect(sender.attempts.get(poison)).toBe(3);

    // Visible: a counter, a gauge of failed documents, a listing, and a log line with the event id.
    expect((await failuresOf("identity")) - failuresBefore).toBe(3);
    expect((await renderMetrics(service)).body).toMatch(/^outbox_documents_failed\{collection="users",service="outbox-poison-[^"]+"\} 1$/m);
    expect((await renderMetrics(service)).body).toMatch(/^outbox_documents_pending\{collection="users",service="outbox-poison-[^"]+"\} 0$/m);
    expect(await outboxStatus(mongo.db)).toEqual([{ collection: "users", pending: 0, failed: 1 }]);
    expect(await listFailedOutboxes(mongo.db)).toEqual([
      { collection: "users", id: poison, attempts: 3, last_error: `broker refused ${poison}`, events: [{ id: poisonEvent.id, type: "user.registered" }] },
    ]);
    const failedLine = lines.map((line) => JSON.parse(line)).find((line) => line.level === 50 && line.document_id === poison);
    expect(failedLine).toMatchObject({ event_ids: [poisonEvent.id], attempts: 3, collection: "users" });

    // When the cause is gone and an operator retries: it is published and cleared.
    poisoned.clear();
    expect(await retryFailedOutboxes(mongo.db)).toEqual([{ collection: "users", retried: 1 }]);
    expect(await outbox.runOnce()).toBe(1);
    expect(await users.findOne({ _id: poison })).toEqual({ _id: poison, outbox: [] });
    expect(sender.published).toContain(poisonEvent.id);
  });

  it("waits out a failed document's backoff before trying it again", async () => {
    const { mongo, bus, users } = await setUp("outbox-backoff");
    const userId = randomUUID();
    const poisoned = new Set([userId]);
    const sender = publishExcept(bus, poisoned);
    let clock = Date.parse("2026-03-01T10:00:00Z");
    const outbox = openOutbox({ db: mongo.db, publish: sender.publish, logger: quietLogger(), retryBaseMs: 60_000, now: () => new Date(clock) });
    await outbox.insert(users, { _id: userId }, [userRegistered(userId)]);

    await outbox.runOnce();
    expect(sender.attempts.get(userId)).toBe(1);
    clock += 59_000;
    await outbox.runOnce();
    expect(sender.attempts.get(userId)).toBe(1); // not due yet
    poisoned.clear();
    clock += 1_000;
    expect(await outbox.runOnce()).toBe(1);
    expect(sender.attempts.get(userId)).toBe(2);
  });

  it("keeps the pending flag when an event is appended between the publish and the removal", async () => {
    const { mongo, bus, users } = await setUp("outbox-race");
    const userId = randomUUID();
    const [first, appended] = [userRegistered(userId), userRegistered(userId)];
    // Another replica (not started: it publishes nothing itself) writes to the same document.
    const otherReplica = createOutbox({ db: mongo.db, publish: bus.publish, logger: quietLogger() });
    await otherReplica.insert(users, { _id: userId }, [first]);
    let isAppended = false;
    const published: string[] = [];
    const outbox = openOutbox({
      db: mongo.db,
      logger: quietLogger(),
      publish: async (events) => {
        await bus.publish(events);
        published.push(...events.map((event) => event.id));
        // Given: while this publish is in flight, the other replica appends an event.
        if (!isAppended) {
          isAppended = true;
          await otherReplica.update(users, { _id: userId }, { $set: { seen: true } }, [appended]);
        }
      },
    });

    // When: this sweep publishes the first event and removes it.
    expect(await outbox.runOnce()).toBe(1);

    // Then: the appended event stays, still flagged pending, and the next sweep publishes it.
    expect(await users.findOne({ _id: userId })).toMatchObject({ outbox_state: "pending", outbox: [appended], seen: true });
    expect(await outbox.runOnce()).toBe(1);
    expect(published).toEqual([first.id, appended.id]);
    expect(await users.findOne({ _id: userId })).toEqual({ _id: userId, outbox: [], seen: true });
  });

  it("adopts, once asked, the events written before the pending flag existed", async () => {
    const { mongo, bus, users } = await setUp("outbox-legacy");
    const userId = randomUUID();
    const event = userRegistered(userId);
    // Given: a document as the earlier outbox left it, events without the flag, in a collection without the index.
    await users.insertOne({ _id: userId, outbox: [event] });
    await users.insertOne({ _id: randomUUID(), outbox: [] });
    const sender = publishExcept(bus, new Set());
    const outbox = openOutbox({ db: mongo.db, publish: sender.publish, logger: quietLogger() });
    expect(await outbox.runOnce()).toBe(0);

    expect(await adoptLegacyOutboxes(mongo.db)).toEqual([{ collection: "users", adopted: 1 }]);

    expect(await outbox.runOnce()).toBe(1);
    expect(sender.published).toEqual([event.id]);
    expect(await adoptLegacyOutboxes(mongo.db)).toEqual([]);
  });

  it("refuses an event that breaks the contracts before writing anything", async () => {
    const { dbName, topicPrefix } = uniqueTestNames("outbox-invalid");
    const mongo = await openMongo(dbName);
    const bus = openBus(topicPrefix);
    const users = mongo.db.collection<UserDoc>("users");
    const outbox = openOutbox({ db: mongo.db, publish: bus.publish, logger: quietLogger() });
    const userId = randomUUID();
    const broken = { ...userRegistered(userId), data: { user_id: userId } } as unknown as TDomainEvent;

    await expect(outbox.insert(users, { _id: userId }, [broken])).rejects.toThrow(/user\.registered .* breaks the contract \(data\.email/);
    await expect(outbox.update(users, { _id: userId }, { $set: { seen: true } }, [broken], { upsert: true })).rejects.toThrow(/breaks the contract/);
    expect(await users.countDocuments()).toBe(0);
  });
});
