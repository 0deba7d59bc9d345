import { afterEach, describe, expect, it } from "vitest";
import { connectMongo, type MongoConnection } from "./connect.ts";
import { quietLogger, testInfra, uniqueTestNames } from "../testing/isolation.ts";

/**
 * What the whole design stands on (DESIGN.md "No event lost, none applied twice"): one document
 * write is atomic, and a conditional update decides on the document as it is at the write.
 * MongoDB guarantees it; our local FerretDB does only through deploy/local's write proxy.
 */
let mongo: MongoConnection | undefined;
afterEach(async () => {
  await mongo?.db.dropDatabase();
  await mongo?.close();
  mongo = undefined;
});

describe("single-document atomicity (real MongoDB-wire database)", () => {
  it("loses no update when many writers change one document at once", async () => {
    mongo = await connectMongo({ url: testInfra().mongoUrl, dbName: uniqueTestNames("atomic-inc").dbName, logger: quietLogger() });
    const counters = mongo.db.collection<{ _id: string; count: number; tags: string[] }>("counters");
    await counters.insertOne({ _id: "c", count: 0, tags: [] });

    await Promise.all(Array.from({ length: 40 }, (_, i) => counters.updateOne({ _id: "c" }, { $inc: { count: 1 }, $push: { tags: `t${i}` } })));

    const doc = await counters.findOne({ _id: "c" });
    expect(doc?.count).toBe(40);
    expect(doc?.tags).toHaveLength(40);
  });

  it("lets exactly one of many conditional updates on the same version win", async () => {
    mongo = await connectMongo({ url: testInfra().mongoUrl, dbName: uniqueTestNames("atomic-cas").dbName, logger: quietLogger() });
    const docs = mongo.db.collection<{ _id: string; version: number; winner: number | null }>("docs");
    await docs.insertOne({ _id: "d", version: 1, winner: null });

    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => docs.updateOne({ _id: "d", version: 1 }, { $set: { version: 2, winner: i } })));

    expect(results.filter((result) => result.matchedCount === 1)).toHaveLength(1);
    expect((await docs.findOne({ _id: "d" }))?.version).toBe(2);
  });
});
