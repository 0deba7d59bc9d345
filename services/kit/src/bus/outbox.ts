import type { Collection, Db, Document, UpdateFilter } from "mongodb";
import type { Logger } from "pino";
import type { TDomainEvent } from "@amia/contracts";
import { metricsFor } from "../telemetry/metrics.ts";
import { currentTraceparent, serviceOfName, TRACEPARENT } from "../telemetry/tracing.ts";

/**
 * The single-document outbox (DESIGN.md "No event lost, none applied twice"): an aggregate
 * document carries the events its last changes caused, written in the same update as the change.
 * A relay publishes them and then removes them by id. A crash between the write and the publish
 * loses nothing (the events wait in the document); a crash between the publish and the removal
 * publishes them again, which consumers absorb through deterministic ids.
 */

/** Storage name of the field; renaming it strands every event not yet published. */
export const OUTBOX_FIELD = "outbox";

export interface WithOutbox {
  outbox?: TDomainEvent[];
}

/**
 * An event as the outbox stores it: with the trace context of the work that caused it, so the
 * relay's publish (maybe much later, maybe from a sweep in another process) continues that
 * trace. `traceparent` is a storage name; the relay moves it into the Kafka headers and it never
 * reaches the event's JSON on the wire.
 */
export type TOutboxEvent = TDomainEvent & { [TRACEPARENT]?: string };

/** The events with the active trace context stamped on (unchanged while tracing is off). */
function stamped(events: readonly TDomainEvent[]): TOutboxEvent[] {
  const traceparent = currentTraceparent();
  return traceparent ? events.map((event) => ({ ...event, [TRACEPARENT]: traceparent })) : [...events];
}

/** A new aggregate document together with the events its creation causes. */
export function withOutbox<T extends Document>(doc: T, events: readonly TDomainEvent[]): T & WithOutbox {
  return { ...doc, [OUTBOX_FIELD]: stamped(events) };
}

/** Adds "append these events" to an update of an aggregate, so both land in one write. */
export function appendToOutbox<T extends Document>(update: UpdateFilter<T>, events: readonly TDomainEvent[]): UpdateFilter<T> {
  const push = { ...(update.$push as Document | undefined), [OUTBOX_FIELD]: { $each: stamped(events) } };
  return { ...update, $push: push } as unknown as UpdateFilter<T>;
}

/** Strips the outbox from a stored document before it leaves the service. */
export function withoutOutbox<T extends WithOutbox>(doc: T): Omit<T, "outbox"> {
  const { outbox: _outbox, ...rest } = doc;
  return rest;
}

export interface OutboxRelayOptions {
  /** The service's database; `relay.db` is the same database, watched. */
  db: Db;
  /** Collections whose documents carry an outbox: swept for anything a crash left behind. */
  collections: string[];
  publish: (events: readonly TDomainEvent[]) => Promise<void>;
  logger: Logger;
  /** How often to sweep every collection for pending events (the crash-recovery net). */
  sweepIntervalMs?: number;
  batchSize?: number;
}

export interface OutboxRelay {
  /**
   * The database to give the stores: any insert or update through it that appends outbox events
   * has that document published right after the write, looked up by `_id` (fast everywhere;
   * FerretDB pushes no other filter down), instead of waiting for a sweep.
   */
  db: Db;
  /** Sweeps and publishes until stopped. */
  start: () => void;
  /** Finishes the pass in progress, then stops. */
  stop: () => Promise<void>;
  /** One full sweep over every collection; returns how many events it published. */
  runOnce: () => Promise<number>;
  /** Publish what the watched writes left pending now (they already ask for it themselves). */
  nudge: () => void;
}

// FerretDB, our local MongoDB-wire database, answers this query form (checked by the tests).
const PENDING = { [`${OUTBOX_FIELD}.0`]: { $exists: true } };

