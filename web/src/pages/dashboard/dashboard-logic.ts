import type { TCalendarEvent, TEventDate, TNotification } from "@amia/contracts";
import { formatEventWhen, formatShortDate, type ZonedWhen } from "../../lib/format.ts";
import { calendarPath, firstDayOfCalendarEvent } from "../../lib/calendar-view.ts";
import { addDaysToDate } from "../../lib/wall-clock.ts";

/*
 * The dashboard's pure rules (SPEC.md section 2 "Dashboard", sections 8 and 9; issue 7 for the
 * notification links and the real upcoming events).
 */

/** Dashboard lists (drafts, notifications) show 3 items (SPEC.md section 9). */
export const DASHBOARD_LIST_SIZE = 3;
/** Upcoming events shown at most (issue 7). */
export const UPCOMING_EVENTS_MAX = 5;

// ---- Chat input ---------------------------------------------------------------------------

/** Where the chat input sends the user: /chat?message=<encoded trimmed text>; null when blank. */
export function chatUrl(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === "" ? null : `/chat?message=${encodeURIComponent(trimmed)}`;
}

// ---- Notifications ------------------------------------------------------------------------

export function isEventRequestNotification(notification: Pick<TNotification, "kind">): boolean {
  return notification.kind.startsWith("event_request");
}

export function isRelationshipRequestNotification(notification: Pick<TNotification, "kind">): boolean {
  return notification.kind.startsWith("relationship_request");
}

/**
 * Where a notification's title leads: an event request's page, or the profile's relationships
 * tab for a relationship request; null (plain text) otherwise.
 */
export function notificationLink(notification: Pick<TNotification, "kind" | "subject_id">): string | null {
  if (isEventRequestNotification(notification)) {
    return notification.subject_id ? `/events/${encodeURIComponent(notification.subject_id)}` : null;
  }
  if (isRelationshipRequestNotification(notification)) return "/profile?tab=relationships";
  return null;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * A notification's age, short: "Just now", "5m ago", "3h ago", "2d ago", then the date
 * ("Mar 11, 2026") from a week on. A time in the future reads "Just now"; "" when unreadable.
 */
export function relativeTime(timestamp: string, now: Date): string {
  const instant = Date.parse(timestamp);
  if (Number.isNaN(instant)) return "";
  const ago = now.getTime() - instant;
  if (ago < MINUTE_MS) return "Just now";
  if (ago < HOUR_MS) return `${Math.floor(ago / MINUTE_MS)}m ago`;
  if (ago < DAY_MS) return `${Math.floor(ago / HOUR_MS)}h ago`;
  if (ago < 7 * DAY_MS) return `${Math.floor(ago / DAY_MS)}d ago`;
  return formatShortDate(new Date(instant));
}

/** "View All" is shown disabled when there are more items than the card lists (SPEC.md 2). */
export function hasMoreThanShown(totalCount: number | undefined, shown = DASHBOARD_LIST_SIZE): boolean {
  return (totalCount ?? 0) > shown;
}

// ---- Upcoming events ----------------------------------------------------------------------

type CalendarSide = TCalendarEvent["start"];

/**
 * A Google side as an event date for formatEventWhen. Google's all-day end day is exclusive, so
 * an end side (`isEnd`) of an all-day event moves back one day: a one-day event reads as one day.
 */
export function calendarSideToEventDate(side: CalendarSide, isEnd = false): TEventDate | null {
  const time_zone = side.time_zone ?? "";
  if (side.is_all_day || (side.date && !side.date_time)) {
    if (!side.date) return null;
    const day = side.date.slice(0, 10);
    return { date: isEnd ? addDaysToDate(day, -1) : day, time_zone };
  }
  return side.date_time ? { date_time: side.date_time, time_zone } : null;
}

/**
 * "Thu, Mar 11, 2026, 12:00 PM – 1:30 PM" (its zone and "… your time" when the viewer's clocks
 * read differently), "Thu, Mar 11, 2026 (all day)"; empty when unreadable.
 */
export function calendarEventWhen(event: Pick<TCalendarEvent, "start" | "end">, viewerZone: string): ZonedWhen {
  return formatEventWhen(calendarSideToEventDate(event.start), calendarSideToEventDate(event.end, true), viewerZone);
}

/**
 * An upcoming event links to its event request's page when it came from one, otherwise to the
 * calendar view at its day (issue 16 point 4); null only for an event without a readable start.
 */
export function calendarEventLink(event: TCalendarEvent, viewerZone: string): string | null {
  if (event.event_request_id) return `/events/${encodeURIComponent(event.event_request_id)}`;
  const day = firstDayOfCalendarEvent(event, viewerZone);
  return day ? calendarPath({ view: "week", date: day }) : null;
}

/** The calendar event's title, or "Untitled Event" when it has none. */
export function calendarEventTitle(event: Pick<TCalendarEvent, "title">): string {
  const title = event.title?.trim() ?? "";
  return title === "" ? "Untitled Event" : title;
}

// ---- Event request details ----------------------------------------------------------------

/** The Delete confirmation's message (issue 7). */
export function deleteDraftMessage(title: string): string {
  return `Are you sure you want to delete "${title}"? This action cannot be undone.`;
}

export function eventRequestPath(id: string): string {
  return `/events/${encodeURIComponent(id)}`;
}
