import type { Db, MongoServerError } from "mongodb";
import { createEvent, type Outbox } from "@amia/kit";
import type { TDomainEvent } from "@amia/contracts";
import { EMPTY_SYNC_STATE, type SyncFacts, type SyncState, type VersionedSnapshot } from "../domain/sync-rules.ts";
import type { TCalendarSyncFailureReason, TCalendarSyncOperation } from "../jobs/sync-job.ts";

/**
 * One document per event request the calendar heard of: the facts its sync jobs brought (merged
 * by request version), what Google was last brought to, and (in its outbox) the calendar.* events
 * each sync caused, written in the same update (DESIGN.md outbox).
 */

/** Storage name: renaming it strands the outbox and the link to Google's events. */
export const CALENDAR_SYNCS_COLLECTION = "calendar_syncs";

/** Field names are storage names (SyncState explains each); added over time, so older documents lack some. */
export interface CalendarSyncDoc extends Partial<Omit<SyncState, "google_event_id" | "is_deleted">> {
  _id: string;
  user_id: string;
  google_event_id: string | null;
  html_link: string | null;
  is_deleted: boolean;
  /** The request version Google was last brought to (`request_version` of calendar.event-synced). */
  applied_version?: number;
  updated_at: string;
}

const PRODUCER = "calendar";

/** What a sync did to Google, to record with the state it reached. */
export interface AppliedSync {
  fingerprint: string;
  /** The request version the applied state reflects. */
  version: number;
  google_event_id: string | null;
  html_link: string | null;
  /** calendar.event-synced to publish; none when Google never held the event. */
  synced: { operation: TCalendarSyncOperation; google_event_id: string; html_link: string | null } | null;
}

export interface SyncsStore {
  /** The request's sync state; the empty state when no job has run for it yet. */
  get: (userId: string, eventRequestId: string) => Promise<SyncState>;
  /** Merges one job's facts: newest version wins, whatever the order (sync-rules.ts mergeFacts). */
  recordFacts: (userId: string, eventRequestId: string, facts: SyncFacts) => Promise<void>;
  /** Before an insert: Google may hold the event from now on, even if the answer is lost. */
  recordInsertSent: (userId: string, eventRequestId: string) => Promise<void>;
  recordApplied: (userId: string, eventRequestId: string, applied: AppliedSync) => Promise<void>;
  /** The user deleted our event in Google Calendar. */
  recordRemovedInGoogle: (userId: string, eventRequestId: string) => Promise<void>;
  recordFailed: (
    userId: string,
    eventRequestId: string,
    failure: { operation: TCalendarSyncOperation; reason: TCalendarSyncFailureReason; detail: string | null; attempts: number },
  ) => Promise<void>;
}

const isDuplicateKey = (error: unknown) => (error as MongoServerError | undefined)?.code === 11000;

export function createSyncsStore(db: Db, outbox: Outbox): SyncsStore {
  const collection = db.collection<CalendarSyncDoc>(CALENDAR_SYNCS_COLLECTION);
  const now = () => new Date().toISOString();
  const set = async (userId: string, eventRequestId: string, fields: Partial<CalendarSyncDoc>, events: TDomainEvent[] = []) => {
    const update = { $set: { ...fields, user_id: userId, updated_at: now() } };
    await outbox.update(collection, { _id: eventRequestId }, update, events, { upsert: true });
  };

  return {
    async get(userId, eventRequestId) {
      const doc = await collection.findOne({ _id: eventRequestId, user_id: userId });
      return doc ? stateOf(doc) : EMPTY_SYNC_STATE;
    },

    async recordFacts(userId, eventRequestId, facts) {
      // Versions merge with $max, so two jobs writing at once both land, in either order.
      const merge = {
        $setOnInsert: { user_id: userId, google_event_id: null, html_link: null, snapshot: null, ...(facts.is_deleted ? {} : { is_deleted: false }) },
        $max: { version: facts.version, approved_version: facts.approved_version, rejected_version: facts.rejected_version },
        // The tombstone: once set, never cleared.
        $set: { updated_at: now(), ...(facts.is_deleted ? { is_deleted: true } : {}) },
      };
      try {
        await collection.updateOne({ _id: eventRequestId }, merge, { upsert: true });
      } catch (error) {
        // Two first jobs of one request upserted at once and the other one inserted: merge into it.
        if (!isDuplicateKey(error)) throw error;
        await collection.updateOne({ _id: eventRequestId }, merge);
      }
      if (facts.snapshot) {
        // Only over an older snapshot (or none): a late job's snapshot never replaces a newer one.
        await collection.updateOne(
          { _id: eventRequestId, $or: [{ snapshot: null }, { "snapshot.version": { $lt: facts.snapshot.version } }] },
          { $set: { snapshot: facts.snapshot } },
        );
      }
    },

    recordInsertSent: (userId, eventRequestId) => set(userId, eventRequestId, { may_exist: true }),

    async recordApplied(userId, eventRequestId, applied) {
      const events = applied.synced
        ? [
            createEvent(PRODUCER, "calendar.event-synced", {
              subject: eventRequestId,
              actor_id: null,
              data: { event_request_id: eventRequestId, user_id: userId, ...applied.synced, request_version: applied.version },
            }),
          ]
        : [];
      await set(
        userId,
        eventRequestId,
        { applied_fingerprint: applied.fingerprint, applied_version: applied.version, google_event_id: applied.google_event_id, html_link: applied.html_link, may_exist: false },
        events,
      );
    },

    recordRemovedInGoogle: (userId, eventRequestId) => set(userId, eventRequestId, { removed_in_google: true }),

    async recordFailed(userId, eventRequestId, { operation, reason, detail, attempts }) {
      const event = createEvent(PRODUCER, "calendar.sync-failed", {
        subject: eventRequestId,
        actor_id: null,
        data: { event_request_id: eventRequestId, user_id: userId, operation, reason, detail: detail?.slice(0, 500) ?? null, attempts },
      });
      await set(userId, eventRequestId, {}, [event]);
    },
  };
}

/** The state a stored document holds; fields an older document lacks take their empty values. */
function stateOf(doc: CalendarSyncDoc): SyncState {
  const hasLiveEvent = doc.google_event_id !== null && !doc.is_deleted;
  return {
    is_deleted: doc.is_deleted ?? false,
    version: doc.version ?? 0,
    snapshot: (doc.snapshot as VersionedSnapshot | null | undefined) ?? null,
    // A document from before versions existed that holds a live event: its request was approved.
    approved_version: doc.approved_version ?? (hasLiveEvent ? 1 : 0),
    rejected_version: doc.rejected_version ?? 0,
    google_event_id: doc.google_event_id ?? null,
    applied_fingerprint: doc.applied_fingerprint ?? null,
    may_exist: doc.may_exist ?? false,
    removed_in_google: doc.removed_in_google ?? false,
  };
}
