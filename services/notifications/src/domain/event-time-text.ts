import { canonicalTimeZone, eventDateToEpochMs, parseCalendarDate, utcMs, utcOffsetMinutes, type TEventDate } from "@amia/contracts";

/*
 * When an event happens, as a notification says it to one recipient (issue 11 points 1 and 4):
 *
 *   recipient's zone unknown:                    "Thu 26 Nov, 15:00 GMT"
 *   recipient's clocks read as the event's:      "Thu 26 Nov, 15:00"
 *   recipient's clocks read otherwise:           "Thu 26 Nov, 15:00 GMT · 07:00 your time"
 *                           (another day there): "Thu 26 Nov, 23:30 GMT · Fri 27 Nov, 08:30 your time"
 *   all-day:                                     "Thu 26 Nov (all day)", "Thu 26 Nov – Sat 28 Nov (all day)"
 *
 * "Otherwise" means a different UTC offset at that instant, not a different zone name: Lisbon and
 * London read the same all year, London and Reykjavik only in winter. An all-day event is a
 * date, the same everywhere, so it names no zone. The year is said only when it is not the year
 * the notification is written in. Pure (Intl only).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function clockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZoneName: "short",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface Clock {
  /** "Thu 26 Nov", plus the year when it is not `referenceYear`. */
  day: string;
  /** "15:00" */
  time: string;
  /** The zone's short name at that instant: "GMT", "PST", "GMT+1", "UTC". */
  zoneName: string;
}

function clockAt(epochMs: number, timeZone: string, referenceYear: number): Clock {
  const parts = clockFormatter(timeZone).formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const year = part("year");
  // Some engines say "24" for midnight under h23's older spelling; a clock says 00.
  const hour = part("hour") === "24" ? "00" : part("hour");
  return {
    day: `${part("weekday")} ${part("day")} ${part("month")}${Number(year) === referenceYear ? "" : ` ${year}`}`,
    time: `${hour}:${part("minute")}`,
    zoneName: part("timeZoneName"),
  };
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** A calendar date ("2026-11-26") as "Thu 26 Nov": the same day in every zone. */
function calendarDay(date: string, referenceYear: number): string {
  const parsed = parseCalendarDate(date);
  if (!parsed) return date;
  const weekday = WEEKDAYS[new Date(utcMs(parsed.year, parsed.month, parsed.day)).getUTCDay()]!;
  return `${weekday} ${parsed.day} ${MONTHS[parsed.month - 1]!}${parsed.year === referenceYear ? "" : ` ${parsed.year}`}`;
}

/** The zone to read a recipient's clocks in, or null when we know none we can use. */
function usableZone(zone: string | null | undefined): string | null {
  return zone ? canonicalTimeZone(zone) : null;
}

/**
 * When an event starts (and, all-day, ends), written for one recipient. `recipientZone` is the
 * zone from their Settings, null when they never chose one; `writtenAt` is when the
 * notification is dated (its year is left unsaid).
 */
export function eventTimeText(start: TEventDate, end: TEventDate, recipientZone: string | null | undefined, writtenAt: Date): string {
  const referenceYear = writtenAt.getUTCFullYear();
  if (start.date !== undefined) {
    const first = calendarDay(start.date, referenceYear);
    const last = end.date !== undefined ? calendarDay(end.date, referenceYear) : first;
    return first === last ? `${first} (all day)` : `${first} – ${last} (all day)`;
  }
  const instant = eventDateToEpochMs(start);
  const theirs = clockAt(instant, start.time_zone, referenceYear);
  const zone = usableZone(recipientZone);
  if (zone === null) return `${theirs.day}, ${theirs.time} ${theirs.zoneName}`;
  if (utcOffsetMinutes(instant, zone) === utcOffsetMinutes(instant, start.time_zone)) return `${theirs.day}, ${theirs.time}`;
  const mine = clockAt(instant, zone, referenceYear);
  const local = mine.day === theirs.day ? mine.time : `${mine.day}, ${mine.time}`;
  return `${theirs.day}, ${theirs.time} ${theirs.zoneName} · ${local} your time`;
}
