import { afterEach, describe, expect, it } from "vitest";
import { connectMongo, ensureIndexes, isDuplicateKeyError, type IndexPlan, type MongoConnection } from "./connect.ts";
import { quietLogger, testInfra, uniqueTestNames } from "../testing/isolation.ts";

let mongo: MongoConnection | undefined;
afterEach(async () => {
  await mongo?.db.dropDatabase();
  await mongo?.close();
  mongo = undefined;
});

describe("MongoDB-wire database (real)", () => {
  it("reconnects a client whose server monitor stopped finishing checks (seen after a database restart: the server stayed Unknown for good)", async () => {
    mongo = await connectMongo({ url: testInfra().mongoUrl, dbName: uniqueTestNames("mongo-monitor").dbName, logger: quietLogger(), heartbeatFrequencyMS: 500, connectTimeoutMS: 1_000 });
    const client = mongo.client;
    let heartbeats = 0;
    client.on("serverHeartbeatSucceeded", () => heartbeats++);
    // The state the fault suite found (driver internals, as they were in the stuck process): the
    // monitor's heartbeat command on its connection never settles, so it stays "monitoring".
    type Monitor = { connection: { command: () => Promise<never> } | null };
    const monitorOf = () => [...(client as unknown as { topology: { s: { servers: Map<string, { monitor: Monitor }> } } }).topology.s.servers.values()][0]!.monitor;
    const stuck = monitorOf();
    for (let i = 0; i < 50 && !stuck.connection; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    stuck.connection!.command = () => new Promise<never>(() => undefined);
    const heartbeatsWhenStuck = heartbeats;

    // A new monitor (the client reconnected) finishes checks again, and the database answers.
    for (let i = 0; i < 300 && heartbeats <= heartbeatsWhenStuck + 1; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heartbeats).toBeGreaterThan(heartbeatsWhenStuck + 1);
    expect(monitorOf()).not.toBe(stuck);
    await mongo.ping();
  }, 60_000);

  it("enforces a unique index created at start: a duplicate is rejected and nothing changes", async () => {
    mongo = await connectMongo({ url: testInfra().mongoUrl, dbName: uniqueTestNames("mongo-unique").dbName, logger: quietLogger() });
    await ensureIndexes(mongo.db, { users: [{ key: { email: 1 }, name: "users_email_unique", unique: true }] });
    await ensureIndexes(mongo.db, { users: [{ key: { email: 1 }, name: "users_email_unique", unique: true }] }); // idempotent
    const users = mongo.db.collection("users");
    await users.insertOne({ email: "ana@example.com", name: "Ana" });

    const duplicate = await users.insertOne({ email: "ana@example.com", name: "Impostor" }).catch((error: unknown) => error);

    expect(isDuplicateKeyError(duplicate)).toBe(true);
    expect(await users.find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ email: "ana@example.com", name: "Ana" }]);
  });

  it("ensures several indexes of a collection again on restart, keeping the connection usable", async () => {
    mongo = await connectMongo({ url: testInfra().mongoUrl, dbName: uniqueTestNames("mongo-restart").dbName, logger: quietLogger() });
    const plan: IndexPlan = {
      requests: [
        { key: { owner_id: 1 }, name: "requests_owner" },
        { key: { status: 1, created_at: -1 }, name: "requests_status_created" },
        { key: { slug: 1 }, name: "requests_slug_unique", unique: true },
      ],
    };
    await ensureIndexes(mongo.db, plan);
    await ensureIndexes(mongo.db, plan); // a service's second start

    const names = (await mongo.db.collection("requests").listIndexes().toArray()).map((index) => index.name as string);
    expect(names.sort()).toEqual(["_id_", "requests_owner", "requests_slug_unique", "requests_status_created"]);
  });

  it("gives up with a clear error when nothing answers", async () => {
    const attempt = connectMongo({ url: "mongodb://127.0.0.1:1/", dbName: "nowhere", logger: quietLogger(), attempts: 2, initialDelayMs: 10 });
    await expect(attempt).rejects.toThrow("MongoDB at mongodb://127.0.0.1:1/ did not answer after 2 attempts");
  });
});
