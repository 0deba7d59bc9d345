import * as chrono from "chrono-node";
import { describeRecurrenceText, eventDateToEpochMs, isAllDay, type TEventDate, type TEventRequest } from "@amia/contracts";
import { describeDuration, describeInstants, describeWhen } from "../domain/describe.ts";
import { classifyIntent } from "../domain/intents.ts";
import { displayName, resolveName } from "../domain/people.ts";
import { formatDate, formatDateTime, parseSchedule, peopleIn, wallClockAt, type WallClock } from "../domain/schedule-parser.ts";
import { matchTarget, readChange } from "../domain/targets.ts";
import { timeWindowOf } from "../domain/time-window.ts";
import { findMutualSlots } from "../domain/mutual-free-time.ts";
import { defaultDuration } from "../domain/smart-fill-durations.ts";
import { reviewerLabel } from "./propose.ts";
import { availability, CalendarUnavailableError, eventsBetween, freeTimeResult, myFreeTime, myUpcomingRequests, type PersonAvailability } from "./reads.ts";
import { text, type TurnContext, type TurnPart } from "./turn.ts";

/*
 * The assistant with no model (offline mode, the default): the message's intent decides, the
 * offline parser reads dates, places and people, and every write is a proposal card. Questions
 * are answered by reading; they never propose, let alone write.
 */

export const OFFLINE_HELP = [
  "I'm running in **offline mode** (no AI model is configured), so I understand a few kinds of request:",
  "",
  "- **Plan something**: *Lunch with Bruno Friday at 1pm at Joe's* — I show you a card to confirm.",
  "- **See your plans**: *What do I have this week?* · *Show my week*",
  "- **Find free time**: *When am I free tomorrow afternoon?* · *When are Bruno and I both free next week?*",
  "- **Change or cancel**: *Move lunch with Bruno to 2pm* · *Cancel the board meeting*",
  "",
  "Nothing is written to your calendar until you press **Confirm** on a card.",
].join("\n");

function nowIn(ctx: TurnContext): WallClock {
  return wallClockAt(ctx.nowMs, ctx.timeZone);
}

const NAME = "(\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+)?)";
/** "Bruno and I …", "Is Bruno free …", "are Bruno and I both free …": names a question puts outside "with". */
const ASKED_ABOUT = [new RegExp(`\\b${NAME}\\s+and\\s+I\\b`, "gu"), new RegExp(`\\b(?:are|is)\\s+${NAME}\\s+(?:and\\s+I\\s+)?(?:both\\s+)?(?:free|available)`, "gu")];

/** The people a free-time question is about: the parser's "with …" names, and those it asks about. */
export function peopleAskedAbout(message: string): string[] {
  const names = new Set(peopleIn(message));
  for (const pattern of ASKED_ABOUT) for (const match of message.matchAll(pattern)) if (!/^(I|When|What|Are|Is)$/.test(match[1]!)) names.add(match[1]!);
  return [...names];
}

async function* listEvents(message: string, ctx: TurnContext): AsyncGenerator<TurnPart> {
  const window = timeWindowOf(message, nowIn(ctx), ctx.timeZone);
  const { items, isComplete } = await eventsBetween(ctx, window.from, window.to);
  yield { type: "result", result: { kind: "events", from: new Date(window.from).toISOString(), to: new Date(window.to).toISOString(), time_zone: ctx.timeZone, items } };
  if (items.length === 0) {
    yield text(`You have no event requests for ${window.label}.`);
    return;
  }
  const lines = items.map((item) => {
    const role = item.role === "reviewer" ? " · you review it" : "";
    return `- **${item.title || "Untitled Event"}** — ${describeWhen(item.start_date, item.end_date, ctx.timeZone)} · ${item.status}${role}`;
  });
  const heading = isComplete
    ? `You have ${items.length} event request${items.length === 1 ? "" : "s"} for ${window.label}:`
    : `You have more event requests for ${window.label} than I can list at once; here are the first ${items.length}. Ask about a shorter stretch of time to see the rest:`;
  yield text([heading, "", ...lines].join("\n"));
}

/** "a free hour", "30 minutes", "for 45 minutes": the length the message asks for, or null. */
function statedMinutes(message: string): number | null {
  const match = /\b(an?|one|two|three|\d+(?:\.\d+)?)\s*(?:free\s+)?(hours?|hrs?|minutes?|mins?)\b/i.exec(message);
  if (!match) return /\bhalf\s+an?\s+hour\b/i.test(message) ? 30 : null;
  const amount = { a: 1, an: 1, one: 1, two: 2, three: 3 }[match[1]!.toLowerCase()] ?? Number(match[1]);
  return Math.round(/^h/i.test(match[2]!) ? amount * 60 : amount);
}

