import { eventDateToEpochMs, isAllDay, parseCalendarDate, type TEventDate } from "@amia/contracts";
import { dayLabel } from "./time-window.ts";
import { wallClockAt } from "./schedule-parser.ts";

/*
 * Times as the assistant writes them: always with the zone they are in (issue 10: "start–end
 * with time zone"), e.g. "Fri 27 Nov, 13:00–14:00 (Europe/Lisbon)". Pure.
 */

const pad = (value: number) => String(value).padStart(2, "0");

function clockIn(epochMs: number, timeZone: string) {
  const wall = wallClockAt(epochMs, timeZone);
  return { day: { year: wall.year, month: wall.month, day: wall.day }, time: `${pad(wall.hour)}:${pad(wall.minute)}` };
}

/** An event's start–end in the zone it was made in. */
export function describeWhen(start: TEventDate, end: TEventDate): string {
  if (isAllDay(start) && isAllDay(end)) {
    const first = parseCalendarDate(start.date)!;
    const last = parseCalendarDate(end.date)!;
    return end.date === start.date ? `${dayLabel(first)} (all day)` : `${dayLabel(first)} – ${dayLabel(last)} (all day)`;
  }
  return describeInstants(eventDateToEpochMs(start), eventDateToEpochMs(end), start.time_zone);
}

/** Two instants as wall-clock times in `timeZone`, naming it. */
export function describeInstants(startMs: number, endMs: number, timeZone: string): string {
  const from = clockIn(startMs, timeZone);
  const to = clockIn(endMs, timeZone);
  const sameDay = from.day.year === to.day.year && from.day.month === to.day.month && from.day.day === to.day.day;
  const range = sameDay ? `${dayLabel(from.day)}, ${from.time}–${to.time}` : `${dayLabel(from.day)}, ${from.time} – ${dayLabel(to.day)}, ${to.time}`;
  return `${range} (${timeZone})`;
}

/** "1 hour", "45 minutes", "1 hour 30 minutes". */
export function describeDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [hours ? `${hours} hour${hours === 1 ? "" : "s"}` : "", rest ? `${rest} minute${rest === 1 ? "" : "s"}` : ""].filter(Boolean);
  return parts.join(" ") || "0 minutes";
}
