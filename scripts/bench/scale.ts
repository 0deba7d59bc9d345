/**
 * Benchmark (not a test): do the main list endpoints stay fast as the data grows? One user's
 * first page of each list, through the BFF, with the collections holding ~1,000 documents, then
 * again at full size — 10,000 users, 100,000 event requests, 200,000 notifications, 50,000
 * relationships. The user's own documents are the same in both; only everyone else's grow.
 * Target (issue 14): p50 at full size at most 2× p50 at 1,000.
 *
 *   npm run bench:scale                  5 s per endpoint and size at 10 in flight
 *   npm run bench:scale -- --seconds 10
 *
 * The real processes (scripts/bench/stack.ts). One document of each kind is made through the
 * API (so it has every field the code writes today); the rest are copies of it with new ids,
 * owners and times, inserted straight into each service's database in batches — without their
 * outbox, so nothing is published for them.
 */
import { randomUUID } from "node:crypto";
import type { Db, Document } from "mongodb";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "../../bff/src/security/csrf.ts";
import { pairKey } from "../../services/relationships/src/domain/pair-keys.ts";
import { loadHttp } from "./load.ts";
import { startStack, type Stack } from "./stack.ts";
import { numberOption } from "./options.ts";

const seconds = numberOption("seconds", 5);
const CONNECTIONS = 10;
const FULL = { users: 10_000, eventRequests: 100_000, notifications: 200_000, relationships: 50_000 };
const SMALL = 1_000;
const OWN = 20;
const BATCH = 2_000;

const ENDPOINTS = [
  { label: "GET /event-requests (start order)", path: "/api/v1/event-requests?take=10" },
  { label: "GET /event-requests/with-approvals", path: "/api/v1/event-requests/with-approvals?take=10" },
  { label: "GET /notifications", path: "/api/v1/notifications?take=10" },
  { label: "GET /relationships", path: "/api/v1/relationships?take=10" },
];

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs a user in at identity as the BFF does, and gives them a BFF session. */
async function signIn(stack: Stack, email: string) {
  const user = await stack.signIn(email);
  return { user, cookie: await stack.sessionCookie(user) };
}

async function send(stack: Stack, cookie: string, method: string, path: string, body?: unknown) {
  const answer = await fetch(`${stack.bffUrl}${path}`, {
    method,
    headers: { cookie, "content-type": "application/json", origin: stack.bffUrl, [CSRF_HEADER]: CSRF_HEADER_VALUE },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!answer.ok) throw new Error(`${method} ${path} failed: ${answer.status} ${await answer.text()}`);
  return answer.status === 204 ? undefined : ((await answer.json()) as Record<string, any>);
}

/** The one document in `collection`, as the template for the copies. */
async function template(db: Db, collection: string, filter: Document = {}): Promise<Document> {
  const doc = await until(`a document in ${collection}`, () => db.collection(collection).findOne(filter));
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !key.startsWith("outbox")));
}

/** Inserts `count` copies made by `make(i)` in batches. */
async function insertCopies(db: Db, collection: string, from: number, count: number, make: (i: number) => Document) {
  for (let at = from; at < from + count; at += BATCH) {
    const docs = Array.from({ length: Math.min(BATCH, from + count - at) }, (_, k) => make(at + k));
    await db.collection(collection).insertMany(docs, { ordered: false });
  }
}

