/*
 * The chat history list's time stamp (SPEC.md section 9): under 24 hours ago a time ("14:05"),
 * under 168 hours (a week) a weekday ("Tuesday"), otherwise month and day ("Mar 11").
 */

const HOUR_MS = 60 * 60 * 1000;
export const HISTORY_TIME_HOURS = 24;
export const HISTORY_WEEKDAY_HOURS = 168;

function format(instant: Date, options: Intl.DateTimeFormatOptions, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat("en-US", { ...options, ...(timeZone ? { timeZone } : {}) }).format(instant);
}

/**
 * `timestamp` relative to `now`, shown on the clocks of `timeZone` (default: the browser's).
 * A timestamp in the future counts as recent. "" for an unreadable timestamp.
 */
export function formatHistoryTime(timestamp: string | number | Date, now: Date, timeZone?: string): string {
  const instant = timestamp instanceof Date ? timestamp : new Date(timestamp);
  if (Number.isNaN(instant.getTime())) return "";
  const hoursAgo = (now.getTime() - instant.getTime()) / HOUR_MS;
  if (hoursAgo < HISTORY_TIME_HOURS) {
    return format(instant, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }, timeZone);
  }
  if (hoursAgo < HISTORY_WEEKDAY_HOURS) return format(instant, { weekday: "long" }, timeZone);
  return format(instant, { month: "short", day: "numeric" }, timeZone);
}
