import { canonicalTimeZone, parseDateTime, utcMs, utcOffsetMinutes, wallClockInstants } from "@amia/contracts";

/*
 * The one wall-clock and zone reader of the web app, shared by the form rules and the formatter
 * (lib/format.ts): what a zone's clocks show at an instant, which instant a zone's wall-clock
 * time is (with its daylight-saving gaps and overlaps), the browser's and the viewer's zone.
 * Dates are "YYYY-MM-DD", times "HH:MM" (what <input type="date"> and <input type="time">
 * hold). Pure: Intl only.
 */

export const MINUTES_PER_DAY = 24 * 60;

const pad = (value: number, width = 2): string => String(value).padStart(width, "0");

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? "";
  let formatter = partFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      ...(timeZone ? { timeZone } : {}),
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    partFormatters.set(key, formatter);
  }
  return formatter;
}

/** The date and time the clocks of `timeZone` (default: the browser's) show at `instant`. */
export function wallClockAt(instant: Date | number, timeZone?: string): { date: string; time: string } {
  const parts = partsFormatter(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
  const hour = part("hour") % 24; // some engines say 24 for midnight
  return {
    date: `${pad(part("year"), 4)}-${pad(part("month"))}-${pad(part("day"))}`,
    time: `${pad(hour)}:${pad(part("minute"))}`,
  };
}

/**
 * A date_time as a form date and time. A local "YYYY-MM-DDTHH:MM[:SS]" is split as written; an
 * ISO value with Z or an offset is shown on the clocks of `timeZone`. Null when unreadable.
 */
export function splitDateTime(value: string, timeZone?: string): { date: string; time: string } | null {
  const parsed = parseDateTime(value);
  if (!parsed) return null;
  if (parsed.offsetMinutes === null) {
    return { date: `${pad(parsed.year, 4)}-${pad(parsed.month)}-${pad(parsed.day)}`, time: `${pad(parsed.hour)}:${pad(parsed.minute)}` };
  }
  const epochMs = Date.parse(value);
  if (Number.isNaN(epochMs)) return null;
  try {
    return wallClockAt(epochMs, timeZone);
  } catch {
    return wallClockAt(epochMs); // an unknown zone: the browser's
  }
}

/** "HH:MM" as minutes after midnight, or null. */
export function parseTime(value: string): number | null {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** Minutes after midnight as "HH:MM", wrapping around the day (-15 is "23:45"). */
export function formatMinutes(minutes: number): string {
  const wrapped = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${pad(Math.floor(wrapped / 60))}:${pad(wrapped % 60)}`;
}

/** "HH:MM" moved by `delta` minutes, wrapping past midnight; "" for an unreadable time. */
export function addMinutesToTime(time: string, delta: number): string {
  const minutes = parseTime(time);
  return minutes === null ? "" : formatMinutes(minutes + delta);
}

/** "YYYY-MM-DD" moved by whole days (for a time that wrapped past midnight). */
export function addDaysToDate(date: string, days: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const moved = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

/** The browser's IANA time zone ("UTC" when it will not say). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * The zone "your time" means (issue 11): the zone saved in Settings when there is one, else the
 * browser's. Settings first because the person chose it, and it is the zone their connections
 * and the assistant plan in; the browser's only stands in until they choose.
 */
export function viewerTimeZone(settingsZone: string | null | undefined, browserZone: string): string {
  return (settingsZone ? canonicalTimeZone(settingsZone) : null) ?? canonicalTimeZone(browserZone) ?? "UTC";
}

/**
 * The zones a picker offers: every zone the browser knows (Intl.supportedValuesOf, which leaves
 * out "UTC"), plus "UTC" and `current` (a stored zone the list may lack), sorted.
 */
export function knownTimeZones(current?: string | null): string[] {
  const listed = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const zones = new Set<string>([...listed, "UTC"]);
  if (current && current.trim() !== "") zones.add(current.trim());
  return [...zones].sort((a, b) => a.localeCompare(b));
}

/** How many minutes `timeZone`'s clocks are ahead of UTC at `instant` (-480 for Los Angeles in winter): the contracts' rule. */
export const zoneOffsetMinutes = utcOffsetMinutes;

/**
 * Which instant a wall-clock date and time in `timeZone` is:
 * - `exact`: one instant, the usual case;
 * - `gap`: none — the clocks jump over it (a daylight-saving start: 02:30 on the day Los Angeles
 *   goes from 02:00 to 03:00); `jumpFrom`/`jumpTo` are the wall times either side of the jump;
 * - `overlap`: two — the clocks show it twice (a daylight-saving end); `earlier` is the first.
 * Null when the date or time is unreadable or the zone unknown.
 */
export type WallClockInstant =
  | { kind: "exact"; instant: number }
  | { kind: "gap"; jumpFrom: string; jumpTo: string }
  | { kind: "overlap"; earlier: number; later: number };

export function resolveWallClock(date: string, time: string, timeZone: string): WallClockInstant | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const minutes = parseTime(time);
  if (!day || minutes === null || canonicalTimeZone(timeZone) === null) return null;
  const wall = { year: Number(day[1]), month: Number(day[2]), day: Number(day[3]), hour: Math.floor(minutes / 60), minute: minutes % 60 };
  const [first, second] = wallClockInstants(wall, timeZone);
  if (first !== undefined && second !== undefined) return { kind: "overlap", earlier: first, later: second };
  if (first !== undefined) return { kind: "exact", instant: first };
  const asUtc = utcMs(wall.year, wall.month, wall.day, wall.hour, wall.minute);
  // In the gap: find the jump (the first minute on the new offset) and name the wall times either side.
  let [lo, hi] = [asUtc - 86_400_000, asUtc + 86_400_000];
  const before = zoneOffsetMinutes(lo, timeZone);
  while (hi - lo > 60_000) {
    const mid = Math.floor((lo + hi) / 2 / 60_000) * 60_000;
    if (zoneOffsetMinutes(mid, timeZone) === before) lo = mid;
    else hi = mid;
  }
  return { kind: "gap", jumpFrom: wallClockAt(hi + before * 60_000, "UTC").time, jumpTo: wallClockAt(hi, timeZone).time };
}
