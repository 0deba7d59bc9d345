import type { Collection, Db, Document, Filter, UpdateFilter, UpdateResult } from "mongodb";
import type { Logger } from "pino";
import { ZDomainEventSchema, type TDomainEvent } from "@amia/contracts";
import { assertBeforeDeadline } from "../http/deadline.ts";
import { metricsFor } from "../telemetry/metrics.ts";
import { currentTraceparent, serviceOfName, TRACEPARENT } from "../telemetry/tracing.ts";

/**
 * The single-document outbox (DESIGN.md "No event lost, none applied twice"): an aggregate
 * document carries the events its last changes caused, written in the same update as the change,
 * through `outbox.insert` / `outbox.update` at the call site. The outbox then publishes them and
 * removes them. A crash between the write and the publish loses nothing (the events wait in the
 * document, flagged pending, for the sweep); a crash between the publish and the removal publishes
 * them again, which consumers absorb through deterministic ids.
 *
 * Each document carries its outbox's state, like eShop's IntegrationEventLog (`TimesSent`,
 * `PublishedFailed`): pending while it holds events, how many publishes failed, the last error,
 * when to try again, and `failed` once the attempts are spent; a failed document waits for an
 * operator (`npm run outbox -- retry-failed <service>`) and never holds up the others.
 */

/** Storage names of the outbox's fields; renaming one strands every event not yet published. */
export const OUTBOX_FIELD = "outbox";
export const OUTBOX_STATE_FIELD = "outbox_state";
export const OUTBOX_ATTEMPTS_FIELD = "outbox_attempts";
export const OUTBOX_LAST_ERROR_FIELD = "outbox_last_error";
export const OUTBOX_RETRY_AT_FIELD = "outbox_retry_at";

/**
 * Storage name of the index the sweep reads by; its presence on a collection is also what marks
 * the collection as one holding outboxes (the sweep and the backlog metric find them by it), so a
 * collection is registered by its first outbox write and stays registered across restarts.
 */
export const OUTBOX_INDEX_NAME = "outbox_pending";

/** `pending`: events wait to be published. `failed`: the attempts are spent; an operator retries. Storage values. */
export type TOutboxState = "pending" | "failed";

export interface WithOutbox {
  outbox?: TDomainEvent[];
  outbox_state?: TOutboxState;
  outbox_attempts?: number;
  outbox_last_error?: string;
  outbox_retry_at?: Date;
}

type OutboxFieldName = keyof WithOutbox;
const OUTBOX_FIELDS: readonly OutboxFieldName[] = [OUTBOX_FIELD, OUTBOX_STATE_FIELD, OUTBOX_ATTEMPTS_FIELD, OUTBOX_LAST_ERROR_FIELD, OUTBOX_RETRY_AT_FIELD];

/** A read projection that leaves every outbox field in the database. */
export const WITHOUT_OUTBOX_PROJECTION: Readonly<Record<OutboxFieldName, 0>> = Object.fromEntries(OUTBOX_FIELDS.map((field) => [field, 0])) as Record<OutboxFieldName, 0>;

/**
 * Sparse: a document without events is not in it. FerretDB 1.24 accepts `sparse` but not
 * `partialFilterExpression` (outbox.int.test.ts creates it there).
 */
async function createOutboxIndex(collection: Collection<any>): Promise<void> {
  await collection.createIndex({ [OUTBOX_STATE_FIELD]: 1, [OUTBOX_RETRY_AT_FIELD]: 1 }, { name: OUTBOX_INDEX_NAME, sparse: true });
}

/** Top-level equality only: FerretDB pushes it down to its backend, MongoDB answers it from the index. */
const PENDING = { [OUTBOX_STATE_FIELD]: "pending" } as const;
const FAILED = { [OUTBOX_STATE_FIELD]: "failed" } as const;
const RELAY_PROJECTION = { [OUTBOX_FIELD]: 1, [OUTBOX_STATE_FIELD]: 1, [OUTBOX_ATTEMPTS_FIELD]: 1, [OUTBOX_RETRY_AT_FIELD]: 1 } as const;

/**
 * An event as the outbox stores it: with the trace context of the work that caused it, so the
 * publish (maybe much later, maybe from a sweep in another process) continues that trace.
 * `traceparent` is a storage name; the bus moves it into the Kafka headers and it never reaches
 * the event's JSON on the wire.
 */
export type TOutboxEvent = TDomainEvent & { [TRACEPARENT]?: string };