const stack = await startStack("bench_scale", ["identity", "relationships", "events", "notifications"]);
try {
  console.log("Making one document of each kind through the API...");
  const me = await signIn(stack, "bench-scale-me@example.com");
  const friend = await signIn(stack, "bench-scale-friend@example.com");
  await send(stack, me.cookie, "POST", "/api/v1/relationship-requests", { requested_email: friend.user.email });
  // The relationships service learns of accounts from identity's events: the request reaches the
  // friend once it knows theirs.
  const received = await until("the request to reach the friend", async () => {
    const list = await send(stack, friend.cookie, "GET", "/api/v1/relationship-requests/received");
    return (list?.relationship_requests as Array<{ id: string }> | undefined)?.[0];
  });
  await send(stack, friend.cookie, "POST", `/api/v1/relationship-requests/${received.id}/approve`);
  await send(stack, me.cookie, "POST", "/api/v1/event-requests", {
    title: "Template",
    start_date: { date_time: "2026-03-10T09:00", time_zone: "Europe/Lisbon" },
    end_date: { date_time: "2026-03-10T10:00", time_zone: "Europe/Lisbon" },
  });
  await send(stack, me.cookie, "POST", "/api/v1/notifications", { title: "Template" });

  const dbs = { identity: stack.db("identity"), relationships: stack.db("relationships"), events: stack.db("events"), notifications: stack.db("notifications") };
  const userDoc = await template(dbs.identity, "users", { _id: me.user.id as never });
  const relationshipDoc = await template(dbs.relationships, "relationships");
  const eventDoc = await template(dbs.events, "event_requests");
  const notificationDoc = await template(dbs.notifications, "notifications");

  const otherId = (i: number) => `bench-user-${i}`;
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  const copies = {
    users: (i: number) => ({ ...userDoc, _id: otherId(i), email: `bench-${i}@example.com`, subject: `bench-${i}` }),
    // Pairs (i, i+1..i+5) are all different: 50,000 of them over 10,000 users.
    relationships: (i: number) => {
      const a = otherId(i % FULL.users);
      const b = otherId((i % FULL.users) + 1 + Math.floor(i / FULL.users));
      return { ...relationshipDoc, _id: randomUUID(), ...relationshipBetween(relationshipDoc, a, b), created_at: at(i) };
    },
    eventRequests: (owner: string) => (i: number) => ({ ...eventDoc, _id: randomUUID(), created_by: owner, created_at: at(i), start_at: Date.UTC(2026, 2, 1) + i * 60_000, title: `Request ${i}` }),
    notifications: (owner: string) => (i: number) => ({ ...notificationDoc, _id: randomUUID(), user_id: owner, created_at: at(i), title: `Notification ${i}` }),
  };

  // My own documents: the same page at both sizes.
  await insertCopies(dbs.events, "event_requests", 0, OWN, copies.eventRequests(me.user.id));
  await insertCopies(dbs.notifications, "notifications", 0, OWN, copies.notifications(me.user.id));
  await insertCopies(dbs.relationships, "relationships", 0, OWN, (i) => ({ ...relationshipDoc, _id: randomUUID(), ...relationshipBetween(relationshipDoc, me.user.id, otherId(FULL.users + i)), created_at: at(i) }));

  const sizes: Array<{ label: string; users: number; eventRequests: number; notifications: number; relationships: number }> = [
    { label: "~1,000", users: SMALL, eventRequests: SMALL, notifications: SMALL, relationships: SMALL },
    { label: "full", ...FULL },
  ];
  const seeded = { users: 0, eventRequests: 0, notifications: 0, relationships: 0 };
  const results: Record<string, Record<string, { p50: number; p99: number; failures: number }>> = {};
  for (const size of sizes) {
    const started = performance.now();
    await insertCopies(dbs.identity, "users", seeded.users, size.users - seeded.users, copies.users);
    await insertCopies(dbs.events, "event_requests", OWN + seeded.eventRequests, size.eventRequests - seeded.eventRequests, (i) => copies.eventRequests(otherId(i % FULL.users))(i));
    await insertCopies(dbs.notifications, "notifications", OWN + seeded.notifications, size.notifications - seeded.notifications, (i) => copies.notifications(otherId(i % FULL.users))(i));
    await insertCopies(dbs.relationships, "relationships", seeded.relationships, size.relationships - seeded.relationships, copies.relationships);
    Object.assign(seeded, { users: size.users, eventRequests: size.eventRequests, notifications: size.notifications, relationships: size.relationships });
    const counts = await Promise.all([dbs.identity.collection("users").countDocuments(), dbs.events.collection("event_requests").countDocuments(), dbs.notifications.collection("notifications").countDocuments(), dbs.relationships.collection("relationships").countDocuments()]);
    console.log(`\nSeeded ${size.label} in ${((performance.now() - started) / 1000).toFixed(0)} s: users ${counts[0]}, event requests ${counts[1]}, notifications ${counts[2]}, relationships ${counts[3]}`);
    for (const endpoint of ENDPOINTS) {
      const check = await fetch(`${stack.bffUrl}${endpoint.path}`, { headers: { cookie: me.cookie } });
      if (!check.ok) throw new Error(`${endpoint.path}: ${check.status} ${await check.text()}`);
      const figures = await loadHttp(`${stack.bffUrl}${endpoint.path}`, { seconds, connections: CONNECTIONS, headers: { cookie: me.cookie } });
      (results[endpoint.label] ??= {})[size.label] = figures;
      console.log(`  ${endpoint.label.padEnd(40)} p50 ${String(figures.p50).padStart(5)} ms  p99 ${String(figures.p99).padStart(5)} ms  (${figures.perSecond.toFixed(0)}/s${figures.failures ? `, ${figures.failures} failed` : ""})`);
    }
  }

  console.log(`\n${"endpoint (through the BFF, 10 in flight)".padEnd(42)} ${"p50 1k".padStart(7)} ${"p99 1k".padStart(7)} ${"p50 full".padStart(9)} ${"p99 full".padStart(9)}  ratio p50`);
  for (const endpoint of ENDPOINTS) {
    const small = results[endpoint.label]!["~1,000"]!;
    const full = results[endpoint.label]!.full!;
    const ratio = full.p50 / Math.max(small.p50, 1);
    console.log(`${endpoint.label.padEnd(42)} ${String(small.p50).padStart(7)} ${String(small.p99).padStart(7)} ${String(full.p50).padStart(9)} ${String(full.p99).padStart(9)}  ${ratio.toFixed(2)}× ${ratio <= 2 ? "(target ≤ 2×: met)" : "(target ≤ 2×: NOT met)"}`);
  }
} finally {
  await stack.close();
}

/** A relationship between `a` and `b` made from the template (the store's own pair key). */
function relationshipBetween(doc: Document, a: string, b: string): Document {
  const [first, second] = [a, b].sort() as [string, string];
  const party = (id: string) => ({ ...doc.parties[0], user_id: id, email: `${id}@example.com`, full_name: id });
  return { pair: pairKey(a, b), user_ids: [first, second], parties: [party(first), party(second)] };
}
