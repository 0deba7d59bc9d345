import {
  DEFAULT_WORKING_HOURS,
  eventDateToEpochMs,
  lastEndMs,
  MAX_TAKE,
  nextOccurrences,
  parseRecurrence,
  WEEKDAYS,
  ZAvailabilityResponseSchema,
  zonedTimeToEpochMs,
  type TAssistantEventItem,
  type TAssistantResult,
  type TAvailabilityBody,
  type TEventRequest,
  type TFreeSlot,
  type TListEventRequestsResponse,
  type TPersonAvailability,
  type TProposalPerson,
  type TWorkingHours,
} from "@amia/contracts";
import { addDays, isoWeekday } from "../domain/time-window.ts";
import { formatDate, formatDateTime, wallClockAt } from "../domain/schedule-parser.ts";
import type { TurnContext } from "./turn.ts";

/*
 * The questions the assistant answers by reading, as the user: their event requests in a
 * window, and their free time (their own calendar, or with connections who share free/busy).
 * Shared by the offline assistant and the model's tools. Reads only.
 */

export class CalendarUnavailableError extends Error {
  constructor() {
    super("I cannot see your calendar right now (the calendar service is unavailable or your Google Calendar is not connected).");
    this.name = "CalendarUnavailableError";
  }
}

export interface Interval {
  start: number;
  end: number;
}

/**
 * The most event requests one answer reads (issue 13 point 3: every list is paged): past this
 * the answer says it stopped and asks for a shorter stretch of time. At `MAX_TAKE` a page, five
 * calls per list at most.
 */
export const MAX_REQUESTS_READ = 500;

/** Requests read in start order, and whether they are all there are (false: stopped at the cap). */
export interface RequestsRead {
  requests: TEventRequest[];
  isComplete: boolean;
}

/**
 * The events service's plain list (`query` without paging), page after page in its start order,
 * until the list ends or `limit` requests are read.
 */
async function readInStartOrder(ctx: TurnContext, query: string, limit = MAX_REQUESTS_READ): Promise<RequestsRead> {
  const requests: TEventRequest[] = [];
  for (;;) {
    const { status, body } = await ctx.reads.call("events", "GET", `/api/v1/event-requests?${query}&skip=${requests.length}&take=${MAX_TAKE}`);
    if (status !== 200) throw new Error(`events answered ${status}`);
    const page = body as TListEventRequestsResponse;
    requests.push(...page.event_requests);
    const isComplete = page.event_requests.length < MAX_TAKE || requests.length >= page.total_count;
    if (isComplete || requests.length >= limit) return { requests: requests.slice(0, limit), isComplete: isComplete && requests.length <= limit };
  }
}

export interface RoleRead extends RequestsRead {
  role: "creator" | "reviewer";
}

/**
 * Both roles' requests in one start order, at most `limit`. A list that stopped at its cap may
 * be missing anything after its last request, so the merged list ends there too: what it shows
 * is every request up to where it ends, never a later one while an earlier one is missing. Pure.
 */
export function mergeInStartOrder(reads: readonly RoleRead[], limit = MAX_REQUESTS_READ): { entries: Array<{ request: TEventRequest; role: RoleRead["role"] }>; isComplete: boolean } {
  const startOf = (request: TEventRequest) => eventDateToEpochMs(request.start_date);
  const cutoff = Math.min(...reads.filter((read) => !read.isComplete).map((read) => (read.requests.length > 0 ? startOf(read.requests.at(-1)!) : -Infinity)));
  const all = reads
    .flatMap(({ requests, role }) => requests.map((request) => ({ request, role })))
    .filter(({ request }) => startOf(request) <= cutoff)
    .sort((a, b) => startOf(a.request) - startOf(b.request));
  return { entries: all.slice(0, limit), isComplete: reads.every((read) => read.isComplete) && all.length <= limit };
}

/**
 * Where a request falls in [from, to): its own dates when it does not repeat and touches the
 * window; for a series, its first occurrence that touches the window (on the series' own clock,
 * as long as the first); null when nothing of it does. A weekly meeting begun a month ago is in
 * this week's answer, at this week's time. Pure.
 */
