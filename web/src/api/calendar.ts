import { useQuery } from "@tanstack/react-query";
import type { TListCalendarEventsResponse } from "@amia/contracts";
import { api } from "./client.ts";
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