export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { db, publish, sweepIntervalMs = 5_000, batchSize = 100 } = options;
  const logger = options.logger.child({ component: "outbox-relay" });
  const collections = options.collections.map((name) => db.collection(name));
  /** Documents written with events since the last pass, per collection name. */
  const targets = new Map<string, Set<unknown>>();
  let sweepTimer: NodeJS.Timeout | undefined;
  let isStopped = true;
  let pass: Promise<number> | undefined;
  let isAgainNeeded = false;

  const relayDocument = async (collection: Collection<any>, doc: Document): Promise<number> => {
    const events = (doc[OUTBOX_FIELD] ?? []) as TDomainEvent[];
    if (events.length === 0) return 0;
    try {
      await publish(events);
    } catch (error) {
      // Counted against the events' producer: the relay is told its database, not its service.
      metricsFor(serviceOfName(events[0]!.producer)).outboxPublishFailures.inc();
      throw error;
    }
    // Removes exactly the events just published; any appended since stay for the next pass.
    // `$pullAll` by value, not `$pull` by condition: FerretDB 1.24 silently ignores the latter.
    await collection.updateOne({ _id: doc._id }, { $pullAll: { [OUTBOX_FIELD]: events } } as unknown as UpdateFilter<Document>);
    return events.length;
  };

  const sweep = async (): Promise<number> => {
    let published = 0;
    for (const collection of collections) {
      const pending = await collection.find(PENDING, { projection: { [OUTBOX_FIELD]: 1 } }).limit(batchSize).toArray();
      for (const doc of pending) published += await relayDocument(collection, doc);
    }
    return published;
  };

  const relayTargets = async (): Promise<number> => {
    let published = 0;
    while (targets.size > 0) {
      const batch = [...targets];
      targets.clear();
      for (const [name, ids] of batch) {
        const collection = db.collection(name);
        for (const id of ids) {
          const doc = await collection.findOne({ _id: id as never }, { projection: { [OUTBOX_FIELD]: 1 } });
          if (doc) published += await relayDocument(collection, doc);
        }
      }
    }
    return published;
  };

  /**
   * One pass at a time. A request made during a pass is folded into it: the loop runs again
   * while targets arrive or a sweep was asked for, so nothing waits for the next timer.
   */
  let isSweepWanted = false;
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

  const publishTargets = () => {
    if (!isStopped && targets.size > 0) requestPass(false).catch(report("outbox publish"));
  };

  const scheduleSweep = () => {
    sweepTimer = setTimeout(() => {
      requestPass(true)
        .then((published) => published > 0 && logger.debug({ published }, "outbox sweep published events"))
        .catch(report("outbox sweep"))
        .finally(() => !isStopped && scheduleSweep());
    }, sweepIntervalMs);
  };

  const remember = (collectionName: string, id: unknown) => {
    const ids = targets.get(collectionName) ?? new Set<unknown>();
    ids.add(id);
    targets.set(collectionName, ids);
  };

  return {
    db: watchDatabase(db, (collectionName, id) => {
      if (id === undefined) {
        // An outbox write not addressed by a plain _id: let a sweep find it, now.
        if (!isStopped) requestPass(true).catch(report("outbox sweep"));
        return;
      }
      remember(collectionName, id);
      publishTargets();
    }),
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
    nudge: publishTargets,
  };
}

/**
 * Feeds `outbox_documents_pending` of `service` from `db`, read on scrape: per collection, the
 * documents holding events not yet published (the relay's own sweep query). Returns its removal.
 */
export function reportOutboxBacklog(service: string, db: Db): () => void {
  return metricsFor(service).addSource("outbox_documents_pending", async () => {
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((collection) => collection.name);
    return Promise.all(
      names.filter((name) => !name.startsWith("system.")).map(async (name) => ({ labels: { collection: name }, value: await db.collection(name).countDocuments(PENDING) })),
    );
  });
}

/**
 * A view of `db` whose collections report each write that appends outbox events: inserts of
 * documents carrying events, and updates that `$push` to the outbox, with the document's `_id`
 * when the filter names one (undefined otherwise). Reads and other writes pass untouched.
 */
function watchDatabase(db: Db, onOutboxWrite: (collectionName: string, id: unknown) => void): Db {
  const hasEvents = (doc: Document | undefined) => Array.isArray(doc?.[OUTBOX_FIELD]) && (doc[OUTBOX_FIELD] as unknown[]).length > 0;
  const pushesEvents = (update: unknown) => !Array.isArray(update) && Boolean((update as UpdateFilter<Document> | undefined)?.$push?.[OUTBOX_FIELD]);
  const plainId = (filter: Document | undefined) => {
    const id = filter?._id;
    return id !== undefined && (typeof id !== "object" || id === null || !Object.keys(id).some((key) => key.startsWith("$"))) ? id : undefined;
  };

  const watchCollection = (collection: Collection<any>): Collection<any> =>
    new Proxy(collection, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        switch (property) {
          case "insertOne":
            return async (doc: Document, ...rest: unknown[]) => {
              const result = await value.call(target, doc, ...rest);
              if (hasEvents(doc)) onOutboxWrite(target.collectionName, doc._id);
              return result;
            };
          case "insertMany":
            return async (docs: Document[], ...rest: unknown[]) => {
              const result = await value.call(target, docs, ...rest);
              for (const doc of docs) if (hasEvents(doc)) onOutboxWrite(target.collectionName, doc._id);
              return result;
            };
          case "updateOne":
          case "updateMany":
          case "findOneAndUpdate":
            return async (filter: Document, update: unknown, ...rest: unknown[]) => {
              const result = await value.call(target, filter, update, ...rest);
              if (pushesEvents(update)) onOutboxWrite(target.collectionName, plainId(filter));
              return result;
            };
          default:
            return value.bind(target);
        }
      },
    });

  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === "collection") return (name: string, options?: object) => watchCollection(target.collection(name, options));
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
