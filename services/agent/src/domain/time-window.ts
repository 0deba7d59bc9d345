import * as chrono from "chrono-node";
import { utcMs, zonedTimeToEpochMs } from "@amia/contracts";
import type { WallClock } from "./schedule-parser.ts";

/*
 * The stretch of time a question is about ("this week", "tomorrow afternoon", "next week",
 * "on Friday"), as instants in the user's zone. Pure: the user's wall clock now and zone come in.
 * Weeks run Monday to Sunday.
 */

export interface TimeWindow {
  /** Instants (ms). `to` is exclusive. */
  from: number;
  to: number;
  /** How to say it back: "this week", "tomorrow afternoon", "Fri 27 Nov". */
  label: string;
  /** When the question named a part of the day, its wall-clock hours. */
  hours: { start: number; end: number } | null;
}

const PARTS_OF_DAY: Record<string, { start: number; end: number }> = {
  morning: { start: 8, end: 12 },
  afternoon: { start: 12, end: 18 },
  evening: { start: 18, end: 22 },
  tonight: { start: 18, end: 23 },
};

type Day = { year: number; month: number; day: number };

/** Calendar arithmetic on days, done on UTC midnights so no zone or DST can shift it. */
export function addDays(day: Day, days: number): Day {
  const date = new Date(utcMs(day.year, day.month, day.day) + days * 86_400_000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** 0 Monday … 6 Sunday. */
export function isoWeekday(day: Day): number {
  return (new Date(utcMs(day.year, day.month, day.day)).getUTCDay() + 6) % 7;
}

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export const dayLabel = (day: Day) => `${WEEKDAYS[isoWeekday(day)]} ${day.day} ${MONTHS[day.month - 1]}`;

const startOf = (day: Day, timeZone: string, hour = 0) => zonedTimeToEpochMs({ ...day, hour }, timeZone);

/**
 * The window a question names, or `fallbackDays` from now when it names none. A window that has
 * begun starts now, not at its midnight (free time in the past is no use).
 */
export function timeWindowOf(text: string, now: WallClock, timeZone: string, fallbackDays = 7): TimeWindow {
  const nowMs = zonedTimeToEpochMs(now, timeZone);
  const today: Day = { year: now.year, month: now.month, day: now.day };
  const part = /\b(morning|afternoon|evening|tonight)\b/i.exec(text)?.[1]?.toLowerCase();
  const hours = part ? PARTS_OF_DAY[part]! : null;
  const clamp = (window: TimeWindow): TimeWindow => ({ ...window, from: Math.max(window.from, Math.min(nowMs, window.to)) });

  const days = (first: Day, count: number, label: string): TimeWindow =>
    clamp({ from: startOf(first, timeZone, hours?.start ?? 0), to: hours ? startOf(addDays(first, count - 1), timeZone, hours.end) : startOf(addDays(first, count), timeZone), label, hours });

  if (/\bnext\s+week\b/i.test(text)) return days(addDays(today, 7 - isoWeekday(today)), 7, "next week");
  if (/\bthis\s+week\b|\bmy\s+week\b|\bthe\s+week\b/i.test(text)) return days(today, 7 - isoWeekday(today), "this week");
  if (/\b(this\s+)?weekend\b/i.test(text)) {
    const saturday = isoWeekday(today) === 6 ? today : addDays(today, 5 - isoWeekday(today));
    return days(/\bnext\s+weekend\b/i.test(text) ? addDays(saturday, 7) : saturday, isoWeekday(today) === 6 ? 1 : 2, "this weekend");
  }
  if (/\b(today|tonight)\b/i.test(text)) return days(today, 1, part ? (part === "tonight" ? "tonight" : `this ${part}`) : "today");
  if (/\b(this\s+month)\b/i.test(text)) {
    const next = now.month === 12 ? { year: now.year + 1, month: 1, day: 1 } : { year: now.year, month: now.month + 1, day: 1 };
    return clamp({ from: startOf(today, timeZone), to: startOf(next, timeZone), label: "this month", hours });
  }

  // Any other day chrono finds ("tomorrow", "on Friday", "December 3rd").
  const found = chrono.parse(text, new Date(now.year, now.month - 1, now.day, now.hour, now.minute), { forwardDate: true })[0];
  if (found) {
    const date = found.start.date();
    const day: Day = { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
    const label = /\btomorrow\b/i.test(found.text) ? "tomorrow" : dayLabel(day);
    return days(day, 1, part ? `${label} ${part}` : label);
  }
  return clamp({ from: nowMs, to: nowMs + fallbackDays * 86_400_000, label: `the next ${fallbackDays} days`, hours });
}
