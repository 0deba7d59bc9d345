import { describe, expect, it } from "vitest";
import { DEFAULT_WORKING_HOURS, type TEventRequest } from "@amia/contracts";
import { eventsBetween, freeBetween, MAX_REQUESTS_READ, mergeInStartOrder, myFreeTime, occurrenceIn } from "./reads.ts";
import { offlineTurn } from "./offline-assistant.ts";
import { textOf, type TurnContext, type TurnPart } from "./turn.ts";

const at = (iso: string) => Date.parse(iso);

describe("free time", () => {
  it("finds the free stretches between busy intervals", () => {
    const busy = [{ start: at("2026-03-11T10:00Z"), end: at("2026-03-11T11:00Z") }, { start: at("2026-03-11T10:30Z"), end: at("2026-03-11T12:00Z") }];
    expect(freeBetween(busy, at("2026-03-11T09:00Z"), at("2026-03-11T17:00Z"), 30)).toEqual([
      { start: at("2026-03-11T09:00Z"), end: at("2026-03-11T10:00Z") },
      { start: at("2026-03-11T12:00Z"), end: at("2026-03-11T17:00Z") },
    ]);
  });

  it("keeps to the part of day asked about, else working hours on working days", () => {
    const me = { user_id: "u1", time_zone: "Europe/Lisbon", working_hours: DEFAULT_WORKING_HOURS, shared: true, reason: null, busy: [{ start: "2026-03-11T13:00:00Z", end: "2026-03-11T14:00:00Z" }] };
    const afternoon = myFreeTime({ from: at("2026-03-11T12:00Z"), to: at("2026-03-11T18:00Z"), hours: { start: 12, end: 18 } }, me, 30);
    expect(afternoon).toEqual([
      { start: at("2026-03-11T12:00Z"), end: at("2026-03-11T13:00Z") },
      { start: at("2026-03-11T14:00Z"), end: at("2026-03-11T18:00Z") },
    ]);
    // A whole week: Saturday and Sunday are not working days.
    const week = myFreeTime({ from: at("2026-03-09T00:00Z"), to: at("2026-03-16T00:00Z"), hours: null }, { ...me, busy: [] }, 30);
    expect(week).toHaveLength(5);
  });
});

/** A request starting `minute` minutes after Monday 4 May 2026 00:00 UTC (only what the reads look at). */
const requestAt = (id: string, minute: number) =>
  ({ id, title: id, status: "pending", start_date: { date_time: new Date(Date.UTC(2026, 4, 4, 0, minute)).toISOString().slice(0, 16), time_zone: "UTC" }, end_date: { date_time: "2026-05-11T00:00", time_zone: "UTC" } }) as TEventRequest;

describe("merging the creator's and the reviewer's lists", () => {
  it("puts complete lists in one start order", () => {
    const merged = mergeInStartOrder([
      { role: "creator", requests: [requestAt("c1", 10), requestAt("c2", 30)], isComplete: true },
      { role: "reviewer", requests: [requestAt("r1", 20)], isComplete: true },
    ]);
    expect(merged.entries.map(({ request, role }) => `${request.id}/${role}`)).toEqual(["c1/creator", "r1/reviewer", "c2/creator"]);
    expect(merged.isComplete).toBe(true);
  });

  it("ends where a list that stopped at its cap ends, so no later request shows while an earlier one may be missing", () => {
    const merged = mergeInStartOrder([
      { role: "creator", requests: [requestAt("c1", 10), requestAt("c2", 30)], isComplete: false },
      { role: "reviewer", requests: [requestAt("r1", 20), requestAt("r2", 30), requestAt("r3", 40)], isComplete: true },
    ]);
    expect(merged.entries.map(({ request }) => request.id)).toEqual(["c1", "r1", "c2", "r2"]);
    expect(merged.isComplete).toBe(false);
  });

  it("keeps to the limit across both lists", () => {
    const merged = mergeInStartOrder(
      [
        { role: "creator", requests: [requestAt("c1", 10), requestAt("c2", 30)], isComplete: true },
        { role: "reviewer", requests: [requestAt("r1", 20)], isComplete: true },
      ],
      2,
    );
    expect(merged.entries.map(({ request }) => request.id)).toEqual(["c1", "r1"]);
    expect(merged.isComplete).toBe(false);
  });
});

/** The events service's paged list over `mine` (the creator's) and nothing to review, recording each call. */
const contextWith = (mine: TEventRequest[]) => {
  const calls: string[] = [];
  const ctx = {
    userId: "u1",
    requestId: "r1",
    timeZone: "UTC",
    // Wednesday 29 April 2026: "next week" is 4 to 10 May, where every request below starts.
    nowMs: Date.UTC(2026, 3, 29, 12),
    reads: {
      call: async (_service: string, _method: string, path: string) => {
        calls.push(path);
        const query = new URL(path, "http://events").searchParams;
        const skip = Number(query.get("skip"));
        const take = Number(query.get("take"));
        const list = query.get("role") === "creator" ? mine : [];
        return { status: 200, body: { event_requests: list.slice(skip, skip + take), skip, take, total_count: list.length } };
      },
    },
  } as unknown as TurnContext;
  return { ctx, calls };
};
const many = (count: number) => Array.from({ length: count }, (_, n) => requestAt(`c${n}`, n));

