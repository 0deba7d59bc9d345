import { parseRecurrence, recurrenceForGoogle, type TCalendarEvent, type TEventDate } from "@amia/contracts";
import type { TSyncEventStatus, TSyncSnapshot } from "../jobs/sync-job.ts";

/**
 * What a Google event is made of, from an event request snapshot. Pure: no I/O.
 */

/**
 * The iCalendar UID of the Google event for one event request. Derived from our id (cal.com's
 * way), so a retried job or a redelivered approval that inserts again gets Google's 409
 * `duplicate` instead of a second event. Stored in Google: never change the format.
 */
export function iCalUidOf(eventRequestId: string): string {
  return `amia-${eventRequestId}@amia.app`;
}

export function eventRequestIdFromICalUid(iCalUid: string | undefined): string | null {
  return /^amia-(.+)@amia\.app$/.exec(iCalUid ?? "")?.[1] ?? null;
}

interface GoogleDate {
  date?: string;
  dateTime?: string;
  timeZone: string;
}

/** The day after `YYYY-MM-DD` (Google's all-day end is exclusive; ours is inclusive). */
export function nextDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

function googleDate(value: TEventDate, isEnd: boolean): GoogleDate {
  if (value.date !== undefined) return { date: isEnd ? nextDay(value.date) : value.date, timeZone: value.time_zone };
  const dateTime = value.date_time ?? "";
  // A local "YYYY-MM-DDTHH:MM" is read in timeZone by Google; it wants the seconds spelled out.
  return { dateTime: /T\d{2}:\d{2}$/.test(dateTime) ? `${dateTime}:00` : dateTime, timeZone: value.time_zone };
}

/**
 * Google's `recurrence` list for a request (issue 16): one "RRULE:" line, UNTIL made the instant
 * RFC 5545 wants (contracts' recurrenceForGoogle); `[]` for a one-off, so a patch of a series that
 * stopped repeating clears Google's rule. Google expands the series in start.timeZone, which every
 * body carries (Google refuses a recurring event without it). A snapshot from before issue 16
 * (undefined) leaves the field out, so its body is what it was.
 */
function googleRecurrence(snapshot: TSyncSnapshot): string[] | undefined {
  if (snapshot.recurrence === undefined) return undefined;
  const parsed = snapshot.recurrence === null ? null : parseRecurrence(snapshot.recurrence);
  return parsed?.ok ? recurrenceForGoogle(parsed.rule, snapshot.start_date) : [];
}

/**
 * The body of an insert or a full patch. `status` is Google's: "tentative" while an approved
 * request is reviewed again after a material change, "confirmed" once approved. A repeating
 * request is one recurring Google event: approval covers the series.
 */
export function googleEventBody(snapshot: TSyncSnapshot, status: TSyncEventStatus) {
  const description = [snapshot.description, snapshot.notes].filter((part) => part && part.trim()).join("\n\n");
  const recurrence = googleRecurrence(snapshot);
  return {
    summary: snapshot.title ?? "Untitled Event",
    description: description || null,
    location: snapshot.location ?? null,
    start: googleDate(snapshot.start_date, false),
    end: googleDate(snapshot.end_date, true),
    ...(recurrence === undefined ? {} : { recurrence }),
    status,
    // Invitations: the reviewers who approved, by email (Google keeps each one's answer across
    // patches). Left out for a snapshot from before invitations, so its fingerprint is unchanged.
    ...(snapshot.attendees ? { attendees: snapshot.attendees.map((attendee) => ({ email: attendee.email })) } : {}),
  };
}

export type GoogleEventBody = ReturnType<typeof googleEventBody>;

export interface GoogleEventResource {
  id: string;
  status?: string;
  etag?: string;
  updated?: string;
  attendees?: Array<{ email?: string; responseStatus?: string; organizer?: boolean; self?: boolean }>;
  htmlLink?: string;
  summary?: string;
  description?: string;
  location?: string;
  start?: { date?: string; dateTime?: string; timeZone?: string };
  end?: { date?: string; dateTime?: string; timeZone?: string };
  /** RFC 5545 lines ("RRULE:FREQ=WEEKLY;BYDAY=TU") on a recurring event; absent on a single one. */
  recurrence?: string[];
  iCalUID?: string;
}

/** A Google event as the dashboard sees it. */
export function toCalendarEvent(event: GoogleEventResource): TCalendarEvent {
  const side = (value: GoogleEventResource["start"]) => ({ is_all_day: Boolean(value?.date), date: value?.date ?? null, date_time: value?.dateTime ?? null, time_zone: value?.timeZone ?? null });
  return {
    id: event.id,
    title: event.summary ?? null,
    description: event.description ?? null,
    location: event.location ?? null,
    start: side(event.start),
    end: side(event.end),
    html_link: event.htmlLink ?? null,
    event_request_id: eventRequestIdFromICalUid(event.iCalUID),
  };
}
