import type { TCalendarEvent, TEventDate } from "@amia/contracts";
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
 * The body of an insert or a full patch. `status` is Google's: "tentative" while an approved
 * request is reviewed again after a material change, "confirmed" once approved.
 */
export function googleEventBody(snapshot: TSyncSnapshot, status: TSyncEventStatus) {
  const description = [snapshot.description, snapshot.notes].filter((part) => part && part.trim()).join("\n\n");
  return {
    summary: snapshot.title ?? "Untitled Event",
    description: description || null,
    location: snapshot.location ?? null,
    start: googleDate(snapshot.start_date, false),
    end: googleDate(snapshot.end_date, true),
    status,
  };
}

export type GoogleEventBody = ReturnType<typeof googleEventBody>;

export interface GoogleEventResource {
  id: string;
  status?: string;
  htmlLink?: string;
  summary?: string;
  description?: string;
  location?: string;
  start?: { date?: string; dateTime?: string; timeZone?: string };
  end?: { date?: string; dateTime?: string; timeZone?: string };
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