/** The events with the active trace context stamped on (unchanged while tracing is off). */
function stamped(events: readonly TDomainEvent[]): TOutboxEvent[] {
  const traceparent = currentTraceparent();
  return traceparent ? events.map((event) => ({ ...event, [TRACEPARENT]: traceparent })) : [...events];
}

/**
 * An event that breaks the contracts is a bug in the code that built it: refuse it before
 * anything is written, rather than store an event every consumer would park on its DLQ.
 */
export function assertValidEvents(events: readonly TDomainEvent[]): void {
  for (const event of events) {
    const result = ZDomainEventSchema.safeParse(event);
    if (!result.success) {
      const issues = result.error.issues.map((issue) => `${issue.path.join(".") || "(event)"}: ${issue.message}`).join("; ");
      throw new Error(`outbox: event ${String(event?.type)} ${String(event?.id)} breaks the contract (${issues})`);
    }
  }
}

/** Strips the outbox fields from a stored document before it leaves the service. */
export function withoutOutbox<T extends WithOutbox>(doc: T): Omit<T, OutboxFieldName> {
  const rest = { ...doc } as Record<string, unknown>;
  for (const field of OUTBOX_FIELDS) delete rest[field];
  return rest as Omit<T, OutboxFieldName>;
}

/** An update through the outbox names its document by `_id`: that is how its events are published at once. */
export type OutboxFilter<T extends Document> = Filter<T> & { _id: T["_id"] };

export interface OutboxOptions {
  /** The service's database: where the sweep looks for outbox collections. */
  db: Db;
  publish: (events: readonly TDomainEvent[]) => Promise<void>;
  logger: Logger;
  /** How often to sweep for pending documents (the crash-recovery net); 5 s by default. */
  sweepIntervalMs?: number;
  /** Documents read per collection and query; 100 by default. */
  batchSize?: number;
  /** Failed publishes of one document before it moves to `failed`; 10 by default. */
  maxAttempts?: number;
  /** Wait after a document's first failed publish, doubled after each further one; 1 s by default. */
  retryBaseMs?: number;
  /** The longest wait between two attempts of one document; 5 min by default. */
  retryMaxMs?: number;
  now?: () => Date;
}