/** A meeting's title from what the message calls it: "Coffee with Bruno", else "Meeting with Bruno". */
function meetingTitle(message: string, names: readonly string[]): string {
  const kind = /\b(coffee|lunch|dinner|breakfast|brunch|drinks|call|walk|chat|catch[- ]up|meeting|sync|review|interview)\b/i.exec(message)?.[1] ?? "meeting";
  const word = kind.charAt(0).toUpperCase() + kind.slice(1).toLowerCase();
  return names.length > 0 ? `${word} with ${names.join(" and ")}` : word;
}

async function* freeTime(message: string, ctx: TurnContext): AsyncGenerator<TurnPart> {
  const window = timeWindowOf(message, nowIn(ctx), ctx.timeZone);
  const names = peopleAskedAbout(message);
  const parsed = parseSchedule(message, { now: nowIn(ctx), timeZone: ctx.timeZone });
  // A length the message states wins; otherwise the usual length of the kind of meeting it names
  // (a meeting an hour, a coffee half an hour), said so on the cards; alone, half an hour.
  const stated = statedMinutes(message) ?? (parsed.duration_source === "explicit" ? (parsed.duration_minutes ?? null) : null);
  const usual = defaultDuration(meetingTitle(message, []));
  const minutes = stated ?? (names.length > 0 ? usual.minutes : 30);

  const connections = names.length > 0 ? await ctx.proposer.connections() : [];
  const people = [];
  for (const name of names) {
    const resolved = resolveName(name, connections);
    if (resolved.kind === "found") people.push(resolved.person);
    else if (resolved.kind === "ambiguous") {
      yield text(`More than one of your connections is called ${name}: ${resolved.candidates.map((person) => `${displayName(person)} (${person.email ?? "no email"})`).join(", ")}. Which one did you mean? Ask again with their full name.`);
      return;
    } else {
      yield text(`I couldn't find ${name} among your connections. I can only look at the free time of people you're connected with (Profile → Relationships).`);
      return;
    }
  }

  let found: PersonAvailability[];
  try {
    found = await availability(ctx, window.from, window.to, people.map((person) => person.user_id));
  } catch (error) {
    if (error instanceof CalendarUnavailableError) {
      yield text(error.message);
      return;
    }
    throw error;
  }
  const me = found.find((person) => person.user_id === ctx.userId) ?? found[0]!;
  const others = people.map((person) => ({ person, availability: found.find((entry) => entry.user_id === person.user_id) }));
  const peopleResult = [
    ...others.map(({ person, availability: entry }) => ({ ...person, shared: entry?.shared ?? false, reason: entry?.reason ?? "not_shared" })),
  ];

  if (people.length === 0) {
    const free = myFreeTime(window, me, minutes);
    yield { type: "result", result: freeTimeResult(window.from, window.to, me.time_zone, free, []) };
    if (me.busy === undefined) {
      yield text("I cannot see your Google Calendar right now, so I cannot tell when you're free. Sign in again to reconnect it.");
      return;
    }
    if (free.length === 0) {
      yield text(`You have no free time of ${describeDuration(minutes)} or more ${window.label}.`);
      return;
    }
    const lines = free.slice(0, 8).map((slot) => `- ${describeInstants(slot.start, slot.end, me.time_zone)}`);
    yield text([`You're free ${window.label}:`, "", ...lines, ...(free.length > 8 ? [`- …and ${free.length - 8} more`] : [])].join("\n"));
    return;
  }

  const slots = findMutualSlots({
    from: new Date(window.from).toISOString(),
    to: new Date(window.to).toISOString(),
    durationMinutes: minutes,
    people: found,
    max: 3,
    fallbackTimeZone: ctx.timeZone,
  });
  const intervals = slots.map((slot) => ({ start: Date.parse(slot.start), end: Date.parse(slot.end) }));
  yield { type: "result", result: freeTimeResult(window.from, window.to, ctx.timeZone, intervals, peopleResult) };

  const notSharing = others.filter(({ availability: entry }) => !entry?.shared).map(({ person }) => displayName(person));
  const caveat = notSharing.length > 0 ? ` ${notSharing.join(" and ")} ${notSharing.length === 1 ? "doesn't" : "don't"} share free/busy with connections, so these fit your calendar and their working hours only.` : "";
  if (intervals.length === 0) {
    yield text(`I found no ${describeDuration(minutes)} ${window.label} that is free for ${["you", ...people.map(displayName)].join(" and ")} inside everyone's working hours.${caveat}`);
    return;
  }
  yield text(`Here ${intervals.length === 1 ? "is a time" : `are ${intervals.length} times`} ${window.label} when ${["you", ...people.map(displayName)].join(" and ")} are free (${describeDuration(minutes)}, inside everyone's working hours).${caveat} Confirm one to send the request.`);
  const title = meetingTitle(message, people.map(displayName));
  for (const slot of intervals) {
    const wall = (ms: number) => formatDateTime(wallClockAt(ms, ctx.timeZone));
    const proposal = await ctx.proposer.create(
      { title, start_date: { date_time: wall(slot.start), time_zone: ctx.timeZone }, end_date: { date_time: wall(slot.end), time_zone: ctx.timeZone } },
      { reviewerIds: people.map((person) => person.user_id), ...(stated === null ? { durationSource: "default", durationReason: usual.reason } : { durationSource: "explicit" }) },
    );
    yield { type: "proposal", proposal };
  }
}

