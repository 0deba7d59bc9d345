import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TGoogleConnection, TListCalendarEventsResponse, TSyncJobsResponse } from "@amia/contracts";
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

/**
 * The /calendar page's Google events between two instants (at most 62 days: the API refuses
 * more). Only asked while the calendar is connected (`enabled`); a 409 (not connected, or Google
 * refused the refresh token meanwhile) is not retried: the connection's status says which.
 */
export function useCalendarEventsBetween(range: { timeMin: string; timeMax: string }, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: keys.calendarEvents(range),
    enabled,
    queryFn: ({ signal }) => api<TListCalendarEventsResponse>("/api/v1/calendar/events", { query: range, signal }),
    staleTime: 30_000,
    // The view keeps its grid (and the keyboard focus in it) while the next week or month loads.
    placeholderData: keepPreviousData,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}

/** Whether my Google Calendar is connected, needs reconnecting, or is not connected (never a token). */
export function useGoogleConnection() {
  return useQuery({
    queryKey: keys.calendarConnection,
    queryFn: ({ signal }) => api<TGoogleConnection>("/api/v1/auth/tokens", { signal }),
  });
}

/**
 * Disconnect Google Calendar: the BFF's calendar service revokes the grant at Google and forgets
 * the tokens. Everything read from the calendar is then stale: the whole calendar branch reloads.
 */
export function useDisconnectGoogle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>("/api/v1/auth/tokens", { method: "DELETE" }),
    onSuccess: async () => {
      client.setQueryData<TGoogleConnection>(keys.calendarConnection, { is_connected: false, status: "not_connected", updated_at: new Date().toISOString() });
      await client.invalidateQueries({ queryKey: ["calendar"] });
    },
  });
}
