import type { CalendarItem, CalendarLocation } from "../../lib/calendar-view.ts";
import { visibleDays } from "../../lib/calendar-view.ts";
import { formatTime } from "../../lib/format.ts";

/*
 * The /calendar page's words: headings, day names, an item's time and its accessible name.
 * Days are calendar days ("YYYY-MM-DD"), so they are formatted as UTC dates: the same day for
 * every viewer, whatever the browser's zone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function dayFormat(day: string, options: Intl.DateTimeFormatOptions): string {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(`${day}T12:00:00Z`));
}

/** "Tue 24" (a week column's heading). */
export const shortDayLabel = (day: string): string => `${dayFormat(day, { weekday: "short" })} ${Number(day.slice(8, 10))}`;

/** "Tuesday, November 24, 2026". */
export const longDayLabel = (day: string): string => dayFormat(day, { weekday: "long", month: "long", day: "numeric", year: "numeric" });

/** Month view column headings, Monday first. */
export const WEEKDAY_HEADINGS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** "November 2026" for a month; "Nov 23 – 29, 2026" / "Nov 30 – Dec 6, 2026" / "Dec 28, 2026 – Jan 3, 2027" for a week. */
export function calendarHeading(location: CalendarLocation): string {
  if (location.view === "month") return dayFormat(location.date, { month: "long", year: "numeric" });
  const days = visibleDays(location);
  const [first, last] = [days[0]!, days.at(-1)!];
  const [firstYear, lastYear] = [first.slice(0, 4), last.slice(0, 4)];
  if (firstYear !== lastYear) return `${dayFormat(first, { month: "short", day: "numeric", year: "numeric" })} – ${dayFormat(last, { month: "short", day: "numeric", year: "numeric" })}`;
  if (first.slice(5, 7) !== last.slice(5, 7)) return `${dayFormat(first, { month: "short", day: "numeric" })} – ${dayFormat(last, { month: "short", day: "numeric" })}, ${lastYear}`;
  return `${dayFormat(first, { month: "short", day: "numeric" })} – ${Number(last.slice(8, 10))}, ${lastYear}`;
}

/** "9:00 AM – 10:00 AM" on the viewer's clocks, "All day" for an all-day item. */
export function itemTimeLabel(item: CalendarItem, timeZone: string): string {
  if (item.isAllDay) return "All day";
  const start = formatTime(new Date(item.startMs), timeZone);
  return item.endMs > item.startMs ? `${start} – ${formatTime(new Date(item.endMs), timeZone)}` : start;
}

/** The words that say an item is tentative, shown on it (not colour alone). */
export const PENDING_LABEL = "Pending approval";

/** An item's accessible name: title, time, and whether it waits for approval. */
export function itemAccessibleName(item: CalendarItem, timeZone: string): string {
  const parts = [item.title, itemTimeLabel(item, timeZone)];
  if (item.style === "tentative") parts.push(PENDING_LABEL);
  if (item.location) parts.push(item.location);
  return parts.join(", ");
}

/** What the empty calendar says. */
export const emptyText = (location: CalendarLocation): string => `Nothing on your calendar this ${location.view}.`;
