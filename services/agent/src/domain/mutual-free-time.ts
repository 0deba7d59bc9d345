import { WEEKDAYS, zonedTimeToEpochMs, type TWorkingHours } from "@amia/contracts";

/*
 * Mutual free time (issue 10 point 5): the times when everyone is inside their working hours and
 * nobody who shares their calendar is busy. Pure: the chat asks the calendar service for the
 * availability (calendar service, POST /api/v1/calendar/availability) and hands it here.
 */

/** An interval between two instants (ISO 8601 with Z or an offset), end exclusive. */
export interface Interval {
  start: string;
  end: string;
}

export type Slot = Interval;

export interface SlotPerson {
  user_id: string;
  /** Their IANA zone; null (never chosen) reads their working hours in `fallbackTimeZone`. */
  time_zone: string | null;
  working_hours: TWorkingHours;
  /** Their busy times; absent for someone who does not share them (only their hours count). */
  busy?: readonly Interval[] | undefined;
}

export interface MutualSlotsQuery {
  /** The search window (instants). */
  from: string;
  to: string;
  durationMinutes: number;
  /** The asker first: slots align to their clock and are spread over their days. */
  people: readonly SlotPerson[];
  /** At most this many slots (3 by default). */
  max?: number;
  /** The zone for someone whose `time_zone` is null: the asker's browser zone, say. UTC by default. */
  fallbackTimeZone?: string;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Two slots on one day closer than this look like the same offer twice ("10:00, 10:30, 11:00"). */
const SAME_DAY_SPACING_MS = 2 * 60 * MINUTE_MS;

interface Span {
  start: number;
  end: number;
}

/**
 * Up to `max` slots of `durationMinutes`, free for everyone and inside everyone's working hours,
 * earliest first: one per day (the earliest of each day) before a second on any day, and a second
 * on a day only when it is at least two hours from the first. Starts fall on the asker's half hour
 * (quarter hour for meetings shorter than 30 minutes). Working hours are wall-clock times in each
 * person's zone, so a daylight-saving change moves them as it moves that person's day.
 */
export function findMutualSlots(query: MutualSlotsQuery): Slot[] {
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  const durationMs = Math.round(query.durationMinutes) * MINUTE_MS;
  const max = query.max ?? 3;
  if (!(to > from) || !(durationMs > 0) || max < 1 || query.people.length === 0) return [];
  const fallbackZone = query.fallbackTimeZone ?? "UTC";
  const zoneOf = (person: SlotPerson) => person.time_zone ?? fallbackZone;

  let free: Span[] = [{ start: from, end: to }];
  for (const person of query.people) free = intersect(free, workingSpans(person.working_hours, zoneOf(person), from, to));
  const busy = query.people.flatMap((person) => (person.busy ?? []).map(toSpan).filter((span): span is Span => span !== null));
  free = subtract(free, busy);

  const askerZone = zoneOf(query.people[0]!);
  const stepMs = (query.durationMinutes >= 30 ? 30 : 15) * MINUTE_MS;
  const candidates = free.flatMap((span) => alignedStarts(span, durationMs, stepMs, askerZone));
  return spread(candidates, durationMs, max, askerZone).map((start) => ({ start: new Date(start).toISOString(), end: new Date(start + durationMs).toISOString() }));
}

/** The person's working hours on each of their working days that touch [from, to), clipped to it. */
function workingSpans(hours: TWorkingHours, timeZone: string, from: number, to: number): Span[] {
  const [startHour, startMinute] = hours.start.split(":").map(Number) as [number, number];
  const [endHour, endMinute] = hours.end.split(":").map(Number) as [number, number];
  const spans: Span[] = [];
  // Every zone's date is within a day of UTC's, so these calendar days cover the window anywhere.
  for (let dayMs = startOfUtcDay(from) - DAY_MS; dayMs <= startOfUtcDay(to) + DAY_MS; dayMs += DAY_MS) {
    const day = new Date(dayMs);
    const weekday = WEEKDAYS[(day.getUTCDay() + 6) % 7]!; // getUTCDay: 0 is Sunday
    if (!hours.days.includes(weekday)) continue;
    const date = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
    const start = Math.max(from, zonedTimeToEpochMs({ ...date, hour: startHour, minute: startMinute }, timeZone));
    const end = Math.min(to, zonedTimeToEpochMs({ ...date, hour: endHour, minute: endMinute }, timeZone));
    if (end > start) spans.push({ start, end });
  }
  return spans;
}

const startOfUtcDay = (epochMs: number) => Math.floor(epochMs / DAY_MS) * DAY_MS;

function toSpan(interval: Interval): Span | null {
  const start = Date.parse(interval.start);
  const end = Date.parse(interval.end);
  return Number.isFinite(start) && Number.isFinite(end) && end > start ? { start, end } : null;
}

/** The parts of `a` that are also in `b` (both sorted, non-overlapping). */
function intersect(a: readonly Span[], b: readonly Span[]): Span[] {
  const result: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i]!.start, b[j]!.start);
    const end = Math.min(a[i]!.end, b[j]!.end);
    if (end > start) result.push({ start, end });
    if (a[i]!.end < b[j]!.end) i++;
    else j++;
  }
  return result;
}

