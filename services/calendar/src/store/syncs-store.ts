import type { Db, MongoServerError } from "mongodb";
import { createEvent, type IndexPlan, type Outbox } from "@amia/kit";
import type { TDomainEvent } from "@amia/contracts";
import type { TEventDate, TGoogleAttendeeResponse } from "@amia/contracts";
import type { GoogleDate, KnownGoogleEvent } from "../domain/google-changes.ts";
import { googleEventBody } from "../domain/google-event.ts";
import { ABSENT_FINGERPRINT, desiredEventOf, EMPTY_SYNC_STATE, factsOf, type SyncFacts, type SyncState, type VersionedSnapshot } from "../domain/sync-rules.ts";
import { ZCalendarSyncJobSchema, type TCalendarSyncFailureReason, type TCalendarSyncJob, type TCalendarSyncOperation } from "../jobs/sync-job.ts";
import type { WantedSync, TSyncHandOffState } from "../domain/wanted-sync-rules.ts";

/**
 * One document per event request the calendar heard of: the facts its sync jobs brought (merged
 * by request version), what Google was last brought to, and (in its outbox) the calendar.* events
 * each sync caused, written in the same update (DESIGN.md outbox).
 */

/** Storage name: renaming it strands the outbox and the link to Google's events. */
export const CALENDAR_SYNCS_COLLECTION = "calendar_syncs";

/**
 * The reconciliation's query is top-level equality on `sync_state` (what FerretDB pushes down to
 * PostgreSQL and MongoDB indexes). Index name: a storage name.
 */
export const CALENDAR_SYNCS_INDEXES: IndexPlan = {
  [CALENDAR_SYNCS_COLLECTION]: [{ key: { sync_state: 1, _id: 1 }, name: "calendar_syncs_by_state" }],
};

/** Field names are storage names (SyncState explains each); added over time, so older documents lack some. */
export interface CalendarSyncDoc extends Partial<Omit<SyncState, "google_event_id" | "is_deleted">> {
  _id: string;
  /**
   * Each snapshot a job brought, under `v<request_version>` (snapshotKey); the newest is the
   * state's snapshot. Older documents hold theirs in `snapshot` alone, still read.
   */
  snapshots?: Record<string, VersionedSnapshot>;
  user_id: string;
  google_event_id: string | null;
  html_link: string | null;
  is_deleted: boolean;
  /** The request version Google was last brought to (`request_version` of calendar.event-synced). */
  applied_version?: number;
  /*
   * The hand-off from Kafka to BullMQ (wanted-sync-rules.ts). Absent on documents from before it.
   * `sync_state`'s values are storage names: the reconciliation queries "wanted".
   */
  sync_state?: TSyncHandOffState;
  /** The newest request version a consumed event asked Google to follow. */
  wanted_version?: number;
  /** The job last delivered, to enqueue again when Redis lost it (the job payload's storage names). */
  wanted_job?: TCalendarSyncJob;
  /** The newest request version a finished job brought Google to (or found nothing to do for). */
  synced_version?: number;
  /** The newest request version whose job failed for good (the user was told by calendar.sync-failed). */
  failed_version?: number;
  /*
   * Two-way sync's memory of the Google event (google-changes.ts): the times Google shows as far
   * as we know (our last write's, or the last change read back), that version's etag, and the
   * attendees' answers last passed on (by lower-cased email). Absent on older documents.
   */
  google_times?: { start: GoogleDate; end: GoogleDate } | null;
  google_etag?: string | null;
  // A list, not a map by email: an email's dots cannot be a field name.
  attendee_responses?: Array<{ email: string; response_status: TGoogleAttendeeResponse }>;
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
  /** The times our write sent and the etag Google answered it with (echo rule); null when none is there. */
  google_times: { start: GoogleDate; end: GoogleDate } | null;
  google_etag: string | null;
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
  /**
   * The consumer's durable half of the hand-off, before it enqueues: the job's facts merged and
   * the sync marked wanted, so a job Redis loses is found and enqueued again.
   */
  recordWanted: (job: TCalendarSyncJob) => Promise<void>;
  /** A job brought Google to what the facts of `version` call for (or found nothing to do). */
  recordSynced: (eventRequestId: string, version: number) => Promise<void>;
  /** The job of `version` failed for good: no longer wanted unless a newer version asks. */
  recordGaveUp: (eventRequestId: string, version: number) => Promise<void>;
  /** One page of wanted syncs, by request id after `afterId` (null: from the start). */
  listWanted: (afterId: string | null, limit: number) => Promise<WantedSync[]>;
  /** What two-way sync compares a listed Google event with; null when `userId` has no such request's event. */
  knownGoogleEvent: (userId: string, eventRequestId: string) => Promise<KnownGoogleEvent | null>;
  /** The creator moved the event in Google: remembered, and announced (calendar.google-event-changed). */
  recordMovedInGoogle: (
    userId: string,
    eventRequestId: string,
    change: { google_event_id: string; google_times: { start: GoogleDate; end: GoogleDate }; etag: string | null; updated: string | null; start_date: TEventDate; end_date: TEventDate },
  ) => Promise<void>;
  /** The creator deleted the event in Google: not brought back, and announced (calendar.google-event-deleted). */
  recordDeletedInGoogle: (userId: string, eventRequestId: string, googleEventId: string) => Promise<void>;
  /** The attendees' answers changed: remembered, and announced (calendar.google-attendees-responded). */
  recordAttendeeResponses: (userId: string, eventRequestId: string, responses: Record<string, TGoogleAttendeeResponse>) => Promise<void>;
}