async function* create(message: string, ctx: TurnContext, isExplicit: boolean): AsyncGenerator<TurnPart> {
  const parsed = parseSchedule(message, { now: nowIn(ctx), timeZone: ctx.timeZone });
  const problems = parsed.problems ?? [];
  if (problems.length > 0) {
    yield text(`I couldn't plan that: ${problems.map((problem) => problem.message).join("; ")}.`);
    return;
  }
  if (!parsed.hasWhen || !parsed.start_date || !parsed.end_date) {
    yield text(parsed.title && isExplicit ? `When should *${parsed.title}* be? Tell me a day and, if it has one, a time — e.g. *${parsed.title} on Friday at 1pm*.` : OFFLINE_HELP);
    return;
  }
  const proposal = await ctx.proposer.create(
    { title: parsed.title ?? null, location: parsed.location ?? null, start_date: parsed.start_date, end_date: parsed.end_date, recurrence: parsed.recurrence ?? null },
    { people: parsed.people ?? [], durationSource: parsed.duration_source ?? "explicit", durationReason: parsed.duration_reason ?? null },
  );
  const event = proposal.event;
  const lines = [`Here's what I'd plan — nothing is saved until you press **Confirm**:`, "", `- **${event.title ?? "Untitled Event"}**, ${describeWhen(event.start_date, event.end_date, ctx.timeZone)}`];
  if (event.location) lines.push(`- at ${event.location}`);
  // Words name the zone like every time the assistant writes (an all-day rule has no time to name it by).
  const repeats = describeRecurrenceText(event.recurrence, event.start_date, { nameZone: true, clock: "12h" });
  if (repeats) lines.push(`- repeats: ${repeats}; one approval covers every occurrence`);
  if (event.duration_minutes !== null && event.duration_source === "default") lines.push(`- ${describeDuration(event.duration_minutes)} (${event.duration_reason ?? "the usual length"}; change it if you like)`);
  if (event.reviewers.length > 0) lines.push(`- reviewers: ${event.reviewers.map(reviewerLabel).join(", ")}`);
  for (const question of proposal.questions) {
    lines.push(question.kind === "ambiguous_person" ? `- Which ${question.name}? Pick one on the card.` : `- I couldn't find ${question.name} among your connections, so they're not a reviewer.`);
  }
  lines.push("", proposal.next_step === "sent_for_review" ? "On Confirm it goes to the required reviewers; it reaches your calendar once they approve." : "Nobody needs to approve it, so on Confirm it goes straight to your calendar.");
  yield text(lines.join("\n"));
  yield { type: "proposal", proposal };
}

/** A new start from "2pm" / "Thursday" / "Thursday at 10", keeping what the phrase leaves out. */
function movedStart(value: string, target: TEventRequest): TEventDate | null {
  const zone = target.start_date.time_zone;
  const startMs = eventDateToEpochMs(target.start_date);
  const current = wallClockAt(startMs, zone);
  const found = chrono.parse(value, new Date(current.year, current.month - 1, current.day, current.hour, current.minute), { forwardDate: true })[0];
  if (!found) return null;
  const date = found.start.date();
  const hasDay = found.start.isCertain("day") || found.start.isCertain("weekday");
  const hasTime = found.start.isCertain("hour");
  const day = hasDay ? { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() } : { year: current.year, month: current.month, day: current.day };
  if (isAllDay(target.start_date) && !hasTime) return { date: formatDate(day), time_zone: zone };
  return { date_time: formatDateTime({ ...day, hour: hasTime ? date.getHours() : current.hour, minute: hasTime ? date.getMinutes() : current.minute }), time_zone: zone };
}