/** The parts of `spans` (sorted, non-overlapping) that no interval of `holes` covers. */
function subtract(spans: readonly Span[], holes: readonly Span[]): Span[] {
  const sorted = [...holes].sort((x, y) => x.start - y.start);
  const result: Span[] = [];
  for (const span of spans) {
    let cursor = span.start;
    for (const hole of sorted) {
      if (hole.end <= cursor || hole.start >= span.end) continue;
      if (hole.start > cursor) result.push({ start: cursor, end: hole.start });
      cursor = Math.max(cursor, hole.end);
    }
    if (span.end > cursor) result.push({ start: cursor, end: span.end });
  }
  return result;
}

/** Every start on the asker's step grid from which the meeting fits inside `span`. */
function alignedStarts(span: Span, durationMs: number, stepMs: number, timeZone: string): number[] {
  const starts: number[] = [];
  const offset = zoneOffsetMs(span.start, timeZone);
  for (let start = Math.ceil((span.start + offset) / stepMs) * stepMs - offset; start + durationMs <= span.end; start += stepMs) starts.push(start);
  return starts;
}

/** Day by day, earliest first; then second slots well apart from the first; then anything left. */
function spread(candidates: readonly number[], durationMs: number, max: number, timeZone: string): number[] {
  const chosen: number[] = [];
  const days = new Set<string>();
  const dayOf = (start: number) => localDate(start, timeZone);
  const overlapsChosen = (start: number, gapMs: number) => chosen.some((other) => Math.abs(other - start) < Math.max(durationMs, gapMs));
  const passes: Array<(start: number) => boolean> = [
    (start) => !days.has(dayOf(start)),
    (start) => !overlapsChosen(start, SAME_DAY_SPACING_MS + durationMs),
    (start) => !overlapsChosen(start, durationMs),
  ];
  for (const accepts of passes) {
    for (const start of candidates) {
      if (chosen.length >= max) break;
      if (chosen.includes(start) || !accepts(start)) continue;
      chosen.push(start);
      days.add(dayOf(start));
    }
  }
  return chosen.sort((x, y) => x - y);
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s clocks are ahead of UTC at `epochMs` ("GMT+05:45" → 345 minutes). */
function zoneOffsetMs(epochMs: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormatters.set(timeZone, formatter);
  }
  const name = formatter.formatToParts(epochMs).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0; // "GMT": UTC itself
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === "-" ? -minutes : minutes) * MINUTE_MS;
}

/** The asker's calendar day of an instant, as a key. */
function localDate(epochMs: number, timeZone: string): string {
  return new Date(epochMs + zoneOffsetMs(epochMs, timeZone)).toISOString().slice(0, 10);
}