export function occurrenceIn(request: Pick<TEventRequest, "start_date" | "end_date" | "recurrence">, from: number, to: number): Pick<TEventRequest, "start_date" | "end_date"> | null {
  const startMs = eventDateToEpochMs(request.start_date);
  // The first occurrence's end (an all-day end day is inclusive): lastEndMs of a one-off.
  const endMs = lastEndMs(null, request.start_date, request.end_date)!;
  const rule = request.recurrence ? parseRecurrence(request.recurrence) : null;
  if (!rule?.ok) return startMs < to && endMs > from ? { start_date: request.start_date, end_date: request.end_date } : null;
  const lengthMs = endMs - startMs;
  const [first] = nextOccurrences(rule.rule, request.start_date, { fromMs: from - lengthMs + 1, limit: 1 });
  if (first === undefined || first >= to) return null;
  if (first === startMs) return { start_date: request.start_date, end_date: request.end_date };
  const { start_date: start, end_date: end } = request;
  if (start.date !== undefined && end.date !== undefined) {
    const spanDays = Math.round((Date.parse(`${end.date}T00:00:00Z`) - Date.parse(`${start.date}T00:00:00Z`)) / 86_400_000);
    const day = wallClockAt(first, start.time_zone);
    return { start_date: { date: formatDate(day), time_zone: start.time_zone }, end_date: { date: formatDate(addDays(day, spanDays)), time_zone: end.time_zone } };
  }
  return {
    start_date: { date_time: formatDateTime(wallClockAt(first, start.time_zone)), time_zone: start.time_zone },
    end_date: { date_time: formatDateTime(wallClockAt(first + lengthMs, end.time_zone)), time_zone: end.time_zone },
  };
}

/**
 * The user's event requests (theirs and those they review) happening inside [from, to) — a
 * series by its first occurrence there, however long before the window it began — in the order
 * they happen; `isComplete` false when there were more than `MAX_REQUESTS_READ` (the first ones
 * shown). `requests` are the requests themselves, in their own start order.
 */
export async function eventsBetween(ctx: TurnContext, from: number, to: number): Promise<{ items: TAssistantEventItem[]; requests: TEventRequest[]; isComplete: boolean }> {
  // What overlaps the window: started by its end, and not ended for good before its start.
  const window = `end_date_from=${encodeURIComponent(new Date(from).toISOString())}&start_date_to=${encodeURIComponent(new Date(to - 1).toISOString())}`;
  const reads = await Promise.all((["creator", "reviewer"] as const).map(async (role) => ({ role, ...(await readInStartOrder(ctx, `role=${role}&${window}`)) })));
  const { entries, isComplete } = mergeInStartOrder(reads);
  const happening = entries.flatMap(({ request, role }) => {
    const when = occurrenceIn(request, from, to);
    return when ? [{ request, role, when, atMs: eventDateToEpochMs(when.start_date) }] : [];
  });
  happening.sort((a, b) => a.atMs - b.atMs);
  return {
    requests: entries.map(({ request }) => request),
    items: happening.map(({ request, role, when }) => ({ id: request.id, title: request.title, start_date: when.start_date, end_date: when.end_date, status: request.status, role })),
    isComplete,
  };
}

/**
 * The user's own requests that could be changed or cancelled: from yesterday on, mine only,
 * the earliest `MAX_REQUESTS_READ` of them.
 */
export async function myUpcomingRequests(ctx: TurnContext): Promise<RequestsRead> {
  const from = new Date(ctx.nowMs - 86_400_000).toISOString();
  return readInStartOrder(ctx, `role=creator&start_date_from=${encodeURIComponent(from)}`);
}

/** The availability the calendar service gives for one person (contracts' ZPersonAvailabilitySchema). */
export type PersonAvailability = Omit<TPersonAvailability, "working_hours" | "time_zone"> & { working_hours: TWorkingHours; time_zone: string };

