import { z } from "zod";

/*
 * IANA time zones and the one conversion we need: a wall-clock time in a zone to an instant.
 * Pure (Intl only), so the same answer on the server, in tests and in the browser.
 */

// "Europe/Lisbon", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "UTC". Intl also accepts
// offsets such as "+05:00", which are not IANA names and which Google Calendar refuses.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * How many minutes `timeZone`'s clocks are ahead of UTC at `epochMs` (-480 for Los Angeles in
 * winter, 330 for Kolkata). Two zones read alike at an instant when these are equal, whatever they
 * are called: the one test of "does this time need the reader's own beside it" (web, agent,
 * notifications).
 */
export function utcOffsetMinutes(epochMs: number, timeZone: string): number {
  return Math.round(zoneOffsetMs(epochMs, timeZone) / 60_000);
}

/**
 * The one spelling of a zone this runtime knows ("us/pacific" → "America/Los_Angeles",
 * "europe/LISBON" → "Europe/Lisbon", "Asia/Kolkata" → "Asia/Calcutta"), or null when it knows no
 * such zone. It is Intl's (CLDR's) name, so Node and browsers agree on it; CLDR keeps some older
 * names where IANA moved on, which Google Calendar accepts as well.
 */
export function canonicalTimeZone(value: string): string | null {
  if (!IANA_NAME.test(value)) return null;
  try {
    return formatterFor(value).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * Whether `value` names an IANA time zone this runtime knows, in any spelling: a case variant
 * or a link passes here, and `timeZoneSchema` stores its canonical spelling.
 */
export function isIanaTimeZone(value: string): boolean {
  return canonicalTimeZone(value) !== null;
}

/**
 * A required IANA time zone, normalised to its canonical spelling (so one zone is stored and
 * compared under one name); messages name `field`. `abort` keeps a bad zone away from the
 * cross-field checks of the enclosing object (zod runs those despite non-aborting issues).
 */
export function timeZoneSchema(field: string) {
  return z
    .string({ error: `${field} is required: an IANA time zone such as Europe/Lisbon` })
    .refine(isIanaTimeZone, { error: `${field} must be an IANA time zone such as Europe/Lisbon`, abort: true })
    .overwrite((value) => canonicalTimeZone(value) ?? value);
}

/** Milliseconds since the epoch of a calendar date and time read as UTC (years 0-99 included). */
export function utcMs(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  millisecond = 0,
): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millisecond);
  return date.getTime();
}

/** How far `timeZone`'s wall clock is ahead of UTC at `epochMs`, in milliseconds. */
function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(epochMs));
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value);
  const wallClock = utcMs(
    part("year"),
    part("month"),
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wallClock - (epochMs - (((epochMs % 1000) + 1000) % 1000));
}

type WallClock = { year: number; month: number; day: number; hour?: number; minute?: number; second?: number; millisecond?: number };

const DAY_MS = 86_400_000;

/** The wall-clock time read as if it were UTC: the starting point of every zone conversion. */
function wallClockAsUtc(wallClock: WallClock): number {
  return utcMs(wallClock.year, wallClock.month, wallClock.day, wallClock.hour, wallClock.minute, wallClock.second, wallClock.millisecond);
}

/**
 * Every instant at which `timeZone`'s clocks show this wall-clock time, earliest first: one on an
 * ordinary day, none in a daylight-saving gap (the clocks jump over it), two in an overlap (they
 * show it twice). Offsets change at most once in a day or so, so the offsets a day either side
 * (and the one the first guess lands on) are the only candidates.
 */
export function wallClockInstants(wallClock: WallClock, timeZone: string): number[] {
  const asUtc = wallClockAsUtc(wallClock);
  const offsets = new Set([zoneOffsetMs(asUtc - DAY_MS, timeZone), zoneOffsetMs(asUtc + DAY_MS, timeZone)]);
  offsets.add(zoneOffsetMs(asUtc - zoneOffsetMs(asUtc, timeZone), timeZone));
  return [...offsets]
    .map((offset) => asUtc - offset)
    .filter((instant) => instant + zoneOffsetMs(instant, timeZone) === asUtc)
    .sort((a, b) => a - b);
}

/**
 * The instant at which `timeZone`'s clocks show this wall-clock time. A time the clocks skip (a
 * daylight-saving jump forward) is read with the offset in force before the jump, as RFC 5545
 * and Google Calendar read it: 02:30 on a Los Angeles spring-forward day is 03:30 PDT. A time
 * the clocks show twice is the first of the two (before the clocks go back).
 */
export function zonedTimeToEpochMs(wallClock: WallClock, timeZone: string): number {
  const [first] = wallClockInstants(wallClock, timeZone);
  if (first !== undefined) return first;
  // Skipped: the clocks jumped forward over it, so the offset before the jump is the smaller one.
  const asUtc = wallClockAsUtc(wallClock);
  return asUtc - Math.min(zoneOffsetMs(asUtc - DAY_MS, timeZone), zoneOffsetMs(asUtc + DAY_MS, timeZone));
}
