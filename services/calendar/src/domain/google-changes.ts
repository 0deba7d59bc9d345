import { eventDateToEpochMs, isIanaTimeZone, utcOffsetMinutes, type TEventDate, type TGoogleAttendeeResponse } from "@amia/contracts";
import { GOOGLE_ATTENDEE_RESPONSES } from "@amia/contracts";

/*
 * What a change found by two-way sync means for the request whose Google event it is. Pure.
 *
 * Echo rule (docs/decisions.md "Two-way Google sync"): the calendar remembers, per request, the
 * times Google shows (`google_times`: what our last write sent, or the last change we read back)
 * and the etag of that version. A listed event whose etag is the remembered one, or whose start
 * and end are the same instants as the remembered times, is not a time change: our own write
 * coming back (or a change of something we do not follow, like its colour). So no write of ours
 * ever produces a change event, whatever order the listing and our write's record land in: the
 * listing runs under the request's lock, which a sync job holds from its write to its record.
 */

/** A Google event's start or end (Google's wire shape). */
export interface GoogleDate {
  date?: string;
  dateTime?: string;
  timeZone?: string;
}

/** The parts of a listed Google event this reads (Google's wire names). */
export interface ListedGoogleEvent {
  id: string;
  status?: string;
  etag?: string;
  updated?: string;
  start?: GoogleDate;
  end?: GoogleDate;
  attendees?: Array<{ email?: string; responseStatus?: string; organizer?: boolean }>;
}

/** What the calendar knows of a request's Google event (its calendar_syncs document). */
export interface KnownGoogleEvent {
  google_event_id: string | null;
  /** Our facts call for an event in Google (approved, not deleted, not rejected, not removed there already). */
  should_exist: boolean;
  /** The times Google shows as far as we know; null when we never wrote or read them. */
  google_times: { start: GoogleDate; end: GoogleDate } | null;
  google_etag: string | null;
  /** The request's own time zone, for an event Google gives without one. */
  time_zone: string;
  /** The attendees' answers last passed on, by email (lower case). */
  attendee_responses: Readonly<Record<string, TGoogleAttendeeResponse>>;
}

export type GoogleChange =
  | { kind: "none"; why: "not_ours" | "echo" | "same_times" | "unreadable" }
  | { kind: "moved"; start_date: TEventDate; end_date: TEventDate; google_times: { start: GoogleDate; end: GoogleDate } }
  | { kind: "deleted" };

/** What the listed `event` says about the request's event we know as `known`. */
export function googleChangeOf(event: ListedGoogleEvent, known: KnownGoogleEvent): GoogleChange {
  // Not the event we put there (another copy with our UID, or one we already let go).
  if (known.google_event_id !== event.id || !known.should_exist) return { kind: "none", why: "not_ours" };
  if (event.status === "cancelled") return { kind: "deleted" };
  if (known.google_etag !== null && event.etag === known.google_etag) return { kind: "none", why: "echo" };
  if (!event.start || !event.end) return { kind: "none", why: "unreadable" };
  if (known.google_times && isSameInstant(event.start, known.google_times.start, known.time_zone) && isSameInstant(event.end, known.google_times.end, known.time_zone)) {
    return { kind: "none", why: "same_times" };
  }
  const start_date = eventDateOfGoogle(event.start, false, known.time_zone);
  const end_date = eventDateOfGoogle(event.end, true, known.time_zone);
  if (!start_date || !end_date) return { kind: "none", why: "unreadable" };
  return { kind: "moved", start_date, end_date, google_times: { start: event.start, end: event.end } };
}

/**
 * The attendees' answers when any differs from what was passed on last (emails lower-cased);
 * null when nothing changed. An answer Google words in a way we do not know is left out.
 */
export function attendeeResponsesChange(event: ListedGoogleEvent, known: KnownGoogleEvent): Record<string, TGoogleAttendeeResponse> | null {
  if (known.google_event_id !== event.id || event.status === "cancelled" || !Array.isArray(event.attendees)) return null;
  const responses: Record<string, TGoogleAttendeeResponse> = {};
  for (const attendee of event.attendees) {
    if (attendee.organizer || typeof attendee.email !== "string") continue;
    const status = (GOOGLE_ATTENDEE_RESPONSES as readonly string[]).includes(attendee.responseStatus ?? "") ? (attendee.responseStatus as TGoogleAttendeeResponse) : null;
    if (status) responses[attendee.email.toLowerCase()] = status;
  }
  const before = known.attendee_responses;
  const keys = new Set([...Object.keys(before), ...Object.keys(responses)]);
  return [...keys].some((email) => before[email] !== responses[email]) ? responses : null;
}

/** The instant a Google date stands for (an all-day date: its midnight in `zone`). */
function instantOf(date: GoogleDate, isEnd: boolean, fallbackZone: string): number {
  const value = eventDateOfGoogle(date, isEnd, fallbackZone);
  return value ? eventDateToEpochMs(value) : Number.NaN;
}

function isSameInstant(a: GoogleDate, b: GoogleDate, zone: string): boolean {
  // An all-day date and a timed one are never the same, even at the same midnight.
  if (Boolean(a.date) !== Boolean(b.date)) return false;
  return instantOf(a, false, zone) === instantOf(b, false, zone);
}

/** The day before `YYYY-MM-DD` (Google's all-day end is exclusive; ours is inclusive). */
function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * A Google start or end in the request's form: a timed one as the wall clock in its time zone
 * (Google answers an instant with an offset), an all-day end one day earlier. Null when Google's
 * value is unreadable.
 */
export function eventDateOfGoogle(date: GoogleDate, isEnd: boolean, fallbackZone: string): TEventDate | null {
  const timeZone = date.timeZone && isIanaTimeZone(date.timeZone) ? date.timeZone : fallbackZone;
  if (date.date) return /^\d{4}-\d{2}-\d{2}$/.test(date.date) ? { date: isEnd ? previousDay(date.date) : date.date, time_zone: timeZone } : null;
  if (!date.dateTime) return null;
  // A local wall clock (as we write them) is read in its zone already.
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(date.dateTime)) return { date_time: date.dateTime.slice(0, 16), time_zone: timeZone };
  const instant = Date.parse(date.dateTime);
  if (Number.isNaN(instant)) return null;
  const local = new Date(instant + utcOffsetMinutes(instant, timeZone) * 60_000).toISOString();
  return { date_time: local.slice(0, local.slice(17, 19) === "00" ? 16 : 19), time_zone: timeZone };
}