export interface Outbox {
  /**
   * Inserts `doc` with `events` in its outbox (one document write), then publishes them at once.
   * Errors of the insert (a duplicate key) reach the caller; nothing is published then.
   */
  insert: <T extends Document>(collection: Collection<T>, doc: T & { _id: T["_id"] }, events: readonly TDomainEvent[]) => Promise<void>;
  /**
   * Applies `update` to the document `filter` selects and appends `events` to its outbox in the
   * same write, then publishes them at once. Without events it is a plain update.
   */
  update: <T extends Document>(
    collection: Collection<T>,
    filter: OutboxFilter<T>,
    update: UpdateFilter<T>,
    events: readonly TDomainEvent[],
    options?: { upsert?: boolean },
  ) => Promise<UpdateResult<T>>;
  /** Sweeps and publishes until stopped. */
  start: () => void;
  /** Finishes the pass in progress, then stops. */
  stop: () => Promise<void>;
  /** One full sweep of every outbox collection (due documents only); returns how many events it published. */
  runOnce: () => Promise<number>;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, publish, sweepIntervalMs = 5_000, batchSize = 100, maxAttempts = 10, retryBaseMs = 1_000, retryMaxMs = 300_000, now = () => new Date() } = options;
  const logger = options.logger.child({ component: "outbox" });
  /** Collections whose index this process has ensured (the promise, so concurrent first writes share it). */
  const registered = new Map<string, Promise<void>>();
  /** Documents written with events since the last pass, per collection name. */
  const targets = new Map<string, Set<unknown>>();
  let sweepTimer: NodeJS.Timeout | undefined;
  let isStopped = true;
  let pass: Promise<number> | undefined;
  let isAgainNeeded = false;
  let isSweepWanted = false;

  const register = (collection: Collection<any>): Promise<void> => {
    const name = collection.collectionName;
    let ensured = registered.get(name);
    if (!ensured) {
      ensured = createOutboxIndex(collection);
      ensured.catch(() => registered.delete(name));
      registered.set(name, ensured);
    }
    return ensured;
  };

  const retryDelayMs = (attempts: number) => Math.min(retryMaxMs, retryBaseMs * 2 ** (attempts - 1));

  /** A publish failed: count the attempt, and after the last one park the document as failed. */
  const recordFailure = async (collection: Collection<any>, doc: Document, events: readonly TDomainEvent[], error: unknown) => {
    // Counted against the events' producer: the outbox is told its database, not its service.
    metricsFor(serviceOfName(events[0]!.producer)).outboxPublishFailures.inc();
    const attempts = ((doc[OUTBOX_ATTEMPTS_FIELD] as number | undefined) ?? 0) + 1;
    const isFailed = attempts >= maxAttempts;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const set: Document = { [OUTBOX_ATTEMPTS_FIELD]: attempts, [OUTBOX_LAST_ERROR_FIELD]: message };
    if (isFailed) set[OUTBOX_STATE_FIELD] = "failed";
    else set[OUTBOX_RETRY_AT_FIELD] = new Date(now().getTime() + retryDelayMs(attempts));
    // Only while still pending: another replica may have published it meanwhile.
    await collection.updateOne({ _id: doc._id, ...PENDING }, isFailed ? { $set: set, $unset: { [OUTBOX_RETRY_AT_FIELD]: "" } } : { $set: set });
    const context = { err: error, collection: collection.collectionName, document_id: doc._id, event_ids: events.map((event) => event.id), attempts };
    if (isFailed) logger.error(context, "outbox publish failed for good: the document is parked as failed (npm run outbox -- retry-failed)");
    else logger.warn({ ...context, retry_in_ms: retryDelayMs(attempts) }, "outbox publish failed; retrying later");
  };

  /**
   * Publishes one document's events, then removes exactly those. When nothing else arrived in
   * between, one conditional write empties the outbox and clears the flag together; when events
   * were appended meanwhile, only the published ones are pulled and the flag stays, so the newer
   * events are never left unflagged. Never throws for a failed publish (that is recorded on the
   * document, and the caller carries on with the next); a database error does throw.
   */
  const relayDocument = async (collection: Collection<any>, doc: Document): Promise<number> => {
    const events = (doc[OUTBOX_FIELD] ?? []) as TDomainEvent[];
    if (events.length > 0) {
      try {
        await publish(events);
      } catch (error) {
        await recordFailure(collection, doc, events, error);
        return 0;
      }
    }
    const clear = { $unset: { [OUTBOX_STATE_FIELD]: "", [OUTBOX_ATTEMPTS_FIELD]: "", [OUTBOX_LAST_ERROR_FIELD]: "", [OUTBOX_RETRY_AT_FIELD]: "" } };
    const cleared = await collection.updateOne({ _id: doc._id, [OUTBOX_FIELD]: events }, { ...clear, $set: { [OUTBOX_FIELD]: [] } });
    if (cleared.matchedCount === 0 && events.length > 0) {
      // `$pullAll` by value, not `$pull` by condition: FerretDB 1.24 silently ignores the latter.
      await collection.updateOne(
        { _id: doc._id },
        { $pullAll: { [OUTBOX_FIELD]: events }, $unset: { [OUTBOX_ATTEMPTS_FIELD]: "", [OUTBOX_LAST_ERROR_FIELD]: "", [OUTBOX_RETRY_AT_FIELD]: "" } } as unknown as UpdateFilter<Document>,
      );
    }
    return events.length;
  };

  const isDue = (doc: Document) => !(doc[OUTBOX_RETRY_AT_FIELD] instanceof Date) || doc[OUTBOX_RETRY_AT_FIELD].getTime() <= now().getTime();

  const sweepCollection = async (collection: Collection<any>): Promise<number> => {
    let published = 0;
    // A document met twice in one sweep (its removal did not take) waits for the next sweep.
    const seen = new Set<string>();
    for (;;) {
      // Soonest first (a fresh document has no retry time and comes first), so documents waiting
      // out a backoff never crowd due ones out of the batch.
      const batch = await collection.find(PENDING, { projection: RELAY_PROJECTION }).sort({ [OUTBOX_RETRY_AT_FIELD]: 1, _id: 1 }).limit(batchSize).toArray();
      for (const doc of batch) {
        const key = String(doc._id);
        if (!isDue(doc) || seen.has(key)) return published;
        seen.add(key);
        published += await relayDocument(collection, doc);
      }
      // Every document of a full batch either left `pending` or moved behind by its retry time.
      if (batch.length < batchSize) return published;
    }
  };

  const sweep = async (): Promise<number> => {
    let published = 0;
    for (const name of await outboxCollections(db, registered.keys())) {
      try {
        published += await sweepCollection(db.collection(name));
      } catch (error) {
        logger.error({ err: error, collection: name }, "outbox sweep of a collection failed; the next sweep retries");
      }
    }
    return published;
  };

  const relayTargets = async (): Promise<number> => {
    let published = 0;
    while (targets.size > 0) {
      const batch = [...targets];
      targets.clear();
      // Documents at once (order matters only within one, and each is here once): one slow
      // publish does not hold up the events of other writes.
      const counts = await Promise.all(
        batch.flatMap(([name, ids]) =>
          [...ids].map(async (id) => {
            const collection = db.collection(name);
            const doc = await collection.findOne({ _id: id as never, ...PENDING }, { projection: RELAY_PROJECTION });
            // One waiting out a backoff is the sweep's: a write does not bring its retry forward.
            return doc && isDue(doc) ? relayDocument(collection, doc) : 0;
          }),
        ),
      );
      published += counts.reduce((sum, count) => sum + count, 0);
    }
    return published;
  };

  /**
   * One pass at a time. A request made during a pass is folded into it: the loop runs again
   * while targets arrive or a sweep was asked for, so nothing waits for the next timer.
   */
  const requestPass = (withSweep: boolean): Promise<number> => {
    if (withSweep) isSweepWanted = true;
    if (pass) {
      isAgainNeeded = true;
      return pass;
    }
    pass = (async () => {
      let total = 0;
      try {
        do {
          isAgainNeeded = false;
          total += await relayTargets();
          if (isSweepWanted) {
            isSweepWanted = false;
            total += await sweep();
          }
        } while (isAgainNeeded || targets.size > 0 || isSweepWanted);
      } finally {
        pass = undefined;
      }
      return total;
    })();
    return pass;
  };

  const report = (what: string) => (error: unknown) => logger.error({ err: error }, `${what} failed; the next sweep retries`);

  /** Publishes the document's events now, unless stopped (then a sweep finds them). */
  const publishSoon = (collectionName: string, id: unknown) => {
    if (isStopped) return;
    const ids = targets.get(collectionName) ?? new Set<unknown>();
    ids.add(id);
    targets.set(collectionName, ids);
    requestPass(false).catch(report("outbox publish"));
  };

  const scheduleSweep = () => {
    sweepTimer = setTimeout(() => {
      requestPass(true)
        .then((published) => published > 0 && logger.debug({ published }, "outbox sweep published events"))
        .catch(report("outbox sweep"))
        .finally(() => !isStopped && scheduleSweep());
    }, sweepIntervalMs);
  };

  // Every write through the outbox is the last step of a request: none starts after the caller's
  // deadline (http/deadline.ts), so it never lands after the user was told it failed.
  return {
    async insert(collection, doc, events) {
      if (events.length === 0) {
        assertBeforeDeadline();
        await collection.insertOne(doc as never);
        return;
      }
      assertValidEvents(events);
      await register(collection);
      assertBeforeDeadline();
      await collection.insertOne({ ...doc, [OUTBOX_FIELD]: stamped(events), [OUTBOX_STATE_FIELD]: "pending" } as never);
      publishSoon(collection.collectionName, doc._id);
    },

    async update(collection, filter, update, events, updateOptions = {}) {
      if (events.length === 0) {
        assertBeforeDeadline();
        return collection.updateOne(filter, update, updateOptions);
      }
      assertValidEvents(events);
      await register(collection);
      assertBeforeDeadline();
      const withEvents = {
        ...update,
        $set: { ...(update.$set as Document | undefined), [OUTBOX_STATE_FIELD]: "pending" },
        $push: { ...(update.$push as Document | undefined), [OUTBOX_FIELD]: { $each: stamped(events) } },
      } as unknown as UpdateFilter<typeof filter>;
      const result = await collection.updateOne(filter, withEvents as never, updateOptions);
      if (result.matchedCount > 0 || result.upsertedCount > 0) publishSoon(collection.collectionName, filter._id);
      return result;
    },

    start() {
      if (!isStopped) return;
      isStopped = false;
      // Anything a previous process left behind goes out at once.
      requestPass(true).catch(report("outbox start-up sweep"));
      scheduleSweep();
    },
    async stop() {
      isStopped = true;
      clearTimeout(sweepTimer);
      await pass?.catch(() => undefined);
    },
    runOnce: () => requestPass(true),
  };
}

