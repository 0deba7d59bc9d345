import type { Logger } from "pino";
import { googleEventBody, iCalUidOf, type GoogleEventResource } from "../domain/google-event.ts";
import { GoogleApiError, NotConnectedError, ReconnectRequiredError, type GoogleCalendar } from "../google/google-calendar.ts";
import type { TCalendarSyncJob } from "../jobs/sync-job.ts";
import type { SyncsStore } from "../store/syncs-store.ts";

interface Deps {
  google: GoogleCalendar;
  syncs: SyncsStore;
  logger: Logger;
  onWrite: () => void;
}

/** What a sync job did; kept as the job's return value for operators. */
export type SyncOutcome = "created" | "already_created" | "updated" | "deleted" | "already_gone" | "nothing_to_do" | `failed:${string}`;

/**
 * Runs one sync job. Failures a retry cannot fix (no tokens, invalid_grant, Google refusing the
 * event) are told at once as `calendar.sync-failed` and end the job; 429 / 5xx / network throw,
 * so BullMQ retries with backoff, and the worker's failed handler tells the user at the end.
 */
export async function syncEvent({ google, syncs, logger, onWrite }: Deps, job: TCalendarSyncJob, attempt: number): Promise<SyncOutcome> {
  const { user_id: userId, event_request_id: eventRequestId, operation } = job;
  try {
    const outcome = await runOperation(google, syncs, job);
    onWrite();
    return outcome;
  } catch (error) {
    const reason =
      error instanceof NotConnectedError ? "not_connected"
      : error instanceof ReconnectRequiredError ? "reconnect_required"
      : error instanceof GoogleApiError && !error.isRetryable ? "rejected_by_google"
      : null;
    if (!reason) throw error;
    logger.warn({ event_request_id: eventRequestId, user_id: userId, operation, reason, err: error }, "calendar sync failed for good");
    await syncs.recordFailed(userId, eventRequestId, { operation, reason, detail: (error as Error).message, attempts: attempt });
    onWrite();
    return `failed:${reason}`;
  }
}

async function runOperation(google: GoogleCalendar, syncs: SyncsStore, job: TCalendarSyncJob): Promise<SyncOutcome> {
  const { user_id: userId, event_request_id: eventRequestId } = job;
  const known = await syncs.get(userId, eventRequestId);
  const uid = iCalUidOf(eventRequestId);
  const findGoogleEventId = async () => (known?.is_deleted ? null : known?.google_event_id) ?? job.google_event_id ?? (await google.findByICalUid(userId, uid))?.id ?? null;

  const create = async (): Promise<SyncOutcome> => {
    const body = googleEventBody({ event_request_id: eventRequestId, ...job.snapshot! });
    let event: GoogleEventResource;
    let outcome: SyncOutcome = "created";
    try {
      event = await google.insertEvent(userId, { ...body, iCalUID: uid });
    } catch (error) {
      // An earlier attempt created it (and died before recording it): Google refuses the
      // second insert of the same iCalUID, so find that one and carry on with it.
      if (!(error instanceof GoogleApiError && error.status === 409)) throw error;
      const existing = await google.findByICalUid(userId, uid);
      if (!existing) throw error;
      event = existing;
      outcome = "already_created";
    }
    await syncs.recordSynced(userId, eventRequestId, { googleEventId: event.id, htmlLink: event.htmlLink ?? null, operation: "create" });
    return outcome;
  };

  switch (job.operation) {
    case "create": {
      if (known?.google_event_id && !known.is_deleted) return "already_created";
      return create();
    }
    case "update": {
      if (known?.is_deleted) return "nothing_to_do";
      const googleEventId = await findGoogleEventId();
      // Not created yet (the create job is still queued or gave up): create it as it now stands.
      if (!googleEventId) return create();
      try {
        const event = await google.patchEvent(userId, googleEventId, googleEventBody({ event_request_id: eventRequestId, ...job.snapshot! }));
        await syncs.recordSynced(userId, eventRequestId, { googleEventId: event.id, htmlLink: event.htmlLink ?? null, operation: "update" });
        return "updated";
      } catch (error) {
        // The user deleted it in Google Calendar: theirs to decide; we do not bring it back.
        if (error instanceof GoogleApiError && (error.status === 404 || error.status === 410)) return "already_gone";
        throw error;
      }
    }
    case "delete": {
      if (known?.is_deleted) return "already_gone";
      // Never synced (never approved, or its create gave up): nothing in Google to remove.
      if (!known?.google_event_id && !job.google_event_id) return "nothing_to_do";
      const googleEventId = await findGoogleEventId();
      if (!googleEventId) return "nothing_to_do";
      const wasThere = await google.deleteEvent(userId, googleEventId);
      await syncs.recordSynced(userId, eventRequestId, { googleEventId, htmlLink: null, operation: "delete" });
      return wasThere ? "deleted" : "already_gone";
    }
  }
}
