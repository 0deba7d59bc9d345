import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chat, createAssistantWorld, type AssistantWorld, type Person } from "./testing/assistant-world.ts";

/*
 * "What do I have next week?" when the week holds more requests than one page of the events
 * service's list (issue 13 point 3: every list is paged, at most 100 a page): the assistant reads
 * page after page, so every request in the window is in its answer, in start order, and none
 * outside it.
 */

const TZ = "UTC";
// Tuesday 10 March 2026, 18:00 UTC: "next week" is Monday 16 to Sunday 22 March.
const NOW = Date.parse("2026-03-10T18:00:00Z");
/** More than one page (MAX_TAKE, 100) of Ana's own requests, and of those Bruno reviews. */
const ANAS_IN_WINDOW = 101;

const at = (dateTime: string) => ({ date_time: dateTime, time_zone: TZ });
const pad = (n: number) => String(n).padStart(2, "0");
/** The n-th slot of next week: Monday 16 to Friday 20, 08:00 on, every quarter hour. */
const slotOfNextWeek = (n: number) => {
  const day = 16 + (n % 5);
  const minutes = 8 * 60 + Math.floor(n / 5) * 15;
  return `2026-03-${day}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
};

describe("the assistant's reads of a window longer than a page", () => {
  let w: AssistantWorld;
  let ana: Person;
  let bruno: Person;
  const inWindow = new Map<string, { role: "creator" | "reviewer"; start: string }>();
  const outside: string[] = [];

  async function create(person: Person, reviewer: Person, start: string): Promise<string> {
    const end = start.replace(/T(\d\d):(\d\d)$/, (_, h: string, m: string) => `T${pad(Number(h))}:${pad(Number(m) + 10)}`);
    const response = await person.browser.json("POST", "/api/v1/event-requests", { title: `At ${start}`, start_date: at(start), end_date: at(end), approvers: [{ user_id: reviewer.id, required: true }] });
    expect(response.status).toBe(201);
    return response.body.event_request.id as string;
  }

  beforeAll(async () => {
    w = await createAssistantWorld("assistant-paged-reads", { env: { RATE_LIMIT_WRITES_PER_MINUTE: "1000" } });
    w.clock.offsetMs = NOW - Date.now();
    ana = await w.signIn("Ana");
    bruno = await w.signIn("Bruno");
    await w.connect(ana, bruno);
    // Ten at a time: the page boundaries fall wherever they fall, not in creation order.
    const starts = Array.from({ length: ANAS_IN_WINDOW }, (_, n) => slotOfNextWeek(n));
    for (let i = 0; i < starts.length; i += 10) {
      const ids = await Promise.all(starts.slice(i, i + 10).map((start) => create(ana, bruno, start)));
      ids.forEach((id, k) => inWindow.set(id, { role: "creator", start: starts[i + k]! }));
    }
    for (const start of ["2026-03-16T07:00", "2026-03-20T23:45", "2026-03-22T12:00"]) inWindow.set(await create(bruno, ana, start), { role: "reviewer", start });
    // Just outside: the Sunday before, and the Monday after.
    outside.push(await create(ana, bruno, "2026-03-15T23:45"), await create(ana, bruno, "2026-03-23T00:00"));
  }, 180_000);
  afterAll(async () => w?.close());

  it("lists every request in the window across pages, for the creator and for the reviewer, in start order", async () => {
    const turn = await chat(ana, "What do I have next week?", { timezone: TZ });

    expect(turn.last).toEqual({ type: "done" });
    expect(turn.text).toContain(`You have ${inWindow.size} event requests for next week:`);
    const [result] = turn.results;
    if (result?.kind !== "events") throw new Error(`expected an events result, got ${result?.kind}`);
    expect(result.items).toHaveLength(inWindow.size);
    expect(new Map(result.items.map((item) => [item.id, { role: item.role, start: "date_time" in item.start_date ? item.start_date.date_time : "" }]))).toEqual(inWindow);
    for (const id of outside) expect(result.items.map((item) => item.id)).not.toContain(id);
    const starts = result.items.map((item) => ("date_time" in item.start_date ? item.start_date.date_time : ""));
    expect(starts).toEqual([...starts].sort());

    // Bruno reviews Ana's 101 (more than a page of his reviewer list) and made three himself.
    const his = await chat(bruno, "What do I have next week?", { timezone: TZ });
    const [hisResult] = his.results;
    if (hisResult?.kind !== "events") throw new Error(`expected an events result, got ${hisResult?.kind}`);
    expect(hisResult.items).toHaveLength(inWindow.size);
    expect(hisResult.items.filter((item) => item.role === "reviewer")).toHaveLength(ANAS_IN_WINDOW);
  }, 60_000);

  // Runs after the counts above: it adds two series of Ana's.
  it("lists a weekly series begun weeks before the window at its time that week, and not one that ended", async () => {
    const series = async (title: string, start: string, recurrence: string) => {
      const response = await ana.browser.json("POST", "/api/v1/event-requests", { title, start_date: at(start), end_date: at(start.replace("T09:30", "T10:00")), recurrence, approvers: [] });
      expect(response.status).toBe(201);
      return response.body.event_request.id as string;
    };
    const weekly = await series("Weekly planning", "2026-02-17T09:30", "FREQ=WEEKLY;BYDAY=TU");
    const ended = await series("Daily check-in", "2026-02-02T09:30", "FREQ=DAILY;UNTIL=20260301");

    const turn = await chat(ana, "What do I have next week?", { timezone: TZ });
    const [result] = turn.results;
    if (result?.kind !== "events") throw new Error(`expected an events result, got ${result?.kind}`);
    expect(result.items.find((item) => item.id === weekly)).toMatchObject({ title: "Weekly planning", start_date: at("2026-03-17T09:30"), end_date: at("2026-03-17T10:00") });
    expect(result.items.map((item) => item.id)).not.toContain(ended);
    expect(turn.text).toContain("**Weekly planning** — ");
  }, 60_000);
});