/**
 * The collections holding outboxes: those carrying the outbox index (created by their first outbox
 * write, in any process, ever), plus any this process registered and whose index it is creating.
 */
export async function outboxCollections(db: Db, alsoRegistered: Iterable<string> = []): Promise<string[]> {
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((collection) => collection.name).filter((name) => !name.startsWith("system."));
  const marked = await Promise.all(
    names.map(async (name) => {
      const indexes = await db
        .collection(name)
        .listIndexes()
        .toArray()
        .catch(() => []); // dropped meanwhile
      return indexes.some((index) => index.name === OUTBOX_INDEX_NAME) ? name : undefined;
    }),
  );
  return [...new Set([...marked.filter((name): name is string => name !== undefined), ...alsoRegistered])];
}

export interface OutboxCollectionStatus {
  collection: string;
  pending: number;
  failed: number;
}

/** Per outbox collection, how many documents wait to be published and how many have failed. */
export async function outboxStatus(db: Db): Promise<OutboxCollectionStatus[]> {
  return Promise.all(
    (await outboxCollections(db)).map(async (name) => {
      const collection = db.collection(name);
      const [pending, failed] = await Promise.all([collection.countDocuments(PENDING), collection.countDocuments(FAILED)]);
      return { collection: name, pending, failed };
    }),
  );
}