function shifted(target: TEventRequest, newStart: TEventDate): { start_date: TEventDate; end_date: TEventDate } {
  if (isAllDay(newStart) && isAllDay(target.start_date) && isAllDay(target.end_date)) {
    const days = Math.round((Date.parse(target.end_date.date) - Date.parse(target.start_date.date)) / 86_400_000);
    const end = new Date(Date.parse(newStart.date) + days * 86_400_000).toISOString().slice(0, 10);
    return { start_date: newStart, end_date: { date: end, time_zone: newStart.time_zone } };
  }
  const length = eventDateToEpochMs(target.end_date) - eventDateToEpochMs(target.start_date);
  const startMs = eventDateToEpochMs(newStart);
  return { start_date: newStart, end_date: { date_time: formatDateTime(wallClockAt(startMs + length, newStart.time_zone)), time_zone: newStart.time_zone } };
}

async function* changeOrCancel(kind: "change" | "cancel", message: string, ctx: TurnContext): AsyncGenerator<TurnPart> {
  const change = kind === "change" ? readChange(message) : null;
  const subject = change ? change.subject : message.replace(/^(please\s+)?(can\s+you\s+)?(cancel|delete|remove|call\s+off|drop|scrap|unschedule)\s+/i, "");
  if (/^(all|every|everything)\b/i.test(subject.trim())) {
    yield text("I change or cancel one event at a time, and only after you confirm. Tell me which one, e.g. *Cancel lunch with Bruno*.");
    return;
  }
  const { requests: mine, isComplete } = await myUpcomingRequests(ctx);
  const match = matchTarget(subject, mine);
  if (match.kind === "none") {
    const looked = isComplete ? "" : ` (I looked at your next ${mine.length})`;
    yield text(`I couldn't find an upcoming event request of yours matching “${subject.trim()}”${looked}. Ask *What do I have this week?* to see them.`);
    return;
  }
  if (match.kind === "ambiguous") {
    const lines = match.candidates.slice(0, 5).map((candidate) => `- **${candidate.title || "Untitled Event"}** — ${describeWhen(candidate.start_date, candidate.end_date, ctx.timeZone)}`);
    yield text(["Which one do you mean?", "", ...lines, "", "Ask again with more of its title."].join("\n"));
    return;
  }
  const target = match.target;
  if (kind === "cancel") {
    const proposal = await ctx.proposer.cancel(target);
    yield text(`Cancel **${target.title || "Untitled Event"}** (${describeWhen(target.start_date, target.end_date, ctx.timeZone)})? It is removed from your requests${target.google_event_id ? " and your Google Calendar" : ""} when you press **Confirm**.`);
    yield { type: "proposal", proposal };
    return;
  }
  if (!change || change.kind === "unclear") {
    yield text(`What should change about **${target.title || "Untitled Event"}**? E.g. *Move ${target.title ?? "it"} to 3pm*, *Change the location of ${target.title ?? "it"} to The Cantina*, or *Rename ${target.title ?? "it"} to …*.`);
    return;
  }
  let changes: Parameters<TurnContext["proposer"]["update"]>[1];
  if (change.kind === "title") changes = { title: change.value };
  else if (change.kind === "location") changes = { location: change.value };
  else {
    const start = movedStart(change.value, target);
    if (!start) {
      // "Move lunch to The Cantina": no time in it, so it is a place.
      changes = { location: change.value };
    } else changes = shifted(target, start);
  }
  const proposal = await ctx.proposer.update(target, changes);
  const after = proposal.event;
  const said =
    changes.title !== undefined ? `rename it to **${after.title}**` : changes.location !== undefined ? `move it to **${after.location}**` : `move it to **${describeWhen(after.start_date, after.end_date, ctx.timeZone)}**`;
  yield text(`I'd change **${target.title || "Untitled Event"}** (${describeWhen(target.start_date, target.end_date, ctx.timeZone)}): ${said}. Nothing changes until you press **Confirm**.`);
  yield { type: "proposal", proposal };
}

/** One offline turn: read, propose, or say honestly what it can do. */
export async function* offlineTurn(message: string, ctx: TurnContext): AsyncGenerator<TurnPart> {
  const intent = classifyIntent(message);
  switch (intent.kind) {
    case "list":
      yield* listEvents(message, ctx);
      return;
    case "free_time":
      yield* freeTime(message, ctx);
      return;
    case "change":
    case "cancel":
      yield* changeOrCancel(intent.kind, message, ctx);
      return;
    case "create":
      yield* create(message, ctx, intent.isExplicit ?? false);
      return;
    case "help":
      yield text(OFFLINE_HELP);
      return;
    default: {
      const unknown: never = intent.kind;
      return unknown;
    }
  }
}
