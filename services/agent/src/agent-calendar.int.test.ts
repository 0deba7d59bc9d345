import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "@amia/kit/testing";
import type { TestBrowser } from "../../../bff/src/testing/test-browser.ts";
import { chat, createAssistantWorld, requestsOf, type AssistantWorld, type Person } from "./testing/assistant-world.ts";

/*
 * "When are Bruno and I both free next week?" against the real calendar service and the Google
 * stand-in, through the BFF: both people's busy times are in their Google calendars, Bruno shares
 * his free/busy with connections, and the assistant proposes up to three slots that avoid both,
 * each a card with Bruno as reviewer. Then Bruno stops sharing, and the answer says so.
 */

const TZ = "UTC";
// Tuesday 10 March 2026, 18:00 UTC: "next week" is Monday 16 to Sunday 22 March.
const NOW = Date.parse("2026-03-10T18:00:00Z");

describe("mutual free time with consent", () => {
  let w: AssistantWorld;
  let ana: Person;
  let bruno: Person;
  beforeAll(async () => {
    w = await createAssistantWorld("agent-calendar");
    w.clock.offsetMs = NOW - Date.now();
    ana = await w.signIn("Ana");
    bruno = await w.signIn("Bruno");
    await w.connect(ana, bruno);
  }, 90_000);
  afterAll(async () => w?.close());

  /** Opens the calendar once so the calendar service refreshes the token at Google: the account's name in the stand-in. */
  async function googleAccountOf(browser: TestBrowser): Promise<string> {
    const callsBefore = w.google.calls().length;
    expect((await browser.json("GET", "/api/v1/calendar/events?timeMin=2026-03-01T00:00:00Z&timeMax=2026-04-01T00:00:00Z")).status).toBe(200);
    return w.google.calls().slice(callsBefore).find((call) => call.path === "/token" && call.status === 200)!.user!;
  }

  async function busyInGoogle(account: string, start: string, end: string): Promise<void> {
    const { access_token } = w.google.tokens.issue(account);
    const response = await fetch(`${w.google.calendarApiUrl}/calendars/primary/events`, {
      method: "POST",
      headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ summary: "Private appointment", start: { dateTime: start }, end: { dateTime: end } }),
    });
    expect(response.status).toBe(200);
  }

  it("proposes slots that avoid both calendars when Bruno shares, and says so when he does not", async () => {
    // Ana is busy Monday morning, Bruno Monday afternoon and all of Tuesday's working day.
    await busyInGoogle(await googleAccountOf(ana.browser), "2026-03-16T09:00:00Z", "2026-03-16T12:00:00Z");
    const brunoAccount = await googleAccountOf(bruno.browser);
    await busyInGoogle(brunoAccount, "2026-03-16T13:00:00Z", "2026-03-16T17:00:00Z");
    await busyInGoogle(brunoAccount, "2026-03-17T09:00:00Z", "2026-03-17T17:00:00Z");
    expect(await bruno.browser.json("PATCH", "/api/v1/users/me/settings", { share_free_busy: true, time_zone: TZ })).toMatchObject({ status: 200 });

    const busy = [
      ["2026-03-16T09:00:00Z", "2026-03-16T12:00:00Z"],
      ["2026-03-16T13:00:00Z", "2026-03-16T17:00:00Z"],
      ["2026-03-17T09:00:00Z", "2026-03-17T17:00:00Z"],
    ].map(([start, end]) => [Date.parse(start!), Date.parse(end!)] as const);

    let turn = await chat(ana, "When are Bruno and I both free next week?", { timezone: TZ });
    // The calendar service learns of Bruno's sharing from his settings event: ask until it has.
    await eventually(async () => {
      turn = await chat(ana, "When are Bruno and I both free next week?", { timezone: TZ });
      return turn.results[0]?.kind === "free_time" && turn.results[0].people[0]?.shared === true;
    }, 20_000);

    expect(turn.proposals.length).toBeGreaterThanOrEqual(1);
    expect(turn.proposals.length).toBeLessThanOrEqual(3);
    for (const proposal of turn.proposals) {
      expect(proposal.event.reviewers).toEqual([expect.objectContaining({ user_id: bruno.id, required: true })]);
      const start = Date.parse(`${proposal.event.start_date.date_time}:00Z`);
      const end = Date.parse(`${proposal.event.end_date.date_time}:00Z`);
      expect(end - start).toBe(60 * 60_000);
      expect(start).toBeGreaterThanOrEqual(Date.parse("2026-03-16T00:00:00Z"));
      for (const [busyStart, busyEnd] of busy) expect(start < busyEnd && end > busyStart).toBe(false);
    }
    // Never Bruno's event details.
    expect(JSON.stringify(turn.events)).not.toContain("Private appointment");
    // A question proposes; it writes nothing.
    expect((await requestsOf(ana)).mine).toEqual([]);

    // Bruno stops sharing: the answer says so.
    expect(await bruno.browser.json("PATCH", "/api/v1/users/me/settings", { share_free_busy: false })).toMatchObject({ status: 200 });
    await eventually(async () => {
      turn = await chat(ana, "When are Bruno and I both free next week?", { timezone: TZ });
      return turn.results[0]?.kind === "free_time" && turn.results[0].people[0]?.shared === false;
    }, 20_000);
    expect(turn.text).toMatch(/Bruno doesn't share free\/busy/);
  }, 90_000);
});