describe("reading a window page by page", () => {
  it("reads every page of a window past one page, in order, asking for 100 at a time", async () => {
    const { ctx, calls } = contextWith(many(250));
    const read = await eventsBetween(ctx, 0, Date.UTC(2027, 0, 1));
    expect(read.items.map((item) => item.id)).toEqual(many(250).map((request) => request.id));
    expect(read.isComplete).toBe(true);
    expect(calls.filter((path) => path.includes("role=creator")).map((path) => new URL(path, "http://events").searchParams.get("skip"))).toEqual(["0", "100", "200"]);
    expect(calls.every((path) => path.includes("take=100"))).toBe(true);
  });

  it("stops at the most it reads and says the list is not complete", async () => {
    const { ctx, calls } = contextWith(many(MAX_REQUESTS_READ + 1));
    const read = await eventsBetween(ctx, 0, Date.UTC(2027, 0, 1));
    expect(read.items).toHaveLength(MAX_REQUESTS_READ);
    expect(read.items.at(-1)?.id).toBe(`c${MAX_REQUESTS_READ - 1}`);
    expect(read.isComplete).toBe(false);
    expect(calls.filter((path) => path.includes("role=creator"))).toHaveLength(MAX_REQUESTS_READ / 100);
  });

  it("is complete at exactly the most it reads", async () => {
    const { ctx } = contextWith(many(MAX_REQUESTS_READ));
    expect((await eventsBetween(ctx, 0, Date.UTC(2027, 0, 1))).isComplete).toBe(true);
  });
});

describe("the answer to a window with more requests than are read", () => {
  const answer = async (count: number) => {
    const parts: TurnPart[] = [];
    for await (const part of offlineTurn("What do I have next week?", contextWith(many(count)).ctx)) parts.push(part);
    return textOf(parts);
  };

  it("says it shows only the first ones, and how to see the rest", async () => {
    expect(await answer(MAX_REQUESTS_READ + 1)).toContain(`You have more event requests for next week than I can list at once; here are the first ${MAX_REQUESTS_READ}. Ask about a shorter stretch of time to see the rest`);
    expect(await answer(3)).toContain("You have 3 event requests for next week:");
  });
});

describe("a request in a window", () => {
  const lisbon = (dateTime: string) => ({ date_time: dateTime, time_zone: "Europe/Lisbon" });
  // The week of Monday 30 November 2026 in Lisbon (UTC+0 in winter).
  const week = { from: at("2026-11-30T00:00Z"), to: at("2026-12-07T00:00Z") };

  it("is a series' occurrence in the window, however long before it the series began, on the series' clock", () => {
    // Weekly on Tuesdays since September (summer time then: 09:30 is 08:30Z); 1 December is a Tuesday.
    const weekly = { start_date: lisbon("2026-09-01T09:30"), end_date: lisbon("2026-09-01T10:00"), recurrence: "FREQ=WEEKLY;BYDAY=TU" };
    expect(occurrenceIn(weekly, week.from, week.to)).toEqual({ start_date: lisbon("2026-12-01T09:30"), end_date: lisbon("2026-12-01T10:00") });
    // All-day, three days a time, monthly on the 2nd: the whole stretch moves with it.
    const monthly = { start_date: { date: "2026-10-02", time_zone: "Europe/Lisbon" }, end_date: { date: "2026-10-04", time_zone: "Europe/Lisbon" }, recurrence: "FREQ=MONTHLY" };
    expect(occurrenceIn(monthly, week.from, week.to)).toEqual({ start_date: { date: "2026-12-02", time_zone: "Europe/Lisbon" }, end_date: { date: "2026-12-04", time_zone: "Europe/Lisbon" } });
  });

  it("is nothing for a series that ended before, or has no day in the window, and a one-off's own dates when it overlaps", () => {
    expect(occurrenceIn({ start_date: lisbon("2026-09-01T09:30"), end_date: lisbon("2026-09-01T10:00"), recurrence: "FREQ=DAILY;UNTIL=20261129" }, week.from, week.to)).toBeNull();
    expect(occurrenceIn({ start_date: lisbon("2026-11-10T09:30"), end_date: lisbon("2026-11-10T10:00"), recurrence: "FREQ=MONTHLY" }, week.from, week.to)).toBeNull();
    const overnight = { start_date: lisbon("2026-11-29T22:00"), end_date: lisbon("2026-11-30T01:00"), recurrence: null };
    expect(occurrenceIn(overnight, week.from, week.to)).toEqual({ start_date: overnight.start_date, end_date: overnight.end_date });
    expect(occurrenceIn({ ...overnight, end_date: lisbon("2026-11-29T23:00") }, week.from, week.to)).toBeNull();
  });

  it("lists a weekly meeting begun a month ago in this week's answer, at this week's time, in the order things happen", async () => {
    const weekly = { ...requestAt("weekly", 0), title: "Weekly planning", start_date: { date_time: "2026-04-07T09:30", time_zone: "UTC" }, end_date: { date_time: "2026-04-07T10:00", time_zone: "UTC" }, recurrence: "FREQ=WEEKLY;BYDAY=TU" } as TEventRequest;
    const { ctx, calls } = contextWith([requestAt("monday", 8 * 60), weekly]);
    const read = await eventsBetween(ctx, at("2026-05-04T00:00Z"), at("2026-05-11T00:00Z"));
    expect(read.items.map((item) => [item.id, item.start_date.date_time])).toEqual([["monday", "2026-05-04T08:00"], ["weekly", "2026-05-05T09:30"]]);
    // Asked of the events service as an overlap: started by the window's end, not ended before its start.
    const asked = new URL(calls[0]!, "http://events").searchParams;
    expect([asked.get("end_date_from"), asked.get("start_date_to")]).toEqual(["2026-05-04T00:00:00.000Z", "2026-05-10T23:59:59.999Z"]);
  });
});
