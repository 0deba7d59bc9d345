import { eventDateToEpochMs, isAllDay, parseCalendarDate, utcOffsetMinutes, type TEventDate } from "@amia/contracts";
import { dayLabel } from "./time-window.ts";
import { wallClockAt } from "./schedule-parser.ts";

/*
 * Times as the assistant writes them: always with the zone they are in (issue 10: "start–end
 * with time zone"), e.g. "Fri 27 Nov, 1:00 PM – 2:00 PM (Europe/Lisbon)", and, when the reader's clocks
 * say otherwise (a different UTC offset then, whatever the zones are called; issue 11), the
 * reader's time beside it: "… 3:00 PM – 4:00 PM (UTC) · 7:00 AM – 8:00 AM your time". Pure.
 */

const pad = (value: number) => String(value).padStart(2, "0");

/** "1:00 PM": the 12-hour clock the web app writes every time in (issue 12, one format in the chat). */
function clockTime(hour: number, minute: number): string {
  return `${((hour + 11) % 12) + 1}:${pad(minute)} ${hour < 12 ? "AM" : "PM"}`;
}

function clockIn(epochMs: number, timeZone: string) {
  const wall = wallClockAt(epochMs, timeZone);
  return { day: { year: wall.year, month: wall.month, day: wall.day }, time: clockTime(wall.hour, wall.minute) };
}

/** An event's start–end in the zone it was made in, and on the reader's clocks when they differ. */
export function describeWhen(start: TEventDate, end: TEventDate, readerTimeZone?: string): string {
  if (isAllDay(start) && isAllDay(end)) {
    const first = parseCalendarDate(start.date)!;
    const last = parseCalendarDate(end.date)!;
    return end.date === start.date ? `${dayLabel(first)} (all day)` : `${dayLabel(first)} – ${dayLabel(last)} (all day)`;
  }
  const startMs = eventDateToEpochMs(start);
  const endMs = eventDateToEpochMs(end);
  const when = describeInstants(startMs, endMs, start.time_zone);
  if (!readerTimeZone) return when;
  const differs = [startMs, endMs].some((ms) => utcOffsetMinutes(ms, start.time_zone) !== utcOffsetMinutes(ms, readerTimeZone));
  if (!differs) return when;
  const from = clockIn(startMs, readerTimeZone);
  const to = clockIn(endMs, readerTimeZone);
  const eventDay = clockIn(startMs, start.time_zone).day;
  const sameDay = (a: typeof from.day, b: typeof from.day) => a.year === b.year && a.month === b.month && a.day === b.day;
  const local = sameDay(from.day, to.day)
    ? `${sameDay(from.day, eventDay) ? "" : `${dayLabel(from.day)}, `}${from.time} – ${to.time}`
    : `${dayLabel(from.day)}, ${from.time} – ${dayLabel(to.day)}, ${to.time}`;
  return `${when} · ${local} your time`;
}

/** Two instants as wall-clock times in `timeZone`, naming it. */
export function describeInstants(startMs: number, endMs: number, timeZone: string): string {
  const from = clockIn(startMs, timeZone);
  const to = clockIn(endMs, timeZone);
  const sameDay = from.day.year === to.day.year && from.day.month === to.day.month && from.day.day === to.day.day;
  const range = sameDay ? `${dayLabel(from.day)}, ${from.time} – ${to.time}` : `${dayLabel(from.day)}, ${from.time} – ${dayLabel(to.day)}, ${to.time}`;
  return `${range} (${timeZone})`;
}

/** "1 hour", "45 minutes", "1 hour 30 minutes". */
export function describeDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [hours ? `${hours} hour${hours === 1 ? "" : "s"}` : "", rest ? `${rest} minute${rest === 1 ? "" : "s"}` : ""].filter(Boolean);
  return parts.join(" ") || "0 minutes";
}