/** The failed documents of every outbox collection, for an operator to read (events' ids and types, the last error). */
export async function listFailedOutboxes(db: Db, limit = 50): Promise<Array<{ collection: string; id: unknown; attempts: number; last_error: string | null; events: Array<{ id: string; type: string }> }>> {
  const found = [];
  for (const name of await outboxCollections(db)) {
    const docs = await db.collection(name).find(FAILED, { projection: { ...RELAY_PROJECTION, [OUTBOX_LAST_ERROR_FIELD]: 1 } }).limit(limit).toArray();
    for (const doc of docs) {
      found.push({
        collection: name,
        id: doc._id,
        attempts: (doc[OUTBOX_ATTEMPTS_FIELD] as number | undefined) ?? 0,
        last_error: (doc[OUTBOX_LAST_ERROR_FIELD] as string | undefined) ?? null,
        events: ((doc[OUTBOX_FIELD] ?? []) as TDomainEvent[]).map((event) => ({ id: event.id, type: event.type })),
      });
    }
  }
  return found;
}

/**
 * Gives every failed document a fresh set of attempts: it is pending again and due at once (a
 * running service's next sweep publishes it). Returns how many documents it moved, per collection.
 */
export async function retryFailedOutboxes(db: Db): Promise<Array<{ collection: string; retried: number }>> {
  const results = [];
  for (const name of await outboxCollections(db)) {
    const result = await db.collection(name).updateMany(FAILED, { $set: { ...PENDING, [OUTBOX_ATTEMPTS_FIELD]: 0 }, $unset: { [OUTBOX_RETRY_AT_FIELD]: "" } });
    results.push({ collection: name, retried: result.modifiedCount });
  }
  return results;
}

/**
 * Once, on upgrading from the outbox before `outbox_state` existed: flags the documents that still
 * hold unpublished events without the flag, in every collection, and registers their collections,
 * so the sweep publishes them. A full scan of each collection: an operator's one-off
 * (`npm run outbox -- adopt-legacy <service>`), never part of a sweep.
 */
export async function adoptLegacyOutboxes(db: Db): Promise<Array<{ collection: string; adopted: number }>> {
  const results = [];
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    if (name.startsWith("system.")) continue;
    const collection = db.collection(name);
    const result = await collection.updateMany({ [`${OUTBOX_FIELD}.0`]: { $exists: true }, [OUTBOX_STATE_FIELD]: { $exists: false } }, { $set: PENDING });
    if (result.modifiedCount === 0) continue;
    await createOutboxIndex(collection);
    results.push({ collection: name, adopted: result.modifiedCount });
  }
  return results;
}

/**
 * Feeds `outbox_documents_pending` and `outbox_documents_failed` of `service` from `db`, read on
 * scrape, per outbox collection, by the flag (no scan). Returns their removal.
 */
export function reportOutboxBacklog(service: string, db: Db): () => void {
  const metrics = metricsFor(service);
  const removePending = metrics.addSource("outbox_documents_pending", async () =>
    (await outboxStatus(db)).map(({ collection, pending }) => ({ labels: { collection }, value: pending })),
  );
  const removeFailed = metrics.addSource("outbox_documents_failed", async () =>
    (await outboxStatus(db)).map(({ collection, failed }) => ({ labels: { collection }, value: failed })),
  );
  return () => {
    removePending();
    removeFailed();
  };
}
