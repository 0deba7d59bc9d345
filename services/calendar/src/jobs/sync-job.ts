import { z } from "zod";
import { defineJob } from "@amia/kit";
import { ZEventRequestSchema, ZIdSchema, type TCalendarSyncFailureReason as TReason, type ZCalendarSyncOperationSchema } from "@amia/contracts";

export type TCalendarSyncOperation = z.infer<typeof ZCalendarSyncOperationSchema>;
export type TCalendarSyncFailureReason = TReason;

/*
 * The payload of a calendar sync job, checked before it is enqueued and again before it runs
 * (defineJob). Stored in Redis with queued jobs: field names and values are storage names (add,
 * never rename); `operation` values are also the wire values of calendar.* events.
 */

const common = {
  event_request_id: ZIdSchema,
  /** The request's creator, whose calendar holds the event. */
  user_id: ZIdSchema,
  /** The request's version after the write that caused the job (contracts: `request_version`). */
  request_version: z.number().int().min(1),
};

/** Google's status for the event: "tentative" while an approved request is being reviewed again. */
export const SYNC_EVENT_STATUSES = ["confirmed", "tentative"] as const;
export const ZSyncEventStatusSchema = z.enum(SYNC_EVENT_STATUSES);
export type TSyncEventStatus = z.infer<typeof ZSyncEventStatusSchema>;

/**
 * The request as it stood at `request_version`: what the Google event shows. The contracts'
 * fields (start_date / end_date are the event-date schema), so a job holds only what an event could.
 */
export const ZSyncSnapshotSchema = ZEventRequestSchema.pick({ title: true, description: true, location: true, notes: true, start_date: true, end_date: true, recurrence: true }).extend({
  /** The reviewers who approved, invited to the Google event (event-request `attendees`); absent on older jobs: no invitations. */
  attendees: z.array(z.object({ user_id: ZIdSchema, email: z.string().min(1) })).optional(),
});
export type TSyncSnapshot = z.infer<typeof ZSyncSnapshotSchema>;

/**
 * Why a delete: the request was deleted (final: a tombstone no later job undoes), or rejected
 * (the event goes; a newer approval could bring it back).
 */
export const SYNC_DELETE_REASONS = ["request_deleted", "request_rejected"] as const;
export type TSyncDeleteReason = (typeof SYNC_DELETE_REASONS)[number];

export const ZCalendarSyncJobSchema = z.discriminatedUnion("operation", [
  /** event-request.approved: the request became approved (first time, or again after a re-review). */
  z.object({ operation: z.literal("create"), ...common, snapshot: ZSyncSnapshotSchema, event_status: ZSyncEventStatusSchema }),
  /** event-request.updated: the request changed; shown tentatively while it is reviewed again. */
  z.object({ operation: z.literal("update"), ...common, snapshot: ZSyncSnapshotSchema, event_status: ZSyncEventStatusSchema }),
  /** event-request.deleted or .rejected: no Google event any more. */
  z.object({ operation: z.literal("delete"), ...common, reason: z.enum(SYNC_DELETE_REASONS) }),
]);
export type TCalendarSyncJob = z.infer<typeof ZCalendarSyncJobSchema>;

/** The job catalogue entry. The queue name is in Redis keys: renaming it strands queued jobs. */
export function calendarSyncJob(options: { attempts: number; backoffMs: number }) {
  return defineJob({ queue: "calendar-sync", schema: ZCalendarSyncJobSchema, ...options });
}

/**
 * Deterministic job ids, one per (request, version, operation): a redelivered message is the
 * same job and adds nothing, while every write of the request is a job of its own, so a later
 * edit is never swallowed by an earlier one. Stored in Redis and shown to operators.
 */
export function syncJobId(job: Pick<TCalendarSyncJob, "operation" | "event_request_id" | "request_version">): string {
  return `${job.event_request_id}.${job.operation}.v${job.request_version}`;
}