const isDuplicateKey = (error: unknown) => (error as MongoServerError | undefined)?.code === 11000;

export function createSyncsStore(db: Db, outbox: Outbox): SyncsStore {
  const collection = db.collection<CalendarSyncDoc>(CALENDAR_SYNCS_COLLECTION);
  const now = () => new Date().toISOString();
  const set = async (userId: string, eventRequestId: string, fields: Partial<CalendarSyncDoc>, events: TDomainEvent[] = []) => {
    const update = { $set: { ...fields, user_id: userId, updated_at: now() } };
    await outbox.update(collection, { _id: eventRequestId }, update, events, { upsert: true });
  };

  /**
   * One write, so a reader never sees a version without every fact up to it: a sync records the
   * version it reconciled as synced, and must not claim one whose snapshot it has not seen.
   * Versions merge with $max and each snapshot goes under its own version's key (the newest is
   * picked on read), so two writers land in either order and a late snapshot never wins.
   * `wanted` (the consumer's hand-off) marks the sync wanted in the same write.
   */
  const mergeFacts = async (userId: string, eventRequestId: string, facts: SyncFacts, wanted?: TCalendarSyncJob) => {
    const merge = {
      $setOnInsert: { user_id: userId, google_event_id: null, html_link: null, ...(facts.is_deleted ? {} : { is_deleted: false }) },
      $max: { version: facts.version, approved_version: facts.approved_version, rejected_version: facts.rejected_version, ...(wanted ? { wanted_version: wanted.request_version } : {}) },
      $set: {
        updated_at: now(),
        // The tombstone: once set, never cleared.
        ...(facts.is_deleted ? { is_deleted: true } : {}),
        ...(facts.snapshot ? { [`snapshots.${snapshotKey(facts.snapshot.version)}`]: facts.snapshot } : {}),
        // Marked wanted on every delivery, even a redelivered old one: the reconciliation sees
        // from the versions that nothing is left to do and marks it synced again. The job kept
        // is the last delivered, maybe older than wanted_version: any job of the request brings
        // Google to all its merged facts, so running an older one again does the newest's work.
        ...(wanted ? { sync_state: "wanted" as const, wanted_job: wanted } : {}),
      },
    };
    try {
      await collection.updateOne({ _id: eventRequestId }, merge, { upsert: true });
    } catch (error) {
      // Two first writes of one request upserted at once and the other one inserted: merge into it.
      if (!isDuplicateKey(error)) throw error;
      await collection.updateOne({ _id: eventRequestId }, merge);
    }
  };

  return {
    async get(userId, eventRequestId) {
      const doc = await collection.findOne({ _id: eventRequestId, user_id: userId });
      return doc ? stateOf(doc) : EMPTY_SYNC_STATE;
    },

    recordFacts: (userId, eventRequestId, facts) => mergeFacts(userId, eventRequestId, facts),

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
        {
          applied_fingerprint: applied.fingerprint,
          applied_version: applied.version,
          google_event_id: applied.google_event_id,
          html_link: applied.html_link,
          may_exist: false,
          google_times: applied.google_times,
          google_etag: applied.google_etag,
        },
        events,
      );
    },

    recordRemovedInGoogle: (userId, eventRequestId) => set(userId, eventRequestId, { removed_in_google: true }),

    async knownGoogleEvent(userId, eventRequestId) {
      const doc = await collection.findOne({ _id: eventRequestId, user_id: userId });
      if (!doc) return null;
      const state = stateOf(doc);
      const desired = desiredEventOf(state);
      // Older documents lack google_times: the times of the body last applied stand in.
      const body = desired ? googleEventBody(desired.snapshot, desired.status) : null;
      return {
        google_event_id: state.google_event_id,
        should_exist: desired !== null && !state.removed_in_google && state.google_event_id !== null && state.applied_fingerprint !== ABSENT_FINGERPRINT,
        google_times: doc.google_times ?? (body ? { start: body.start, end: body.end } : null),
        google_etag: doc.google_etag ?? null,
        time_zone: state.snapshot?.start_date.time_zone ?? "UTC",
        attendee_responses: Object.fromEntries((doc.attendee_responses ?? []).map((response) => [response.email, response.response_status])),
      };
    },

    async recordMovedInGoogle(userId, eventRequestId, change) {
      const event = createEvent(PRODUCER, "calendar.google-event-changed", {
        subject: eventRequestId,
        actor_id: userId,
        data: { event_request_id: eventRequestId, user_id: userId, google_event_id: change.google_event_id, start_date: change.start_date, end_date: change.end_date, google_updated_at: change.updated },
      });
      await set(userId, eventRequestId, { google_times: change.google_times, google_etag: change.etag }, [event]);
    },

    async recordDeletedInGoogle(userId, eventRequestId, googleEventId) {
      const event = createEvent(PRODUCER, "calendar.google-event-deleted", {
        subject: eventRequestId,
        actor_id: userId,
        data: { event_request_id: eventRequestId, user_id: userId, google_event_id: googleEventId },
      });
      await set(userId, eventRequestId, { removed_in_google: true, google_times: null, google_etag: null }, [event]);
    },

    async recordAttendeeResponses(userId, eventRequestId, responses) {
      // Who each email is: the reviewers the newest snapshot invited.
      const doc = await collection.findOne({ _id: eventRequestId, user_id: userId });
      const invited = new Map((doc ? (newestSnapshot(doc)?.attendees ?? []) : []).map((attendee) => [attendee.email.toLowerCase(), attendee.user_id]));
      const event = createEvent(PRODUCER, "calendar.google-attendees-responded", {
        subject: eventRequestId,
        actor_id: null,
        data: { event_request_id: eventRequestId, user_id: userId, responses: Object.entries(responses).map(([email, response_status]) => ({ user_id: invited.get(email) ?? null, email, response_status })) },
      });
      await set(userId, eventRequestId, { attendee_responses: Object.entries(responses).map(([email, response_status]) => ({ email, response_status })) }, [event]);
    },

    async recordFailed(userId, eventRequestId, { operation, reason, detail, attempts }) {
      const event = createEvent(PRODUCER, "calendar.sync-failed", {
        subject: eventRequestId,
        actor_id: null,
        data: { event_request_id: eventRequestId, user_id: userId, operation, reason, detail: detail?.slice(0, 500) ?? null, attempts },
      });
      await set(userId, eventRequestId, {}, [event]);
    },

    recordWanted: (job) => mergeFacts(job.user_id, job.event_request_id, factsOf(job), job),

    async recordSynced(eventRequestId, version) {
      // One write, and only when no newer version is wanted meanwhile (its own job records that
      // one). A document from before the hand-off has no wanted_version and is left as it is.
      await collection.updateOne({ _id: eventRequestId, wanted_version: { $lte: version } }, { $set: { sync_state: "synced" }, $max: { synced_version: version } });
    },

    async recordGaveUp(eventRequestId, version) {
      await collection.updateOne({ _id: eventRequestId, sync_state: "wanted", wanted_version: { $lte: version } }, { $set: { sync_state: "failed" }, $max: { failed_version: version } });
    },

    async listWanted(afterId, limit) {
      const filter = afterId === null ? { sync_state: "wanted" as const } : { sync_state: "wanted" as const, _id: { $gt: afterId } };
      const docs = await collection.find(filter).sort({ _id: 1 }).limit(limit).toArray();
      return docs.map((doc) => {
        const job = ZCalendarSyncJobSchema.safeParse(doc.wanted_job);
        return {
          event_request_id: doc._id,
          wanted_version: doc.wanted_version ?? 0,
          synced_version: doc.synced_version ?? 0,
          failed_version: doc.failed_version ?? 0,
          job: job.success ? job.data : null,
        };
      });
    },
  };
}

