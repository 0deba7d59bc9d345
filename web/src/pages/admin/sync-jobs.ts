import type { TSyncJob } from "@amia/contracts";
import { ApiError } from "../../api/client.ts";

/*
 * The operators' sync jobs page (our Bull Board stand-in): which counts it shows, in what order,
 * and how a failed job reads in the table.
 */

/** The queue states shown as stat cards, in this order. */
export const SYNC_JOB_STATES = [
  { key: "waiting", label: "Waiting" },
  { key: "active", label: "Active" },
  { key: "delayed", label: "Delayed" },
  { key: "completed", label: "Completed" },
  { key: "failed", label: "Failed" },
] as const;

export type SyncJobState = (typeof SYNC_JOB_STATES)[number]["key"];

export interface SyncJobStat {
  key: SyncJobState;
  label: string;
  value: number;
}

/** The five stat cards; a state the server left out (or an unreadable number) counts 0. */
export function syncJobStats(counts: Readonly<Record<string, number>> | null | undefined): SyncJobStat[] {
  return SYNC_JOB_STATES.map(({ key, label }) => {
    const value = counts?.[key];
    return { key, label, value: typeof value === "number" && Number.isFinite(value) ? value : 0 };
  });
}

/** The text shown instead of the page to a user who is not an operator (the API's 403). */
export const OPERATORS_ONLY = "Only operators may see the sync jobs.";

/** Whether the API refused the user as not an operator. */
export function isOperatorsOnly(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** Where a job's request id links: its event request, or nowhere when the job names none. */
export function jobRequestPath(job: Pick<TSyncJob, "event_request_id">): string | null {
  return job.event_request_id ? `/events/${encodeURIComponent(job.event_request_id)}` : null;
}

/** An empty table cell. */
export const EMPTY_CELL = "—";

/** A cell's text; null, undefined or blank reads as an em dash. */
export function cellText(value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === "" ? EMPTY_CELL : value;
}

export const RETRY_SUCCESS = "Job queued again";
