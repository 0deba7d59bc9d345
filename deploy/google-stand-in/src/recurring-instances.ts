import { eventDateToEpochMs, nextOccurrences, parseRecurrence, utcOffsetMinutes, type TEventDate } from "@amia/contracts";
import type { GoogleEvent, GoogleEventDate } from "./stand-in.ts";

/*
 * `events.list` with `singleEvents=true` answers a recurring event as its instances, as Google
 * does (issue 16): each with id `<event id>_<start, UTC basic form>` (all-day: `_<YYYYMMDD>`),
 * `recurringEventId`, `originalStartTime`, its own start and end, the series' iCalUID, and no
 * `recurrence`. The rule is read with the contracts' RRULE subset (what our sync writes); UNTIL
 * as Google holds it (a UTC instant, or a date for all-day events). A rule outside that subset is
 * listed as the one event it was written as. At most MAX_INSTANCES per series.
 */

const MAX_INSTANCES = 730;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The instant as Google writes a dateTime in a zone: wall clock with the zone's offset. */
function zonedDateTime(epochMs: number, timeZone: string): string {
  const offset = utcOffsetMinutes(epochMs, timeZone);
  const wall = new Date(epochMs + offset * 60_000);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const suffix = offset === 0 ? "Z" : `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${wall.toISOString().slice(0, 19)}${suffix}`;
}

function dayIn(epochMs: number, timeZone: string): string {
  return new Date(epochMs + utcOffsetMinutes(epochMs, timeZone) * 60_000).toISOString().slice(0, 10);
}

function eventDateOf(side: GoogleEventDate, timeZone: string): TEventDate {
  return side.date !== undefined ? { date: side.date, time_zone: timeZone } : { date_time: side.dateTime ?? "", time_zone: timeZone };
}

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const daysBetween = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / 86_400_000);
const addDays = (day: string, days: number) => new Date(dayMs(day) + days * 86_400_000).toISOString().slice(0, 10);

/** The event's instances (or the event itself when it does not repeat, or its rule is not read). */
export function instancesOf(event: GoogleEvent): GoogleEvent[] {
  const line = Array.isArray(event.recurrence) ? event.recurrence.find((entry) => entry.startsWith("RRULE:")) : undefined;
  if (!line) return [event];
  const until = /;UNTIL=(\d{8})(?:T(\d{2})(\d{2})(\d{2})Z)?/.exec(line);
  const parsed = parseRecurrence(line.replace(/;UNTIL=[0-9TZ]+/, ""));
  if (!parsed.ok) return [event];
  const timeZone = event.start.timeZone ?? "UTC";
  const isAllDay = event.start.date !== undefined;
  let start: TEventDate;
  let lengthMs: number;
  try {
    start = eventDateOf(event.start, timeZone);
    lengthMs = eventDateToEpochMs(eventDateOf(event.end, event.end.timeZone ?? timeZone)) - eventDateToEpochMs(start);
  } catch {
    return [event];
  }
  const untilMs = until
    ? until[2] === undefined
      ? Number.POSITIVE_INFINITY // a date: compared as a day below
      : Date.UTC(Number(until[1]!.slice(0, 4)), Number(until[1]!.slice(4, 6)) - 1, Number(until[1]!.slice(6, 8)), Number(until[2]), Number(until[3]), Number(until[4]))
    : Number.POSITIVE_INFINITY;
  const untilDay = until && until[2] === undefined ? `${until[1]!.slice(0, 4)}-${until[1]!.slice(4, 6)}-${until[1]!.slice(6, 8)}` : null;

  const { recurrence: _rule, ...single } = event;
  return nextOccurrences(parsed.rule, start, { limit: MAX_INSTANCES })
    .filter((instant) => instant <= untilMs && (untilDay === null || dayIn(instant, timeZone) <= untilDay))
    .map((instant): GoogleEvent => {
      const stamp = isAllDay ? dayIn(instant, timeZone).replaceAll("-", "") : new Date(instant).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
      const zoned = (zone: string | undefined) => (zone ? { timeZone: zone } : {});
      const startSide: GoogleEventDate = isAllDay ? { date: dayIn(instant, timeZone), ...zoned(event.start.timeZone) } : { dateTime: zonedDateTime(instant, timeZone), ...zoned(event.start.timeZone) };
      // All-day: the same number of days (a day is not always 24 hours in a zone); timed: the same length.
      const endSide: GoogleEventDate = isAllDay
        ? { date: addDays(startSide.date!, daysBetween(event.start.date!, event.end.date ?? event.start.date!)), ...zoned(event.end.timeZone) }
        : { dateTime: zonedDateTime(instant + lengthMs, timeZone), ...zoned(event.end.timeZone) };
      return { ...single, id: `${event.id}_${stamp}`, recurringEventId: event.id, originalStartTime: startSide, start: startSide, end: endSide };
    });
}
