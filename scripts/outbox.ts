/**
 * The operators' view of a service's outbox (services/kit/src/bus/outbox.ts):
 *
 *   npm run outbox -- status <service>          pending and failed documents per collection
 *   npm run outbox -- failed <service>          the failed documents: their events and last error
 *   npm run outbox -- retry-failed <service>    gives each failed document a fresh set of attempts
 *   npm run outbox -- adopt-legacy <service>    once, after upgrading: flags events written before
 *                                               `outbox_state` existed (scans every collection)
 *
 * A failed document's publish failed `maxAttempts` times (10 by default) and the sweep no longer
 * tries it; once the cause is fixed, `retry-failed` makes it pending again and the running
 * service's next sweep (within 5 s) publishes it. Reads MONGO_URL (the local default otherwise)
 * and the service's database: MONGO_DB, else the service's name, as the service itself does.
 */
import { MongoClient } from "mongodb";
import { adoptLegacyOutboxes, listFailedOutboxes, outboxStatus, retryFailedOutboxes } from "@amia/kit";

const COMMANDS = ["status", "failed", "retry-failed", "adopt-legacy"];
const USAGE = `usage: npm run outbox -- ${COMMANDS.join("|")} <service>`;
const [command, service] = process.argv.slice(2);
if (!command || !service || !COMMANDS.includes(command)) {
  console.error(USAGE);
  process.exit(2);
}

const url = process.env.MONGO_URL ?? "mongodb://127.0.0.1:27017/";
const dbName = process.env.MONGO_DB || service;
const client = await MongoClient.connect(url, { serverSelectionTimeoutMS: 10_000 });
try {
  const db = client.db(dbName);
  if (command === "status") {
    const status = await outboxStatus(db);
    if (status.length === 0) console.log(`${dbName}: no outbox collections`);
    for (const { collection, pending, failed } of status) console.log(`${dbName}.${collection}: ${pending} pending, ${failed} failed`);
  } else if (command === "failed") {
    const failed = await listFailedOutboxes(db);
    if (failed.length === 0) console.log(`${dbName}: no failed outbox documents`);
    for (const doc of failed) {
      console.log(`${dbName}.${doc.collection} ${String(doc.id)}: ${doc.attempts} attempts, last error: ${doc.last_error ?? "(none)"}`);
      for (const event of doc.events) console.log(`  ${event.type} ${event.id}`);
    }
  } else if (command === "adopt-legacy") {
    const results = await adoptLegacyOutboxes(db);
    for (const { collection, adopted } of results) console.log(`${dbName}.${collection}: ${adopted} document(s) with unpublished events flagged pending`);
    console.log(results.length === 0 ? `${dbName}: nothing to adopt` : "the service's next sweep publishes them");
  } else {
    const results = await retryFailedOutboxes(db);
    const total = results.reduce((sum, { retried }) => sum + retried, 0);
    for (const { collection, retried } of results) if (retried > 0) console.log(`${dbName}.${collection}: ${retried} failed document(s) pending again`);
    console.log(`${total} document(s) will be published by the service's next sweep`);
  }
} finally {
  await client.close();
}
