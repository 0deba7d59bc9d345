/**
 * Benchmark (not a test): one user's page of 10 (find sorted by date + a count, with an index on
 * the fields) as the collection grows, on the MongoDB-wire database the services use. Beside it,
 * a find by `_id` in the same collection, measured in the same run: the floor of one round trip.
 *
 *   npm run bench:db                          10 / 1,000 / 5,000 / 20,000 documents
 *   npm run bench:db -- --sizes 10,20000 --runs 30
 *
 * FerretDB on SQLite decodes the whole collection for any filter but `_id` (a page grows linearly
 * with the collection); on PostgreSQL it pushes top-level equality filters down to SQL (issue 14).
 * Uses MONGO_URL, or the local infrastructure's default (`npm run infra -- up`).
 */
import { randomUUID } from "node:crypto";
import { MongoClient } from "mongodb";
import { flag } from "./options.ts";

const sizes = (flag("sizes") ?? "10,1000,5000,20000").split(",").map(Number);
const runs = Number(flag("runs") ?? 20);
const USERS = 100;
const url = process.env.MONGO_URL ?? "mongodb://127.0.0.1:27017/";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

const client = await MongoClient.connect(url, { serverSelectionTimeoutMS: 10_000 });
const db = client.db(`bench_db_page_${Date.now()}`);
const build = await db.command({ buildInfo: 1 });
console.log(`Database: ${url}  (${build.ferretdbVersion ? `FerretDB ${build.ferretdbVersion}` : `MongoDB ${build.version}`})`);
try {
  const items = db.collection<{ _id: string; user_id: string; created_at: string; title: string }>("items");
  await items.createIndex({ user_id: 1, created_at: -1 });
  const rows: Array<Record<string, string>> = [];
  let inserted = 0;
  for (const size of sizes) {
    const batch = [];
    for (; inserted < size; inserted += 1) {
      batch.push({ _id: randomUUID(), user_id: `user-${inserted % USERS}`, created_at: new Date(Date.UTC(2026, 0, 1) + inserted * 60_000).toISOString(), title: `Item ${inserted}` });
    }
    for (let at = 0; at < batch.length; at += 1000) await items.insertMany(batch.slice(at, at + 1000));
    const anyId = (await items.findOne({}))!._id;
    const page = () => Promise.all([items.find({ user_id: "user-7" }).sort({ created_at: -1 }).limit(10).toArray(), items.countDocuments({ user_id: "user-7" })]);
    const byId = () => items.findOne({ _id: anyId });
    await page();
    await byId();
    const pageMs: number[] = [];
    const idMs: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      pageMs.push(await timed(page));
      idMs.push(await timed(byId));
    }
    rows.push({ documents: size.toLocaleString("en"), "page of 10 + count, median ms": median(pageMs).toFixed(1), "find by _id (floor), median ms": median(idMs).toFixed(1) });
  }
  console.table(rows);
} finally {
  await db.dropDatabase();
  await client.close();
}
