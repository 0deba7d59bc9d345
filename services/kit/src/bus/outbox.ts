import type { Collection, Document, UpdateFilter } from "mongodb";
import type { Logger } from "pino";
import type { TDomainEvent } from "@amia/contracts";

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

/** A new aggregate document together with the events its creation causes. */
export function withOutbox<T extends Document>(doc: T, events: readonly TDomainEvent[]): T & WithOutbox {
  return { ...doc, [OUTBOX_FIELD]: [...events] };
}

/** Adds "append these events" to an update of an aggregate, so both land in one write. */
export function appendToOutbox<T extends Document>(update: UpdateFilter<T>, events: readonly TDomainEvent[]): UpdateFilter<T> {
  const push = { ...(update.$push as Document | undefined), [OUTBOX_FIELD]: { $each: [...events] } };
  return { ...update, $push: push } as unknown as UpdateFilter<T>;
}

/** Strips the outbox from a stored document before it leaves the service. */
export function withoutOutbox<T extends WithOutbox>(doc: T): Omit<T, "outbox"> {
  const { outbox: _outbox, ...rest } = doc;
  return rest;
}

export interface OutboxRelayOptions {
  collections: Collection<any>[];
  publish: (events: readonly TDomainEvent[]) => Promise<void>;
  logger: Logger;
  /** How often to look for pending events when nobody nudges. */
  intervalMs?: number;
  batchSize?: number;
}

export interface OutboxRelay {
  /** Polls until stopped. */
  start: () => void;
  /** Finishes the pass in progress, then stops. */
  stop: () => Promise<void>;
  /** One pass over every collection; returns how many events it published. */
  runOnce: () => Promise<number>;
  /** Ask for a pass now (after a local write), instead of waiting for the next tick. */
  nudge: () => void;
}

// FerretDB, our local MongoDB-wire database, answers this query form (checked by the tests).
const PENDING = { [`${OUTBOX_FIELD}.0`]: { $exists: true } };

export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { collections, publish, intervalMs = 500, batchSize = 100 } = options;
  const logger = options.logger.child({ component: "outbox-relay" });
  let timer: NodeJS.Timeout | undefined;
  let isStopped = true;
  let pass: Promise<number> | undefined;
  let isNudged = false;

  const relayCollection = async (collection: Collection<any>): Promise<number> => {
    const pending = await collection
      .find(PENDING, { projection: { [OUTBOX_FIELD]: 1 } })
      .limit(batchSize)
      .toArray();
    let published = 0;
    for (const doc of pending) {
      const events = (doc[OUTBOX_FIELD] ?? []) as TDomainEvent[];
      if (events.length === 0) continue;
      await publish(events);
      // Removes exactly the events just published; any appended since stay for the next pass.
      // `$pullAll` by value, not `$pull` by condition: FerretDB 1.24 silently ignores the latter.
      await collection.updateOne({ _id: doc._id }, { $pullAll: { [OUTBOX_FIELD]: events } } as unknown as UpdateFilter<Document>);
      published += events.length;
    }
    return published;
  };

  const runOnce = (): Promise<number> => {
    // One pass at a time: a nudge during a pass is served by one more pass right after it.
    if (pass) {
      isNudged = true;
      return pass;
    }
    pass = (async () => {
      let total = 0;
      try {
        do {
          isNudged = false;
          for (const collection of collections) total += await relayCollection(collection);
        } while (isNudged);
      } finally {
        pass = undefined;
      }
      return total;
    })();
    return pass;
  };

  const tick = async () => {
    try {
      const published = await runOnce();
      if (published > 0) logger.debug({ published }, "outbox events published");
    } catch (error) {
      logger.error({ err: error }, "outbox relay pass failed; will retry");
    } finally {
      if (!isStopped) timer = setTimeout(tick, intervalMs);
    }
  };

  return {
    start() {
      if (!isStopped) return;
      isStopped = false;
      timer = setTimeout(tick, 0);
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await pass?.catch(() => undefined);
    },
    runOnce,
    nudge() {
      if (isStopped) return;
      clearTimeout(timer);
      timer = setTimeout(tick, 0);
    },
  };
}
