import { z } from "zod";
import { defineJob } from "@amia/kit";
import { ZCalendarSyncOperationSchema, type TCalendarSyncFailureReason as TReason } from "@amia/contracts";

export type TCalendarSyncOperation = z.infer<typeof ZCalendarSyncOperationSchema>;
export type TCalendarSyncFailureReason = TReason;

const ZSnapshotDateSchema = z.object({
  date: z.string().nullish(),
  date_time: z.string().nullish(),
  time_zone: z.string(),
});

/**
 * The payload of a calendar sync job, checked before it is enqueued and again before it runs.
 * Stored in Redis with queued jobs: field names are storage names (add, never rename).
 */
export const ZCalendarSyncJobSchema = z.object({
  operation: ZCalendarSyncOperationSchema,
  event_request_id: z.string().min(1),
  /** The request's creator, whose calendar holds the event. */
  user_id: z.string().min(1),
  google_event_id: z.string().nullable(),
  /** The request as it stood; null for a delete. */
  snapshot: z
    .object({
      title: z.string().nullable(),
      description: z.string().nullable(),
      location: z.string().nullable(),
      notes: z.string().nullable(),
      start_date: ZSnapshotDateSchema,
      end_date: ZSnapshotDateSchema,
    })
    .nullable(),
});
export type TCalendarSyncJob = z.infer<typeof ZCalendarSyncJobSchema>;

/** The job catalogue entry. The queue name is in Redis keys: renaming it strands queued jobs. */
export function calendarSyncJob(options: { attempts: number; backoffMs: number }) {
  return defineJob({ queue: "calendar-sync", schema: ZCalendarSyncJobSchema, ...options });
}

/**
 * Deterministic job ids: the same approval (or deletion) delivered twice is one job; each
 * update is its own job (keyed by the Kafka event's id), so a later edit is never swallowed.
 */
export function syncJobId(payload: Pick<TCalendarSyncJob, "operation" | "event_request_id">, sourceEventId: string): string {
  return payload.operation === "update" ? `${payload.event_request_id}.update.${sourceEventId}` : `${payload.event_request_id}.${payload.operation}`;
}
