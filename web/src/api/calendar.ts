import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TListCalendarEventsResponse, TSyncJobsResponse } from "@amia/contracts";
import { api, ApiError } from "./client.ts";
import { keys } from "./keys.ts";

const UPCOMING_DAYS = 14;

/**
 * The dashboard's Upcoming events: the next two weeks of the user's Google Calendar. The spec's
 * panel was always empty; our calendar service has the data (issue 7).
 */
export function useUpcomingEvents(now = new Date()) {
  const timeMin = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
  const timeMax = new Date(now.getTime() + UPCOMING_DAYS * 86_400_000).toISOString();
  return useQuery({
    queryKey: keys.calendarEvents({ days: UPCOMING_DAYS }),
    queryFn: ({ signal }) => api<TListCalendarEventsResponse>("/api/v1/calendar/events", { query: { timeMin, timeMax }, signal }),
    staleTime: 30_000,
  });
}

/** How often the operators' page reloads the queue counts and failures. */
const SYNC_JOBS_REFRESH_MS = 5_000;

/**
 * Operators: the `calendar-sync` queue's counts and latest failures, kept current every 5 s.
 * A 403 (not an operator) stops the polling: asking again would not change the answer.
 */
export function useSyncJobs() {
  return useQuery({
    queryKey: keys.syncJobs,
    queryFn: ({ signal }) => api<TSyncJobsResponse>("/api/v1/calendar/admin/jobs", { signal }),
    refetchInterval: (query) =>
      query.state.error instanceof ApiError && query.state.error.status === 403 ? false : SYNC_JOBS_REFRESH_MS,
  });
}

/** Operators: queue a failed sync job again (mutate(job id)); the jobs list reloads. */
export function useRetrySyncJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/v1/calendar/admin/jobs/${encodeURIComponent(id)}/retry`, { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.syncJobs }),
  });
}