/** Storage name of a snapshot's key in `snapshots`: "v" and the request version. */
const snapshotKey = (version: number) => `v${version}`;

/** The newest snapshot the document holds (`snapshots`, or an older document's `snapshot`). */
function newestSnapshot(doc: CalendarSyncDoc): VersionedSnapshot | null {
  let newest = (doc.snapshot as VersionedSnapshot | null | undefined) ?? null;
  for (const snapshot of Object.values(doc.snapshots ?? {})) {
    if (!newest || snapshot.version > newest.version) newest = snapshot;
  }
  return newest;
}

/** The state a stored document holds; fields an older document lacks take their empty values. */
function stateOf(doc: CalendarSyncDoc): SyncState {
  const hasLiveEvent = doc.google_event_id !== null && !doc.is_deleted;
  return {
    is_deleted: doc.is_deleted ?? false,
    version: doc.version ?? 0,
    snapshot: newestSnapshot(doc),
    // A document from before versions existed that holds a live event: its request was approved.
    approved_version: doc.approved_version ?? (hasLiveEvent ? 1 : 0),
    rejected_version: doc.rejected_version ?? 0,
    google_event_id: doc.google_event_id ?? null,
    applied_fingerprint: doc.applied_fingerprint ?? null,
    may_exist: doc.may_exist ?? false,
    removed_in_google: doc.removed_in_google ?? false,
  };
}
