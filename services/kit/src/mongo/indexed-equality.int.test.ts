import { afterEach, describe, expect, it } from "vitest";
import { connectMongo, ensureIndexes, type MongoConnection } from "./connect.ts";
import { findEach } from "./find-each.ts";
import { quietLogger, testInfra, uniqueTestNames } from "../testing/isolation.ts";

/**
 * Issue 14, "queries that stay fast with data": a list filters by top-level equality on an
 * indexed field, and the database answers it from an index, not by reading the collection.
 * On the local FerretDB over PostgreSQL that takes the companion GIN indexes of
 * deploy/local/postgres/companion-indexes.sql (a btree cannot answer FerretDB's `@>`): this
 * reads the plan FerretDB's explain returns. MongoDB indexes equality itself; SQLite-backed
 * FerretDB pushes nothing down (its plans say so, and this test says which it ran on).
 */
let mongo: MongoConnection | undefined;
afterEach(async () => {
  await mongo?.db.dropDatabase();
  await mongo?.close();
  mongo = undefined;
});

/** Every node of a PostgreSQL JSON plan, depth first. */
function planNodes(plan: Record<string, unknown>): Array<Record<string, unknown>> {
  const children = (plan.Plans as Array<Record<string, unknown>> | undefined) ?? [];
  return [plan, ...children.flatMap(planNodes)];
}

describe("a page query on an indexed equality field", () => {
  it("is answered from an index, whoever else's documents the collection holds", async (context) => {
    mongo = await connectMongo({ url: testInfra().mongoUrl, dbName: uniqueTestNames("mongo-indexed").dbName, logger: quietLogger() });
    const build = await mongo.db.command({ buildInfo: 1 });
    await ensureIndexes(mongo.db, { items: [{ key: { user_id: 1, deleted_at: 1, created_at: -1 }, name: "items_by_user" }] });
    const items = mongo.db.collection<{ _id: string; user_id: string; deleted_at: null; created_at: string }>("items");
    await items.insertMany(Array.from({ length: 3_000 }, (_, i) => ({ _id: `item-${i}`, user_id: `user-${i % 300}`, deleted_at: null, created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() })));
    const filter = { user_id: "user-7", deleted_at: null };

    const explained = await mongo.db.command({ explain: { find: "items", filter, sort: { created_at: -1 }, limit: 10 } });

    if (!build.ferretdbVersion) {
      // MongoDB: the winning plan reads the index.
      expect(JSON.stringify(explained.queryPlanner?.winningPlan)).toContain("IXSCAN");
    } else {
      const plan = explained.queryPlanner?.Plan as Record<string, unknown> | undefined;
      if (!plan) return context.skip(`FerretDB ${build.ferretdbVersion} on SQLite pushes no filter down (MONGO_BACKEND=sqlite)`);
      const scans = planNodes(plan).filter((node) => String(node["Node Type"]).includes("Scan"));
      expect(scans.map((node) => node["Node Type"])).not.toContain("Seq Scan");
      expect(scans.some((node) => String(node["Index Name"] ?? "").endsWith("_gin"))).toBe(true);
    }
    expect(await items.countDocuments(filter)).toBe(10);
    expect((await items.find(filter).sort({ created_at: -1 }).limit(10).toArray()).map((item) => item._id)[0]).toBe("item-2707");
  });
});

describe("findEach", () => {
  it("reads the documents of several values, each once, narrowed by the rest of the filter", async () => {
    mongo = await connectMongo({ url: testInfra().mongoUrl, dbName: uniqueTestNames("mongo-find-each").dbName, logger: quietLogger() });
    const people = mongo.db.collection<{ _id: string; team: string; is_deleted: boolean }>("people");
    await people.insertMany([
      { _id: "ana", team: "red", is_deleted: false },
      { _id: "bruno", team: "red", is_deleted: true },
      { _id: "carla", team: "blue", is_deleted: false },
      { _id: "dora", team: "green", is_deleted: false },
    ]);

    const byId = await findEach(people, "_id", ["ana", "carla", "ana", "nobody"]);
    const byTeam = await findEach(people, "team", ["red", "blue"], { is_deleted: false });

    expect(byId.map((person) => person._id).sort()).toEqual(["ana", "carla"]);
    expect(byTeam.map((person) => person._id).sort()).toEqual(["ana", "carla"]);
    expect(await findEach(people, "_id", [])).toEqual([]);
  });
});
