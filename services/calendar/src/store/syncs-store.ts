import type { Db } from "mongodb";
import { appendToOutbox, createEvent } from "@amia/kit";
import type { TCalendarSyncFailureReason, TCalendarSyncOperation } from "../jobs/sync-job.ts";

/**
 * One document per synced event request: which Google event it became, and (in its outbox) the
 * calendar.* events each sync caused, written in the same update (DESIGN.md outbox).
 */

/** Storage name: renaming it strands the outbox and the link to Google's events. */
export const CALENDAR_SYNCS_COLLECTION = "calendar_syncs";

export interface CalendarSyncDoc {
  _id: string;
  user_id: string;
  google_event_id: string | null;
  html_link: string | null;
  is_deleted: boolean;
  updated_at: string;
}

const PRODUCER = "calendar";

export interface SyncsStore {
  get: (userId: string, eventRequestId: string) => Promise<CalendarSyncDoc | null>;
  recordSynced: (
    userId: string,
    eventRequestId: string,
    sync: { googleEventId: string; htmlLink: string | null; operation: TCalendarSyncOperation },
  ) => Promise<void>;
  recordFailed: (
    userId: string,
    eventRequestId: string,
    failure: { operation: TCalendarSyncOperation; reason: TCalendarSyncFailureReason; detail: string | null; attempts: number },
  ) => Promise<void>;
}

export function createSyncsStore(db: Db): SyncsStore {
  const collection = db.collection<CalendarSyncDoc>(CALENDAR_SYNCS_COLLECTION);
  return {
    get: (userId, eventRequestId) => collection.findOne({ _id: eventRequestId, user_id: userId }),
    async recordSynced(userId, eventRequestId, { googleEventId, htmlLink, operation }) {
      const event = createEvent(PRODUCER, "calendar.event-synced", {
        subject: eventRequestId,
        actor_id: null,
        data: { event_request_id: eventRequestId, user_id: userId, google_event_id: googleEventId, html_link: htmlLink, operation },
      });
      await collection.updateOne(
        { _id: eventRequestId },
        appendToOutbox<CalendarSyncDoc>(
          { $set: { user_id: userId, google_event_id: googleEventId, html_link: htmlLink, is_deleted: operation === "delete", updated_at: new Date().toISOString() } },
          [event],
        ),
        { upsert: true },
      );
    },
    async recordFailed(userId, eventRequestId, { operation, reason, detail, attempts }) {
      const event = createEvent(PRODUCER, "calendar.sync-failed", {
        subject: eventRequestId,
        actor_id: null,
        data: { event_request_id: eventRequestId, user_id: userId, operation, reason, detail: detail?.slice(0, 500) ?? null, attempts },
      });
      await collection.updateOne(
        { _id: eventRequestId },
        appendToOutbox<CalendarSyncDoc>({ $set: { user_id: userId, updated_at: new Date().toISOString() } }, [event]),
        { upsert: true },
      );
    },
  };
}