/**
 * The user's and the named people's availability from the calendar service, which returns
 * another person's busy times only when they share free/busy with their connections and are
 * connected with the user (never their event details). Someone with no saved hours gets the
 * defaults; someone with no saved zone is read in the user's zone.
 */
export async function availability(ctx: TurnContext, from: number, to: number, userIds: readonly string[]): Promise<PersonAvailability[]> {
  const body: TAvailabilityBody = { timeMin: new Date(from).toISOString(), timeMax: new Date(to).toISOString(), user_ids: [...userIds] };
  const { status, body: answer } = await ctx.reads.call("calendar", "POST", "/api/v1/calendar/availability", body);
  const parsed = ZAvailabilityResponseSchema.safeParse(answer);
  if (status !== 200 || !parsed.success) throw new CalendarUnavailableError();
  return parsed.data.people.map((person) => ({ ...person, time_zone: person.time_zone ?? ctx.timeZone, working_hours: person.working_hours ?? DEFAULT_WORKING_HOURS }));
}

/** A person's busy times as instants (none when they do not share). */
export function busyOf(person: Pick<TPersonAvailability, "busy">): Interval[] {
  return (person.busy ?? []).map((interval) => ({ start: Date.parse(interval.start), end: Date.parse(interval.end) }));
}

/** Free stretches of at least `minutes` in [from, to) outside `busy`. */
export function freeBetween(busy: readonly Interval[], from: number, to: number, minutes: number): Interval[] {
  const slots: Interval[] = [];
  let cursor = from;
  for (const interval of [...busy].sort((a, b) => a.start - b.start)) {
    if (interval.end <= cursor) continue;
    if (interval.start >= to) break;
    if (interval.start - cursor >= minutes * 60_000) slots.push({ start: cursor, end: interval.start });
    cursor = Math.max(cursor, interval.end);
  }
  if (to - cursor >= minutes * 60_000) slots.push({ start: cursor, end: to });
  return slots;
}

const minutesOf = (clock: string) => {
  const [hours, minutes] = clock.split(":").map(Number) as [number, number];
  return hours * 60 + minutes;
};

/**
 * The user's own free time in a window: each day's hours (the part of day asked about, else
 * their working hours on working days), minus their busy times.
 */
export function myFreeTime(window: { from: number; to: number; hours: { start: number; end: number } | null }, me: PersonAvailability, minutes: number): Interval[] {
  const free: Interval[] = [];
  const first = wallClockAt(window.from, me.time_zone);
  for (let offset = 0; offset < 62; offset++) {
    const day = addDays(first, offset);
    if (zonedTimeToEpochMs(day, me.time_zone) >= window.to) break;
    if (!window.hours && !me.working_hours.days.includes(WEEKDAYS[isoWeekday(day)]!)) continue;
    const startMinute = window.hours ? window.hours.start * 60 : minutesOf(me.working_hours.start);
    const endMinute = window.hours ? window.hours.end * 60 : minutesOf(me.working_hours.end);
    const dayFrom = Math.max(window.from, zonedTimeToEpochMs({ ...day, hour: Math.floor(startMinute / 60), minute: startMinute % 60 }, me.time_zone));
    const dayTo = Math.min(window.to, zonedTimeToEpochMs({ ...day, hour: Math.floor(endMinute / 60), minute: endMinute % 60 }, me.time_zone));
    if (dayTo > dayFrom) free.push(...freeBetween(busyOf(me), dayFrom, dayTo, minutes));
  }
  return free;
}

export function freeTimeResult(from: number, to: number, timeZone: string, slots: readonly Interval[], people: Array<TProposalPerson & { shared: boolean; reason: PersonAvailability["reason"] }>): TAssistantResult {
  const asSlot = (slot: Interval): TFreeSlot => ({ start: new Date(slot.start).toISOString(), end: new Date(slot.end).toISOString() });
  return { kind: "free_time", from: new Date(from).toISOString(), to: new Date(to).toISOString(), time_zone: timeZone, slots: slots.map(asSlot), people };
}
