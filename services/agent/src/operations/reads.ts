import {
  DEFAULT_WORKING_HOURS,
  eventDateToEpochMs,
  WEEKDAYS,
  ZAvailabilityResponseSchema,
  zonedTimeToEpochMs,
  type TAssistantEventItem,
  type TAssistantResult,
  type TAvailabilityBody,
  type TEventRequest,
  type TFreeSlot,
  type TPersonAvailability,
  type TProposalPerson,
  type TWorkingHours,
} from "@amia/contracts";
import { addDays, isoWeekday } from "../domain/time-window.ts";
import { wallClockAt } from "../domain/schedule-parser.ts";
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

/** The user's event requests (theirs and those they review) starting inside [from, to). */
export async function eventsBetween(ctx: TurnContext, from: number, to: number): Promise<{ items: TAssistantEventItem[]; requests: TEventRequest[] }> {
  const query = (role: "creator" | "reviewer") =>
    `/api/v1/event-requests?role=${role}&start_date_from=${encodeURIComponent(new Date(from).toISOString())}&start_date_to=${encodeURIComponent(new Date(to - 1).toISOString())}`;
  const lists = await Promise.all(
    (["creator", "reviewer"] as const).map(async (role) => {
      const { status, body } = await ctx.reads.call("events", "GET", query(role));
      if (status !== 200) throw new Error(`events answered ${status}`);
      return ((body as { event_requests: TEventRequest[] }).event_requests ?? []).map((request) => ({ request, role }));
    }),
  );
  const all = lists.flat().sort((a, b) => eventDateToEpochMs(a.request.start_date) - eventDateToEpochMs(b.request.start_date));
  return {
    requests: all.map(({ request }) => request),
    items: all.map(({ request, role }) => ({ id: request.id, title: request.title, start_date: request.start_date, end_date: request.end_date, status: request.status, role })),
  };
}

/** The user's own requests that could be changed or cancelled: from yesterday on, mine only. */
export async function myUpcomingRequests(ctx: TurnContext): Promise<TEventRequest[]> {
  const from = new Date(ctx.nowMs - 86_400_000).toISOString();
  const { status, body } = await ctx.reads.call("events", "GET", `/api/v1/event-requests?role=creator&start_date_from=${encodeURIComponent(from)}`);
  if (status !== 200) throw new Error(`events answered ${status}`);
  return (body as { event_requests: TEventRequest[] }).event_requests ?? [];
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
