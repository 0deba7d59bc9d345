import type { Logger } from "pino";
import { iCalUidOf, type GoogleEventBody, type GoogleEventResource } from "../domain/google-event.ts";
import { ABSENT_FINGERPRINT, factsOf, fingerprintOf, planSync, type SyncState } from "../domain/sync-rules.ts";
import { GoogleApiError, NotConnectedError, ReconnectRequiredError, type GoogleCalendar } from "../google/google-calendar.ts";
import type { TCalendarSyncJob } from "../jobs/sync-job.ts";
import type { RedisLock } from "../locks/redis-lock.ts";
import type { AppliedSync, SyncsStore } from "../store/syncs-store.ts";

interface Deps {
  google: GoogleCalendar;
  syncs: SyncsStore;
  /** One sync of a request at a time, across jobs and replicas (keyed by the request id). */
  requestLock: Pick<RedisLock, "withLock">;
  logger: Logger;
}

/** What a sync job did; kept as the job's return value for operators. */
export type SyncOutcome =
  | "created"
  | "already_created"
  | "restored"
  | "updated"
  | "deleted"
  | "already_gone"
  | "nothing_to_do"
  | `failed:${string}`;

/**
 * Runs one sync job: merges the job's facts into the request's sync state (sync-rules.ts), then,
 * holding the request's lock, brings Google to what the merged facts call for. Every job does
 * both, so whichever runs last sees every fact merged before it took the lock, and jobs of one
 * request running at once or out of order end in the state of the newest facts.
 *
 * Failures a retry cannot fix (no tokens, invalid_grant, Google refusing the event) are told at
 * once as `calendar.sync-failed` and end the job; 429 / 5xx / network throw, so BullMQ retries
 * with backoff, and the worker's failed handler tells the user at the end.
 */
export async function syncEvent({ google, syncs, requestLock, logger }: Deps, job: TCalendarSyncJob, attempt: number): Promise<SyncOutcome> {
  const { user_id: userId, event_request_id: eventRequestId, operation } = job;
  try {
    await syncs.recordFacts(userId, eventRequestId, factsOf(job));
    return await requestLock.withLock(eventRequestId, async () => {
      const { outcome, version } = await reconcile(google, syncs, userId, eventRequestId);
      // Last: a job that dies before this is found still wanted and runs again (wanted-sync-rules.ts).
      await syncs.recordSynced(eventRequestId, version);
      return outcome;
    });
  } catch (error) {
    const reason =
      error instanceof NotConnectedError ? "not_connected"
      : error instanceof ReconnectRequiredError ? "reconnect_required"
      : error instanceof GoogleApiError && !error.isRetryable ? "rejected_by_google"
      : null;
    if (!reason) throw error;
    logger.warn({ event_request_id: eventRequestId, user_id: userId, operation, reason, err: error }, "calendar sync failed for good");
    await syncs.recordFailed(userId, eventRequestId, { operation, reason, detail: (error as Error).message, attempts: attempt });
    await syncs.recordGaveUp(eventRequestId, job.request_version);
    return `failed:${reason}`;
  }
}

const isGone = (error: unknown) => error instanceof GoogleApiError && (error.status === 404 || error.status === 410);

/**
 * One step towards what the request's facts call for; the caller holds the request's lock.
 * Resolves the outcome and the request version whose facts it acted on.
 */
async function reconcile(google: GoogleCalendar, syncs: SyncsStore, userId: string, eventRequestId: string): Promise<{ outcome: SyncOutcome; version: number }> {
  const state = await syncs.get(userId, eventRequestId);
  const version = state.version;
  return { outcome: await step(google, syncs, userId, eventRequestId, state), version };
}

async function step(google: GoogleCalendar, syncs: SyncsStore, userId: string, eventRequestId: string, state: SyncState): Promise<SyncOutcome> {
  const plan = planSync(state);
  const uid = iCalUidOf(eventRequestId);
  const version = state.version;

  switch (plan.action) {
    case "none":
      return "nothing_to_do";

    case "remove": {
      // No id recorded, but an insert may have reached Google: remove what holds our iCalUID.
      const googleEventId = plan.google_event_id ?? (await google.findByICalUid(userId, uid))?.id ?? null;
      const wasThere = googleEventId !== null && (await google.deleteEvent(userId, googleEventId));
      await syncs.recordApplied(userId, eventRequestId, {
        fingerprint: ABSENT_FINGERPRINT,
        version,
        google_event_id: null,
        html_link: null,
        synced: googleEventId ? { operation: "delete", google_event_id: googleEventId, html_link: null } : null,
        google_times: null,
        google_etag: null,
      });
      return wasThere ? "deleted" : "already_gone";
    }

    case "create": {
      await syncs.recordInsertSent(userId, eventRequestId);
      let event: GoogleEventResource;
      let outcome: SyncOutcome = "created";
      try {
        event = await google.insertEvent(userId, { ...plan.body, iCalUID: uid });
      } catch (error) {
        // Google holds our iCalUID already: an earlier attempt inserted it (maybe from an older
        // snapshot) and died before recording it, or we removed it on a rejection (Google keeps
        // deleted events with their UID). Bring that one to this body; the status restores it.
        if (!(error instanceof GoogleApiError && error.status === 409)) throw error;
        const existing = await google.findByICalUid(userId, uid, { includeDeleted: true });
        if (!existing) throw error;
        outcome = existing.status === "cancelled" ? "restored" : "already_created";
        event = await google.patchEvent(userId, existing.id, plan.body);
      }
      await syncs.recordApplied(userId, eventRequestId, shown(event, plan.body, version, "create"));
      return outcome;
    }

    case "patch": {
      let event: GoogleEventResource;
      try {
        event = await google.patchEvent(userId, plan.google_event_id, plan.body);
      } catch (error) {
        // The user deleted it in Google Calendar: theirs to decide; we do not bring it back.
        if (!isGone(error)) throw error;
        await syncs.recordRemovedInGoogle(userId, eventRequestId);
        return "already_gone";
      }
      await syncs.recordApplied(userId, eventRequestId, shown(event, plan.body, version, "update"));
      return "updated";
    }

    default:
      return assertNever(plan);
  }
}

/** Google shows `event`, made from `body`, as of the request's `version`. */
function shown(event: GoogleEventResource, body: GoogleEventBody, version: number, operation: "create" | "update"): AppliedSync {
  const htmlLink = event.htmlLink ?? null;
  return {
    fingerprint: fingerprintOf(body),
    version,
    google_event_id: event.id,
    html_link: htmlLink,
    synced: { operation, google_event_id: event.id, html_link: htmlLink },
    // What two-way sync will recognise as our own write coming back (google-changes.ts).
    google_times: { start: body.start, end: body.end },
    google_etag: event.etag ?? null,
  };
}

function assertNever(value: never): never {
  throw new Error(`Unhandled sync plan: ${JSON.stringify(value)}`);
}
