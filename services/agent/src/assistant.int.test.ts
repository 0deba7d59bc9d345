import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "@amia/kit/testing";
import { chat, createAssistantWorld, requestsOf, type AssistantWorld, type Person } from "./testing/assistant-world.ts";

/*
 * The assistant proposes and the person decides (issue 10), offline, through the BFF: questions
 * write nothing; a command becomes a card naming the connection as required reviewer; only
 * Confirm — by the card's owner, once, before it expires — writes; Undo reverts; conversations
 * are the user's alone.
 */

const TZ = "Europe/Lisbon";

describe("the assistant's confirm rule and conversations (offline mode)", () => {
  let w: AssistantWorld;
  let ana: Person;
  let bruno: Person;
  beforeAll(async () => {
    w = await createAssistantWorld("assistant-confirm");
    ana = await w.signIn("Ana");
    bruno = await w.signIn("Bruno");
    await w.connect(ana, bruno);
  }, 90_000);
  afterAll(async () => w?.close());

  it("answers questions without writing anything", async () => {
    const list = await chat(ana, "What events do I have this week?");
    expect(list.last).toEqual({ type: "done" });
    expect(list.text).toMatch(/no event requests for this week/);
    expect(list.results).toEqual([expect.objectContaining({ kind: "events", items: [] })]);

    const free = await chat(ana, "When am I free tomorrow afternoon?");
    expect(free.last).toEqual({ type: "done" });
    expect(free.proposals).toEqual([]);

    const coffee = await chat(ana, "Find a free hour for coffee with Bruno next week");
    expect(coffee.last).toEqual({ type: "done" });

    // Nothing was written: no request for Ana, none for Bruno to review.
    expect(await requestsOf(ana)).toMatchObject({ mine: [], reviewing: [] });
    expect((await requestsOf(bruno)).reviewing).toEqual([]);
  }, 60_000);

  it("proposes a lunch with Bruno as required reviewer, for an hour, with the zone; Confirm sends it for review; Undo removes it", async () => {
    const turn = await chat(ana, "Lunch with Bruno Friday at 1pm at Joe's", { timezone: TZ });
    expect(turn.proposals).toHaveLength(1);
    const proposal = turn.proposals[0]!;
    expect(proposal).toMatchObject({
      kind: "create",
      status: "open",
      next_step: "sent_for_review",
      event: {
        title: "Lunch with Bruno",
        location: "Joe's",
        duration_minutes: 60,
        duration_source: "default",
        duration_reason: "default for a meal",
        reviewers: [{ user_id: bruno.id, full_name: "Bruno", required: true }],
        start_date: { date_time: expect.stringMatching(/T13:00$/), time_zone: TZ },
        end_date: { date_time: expect.stringMatching(/T14:00$/), time_zone: TZ },
      },
    });
    expect(turn.text).toContain(`(${TZ})`);
    // Proposing wrote nothing.
    expect((await requestsOf(ana)).mine).toEqual([]);

    // Bruno cannot confirm Ana's proposal: it is not his (and he cannot tell it exists).
    expect(await bruno.browser.json("POST", `/api/v1/agent/proposals/${proposal.id}/confirm`, {})).toMatchObject({ status: 404 });
    // A stranger cannot be slipped in as reviewer through Confirm.
    const slipped = await ana.browser.json("POST", `/api/v1/agent/proposals/${proposal.id}/confirm`, { reviewers: [{ user_id: "someone-else", required: true }] });
    expect(slipped).toMatchObject({ status: 400, body: { code: "validation_failed", details: { fields: [{ path: "reviewers.0.user_id" }] } } });

    // Ana confirms (the events service may take a moment to learn that Ana and Bruno are connected).
    let confirmed: { status: number; body: any } = { status: 0, body: undefined };
    await eventually(async () => {
      confirmed = await ana.browser.json("POST", `/api/v1/agent/proposals/${proposal.id}/confirm`, {});
      return confirmed.status === 200;
    }, 20_000);
    expect(confirmed.body.proposal).toMatchObject({ status: "confirmed", event_request_id: expect.any(String), undo_until: expect.any(String) });
    const requestId = confirmed.body.proposal.event_request_id as string;
    const { mine } = await requestsOf(ana);
    expect(mine).toEqual([expect.objectContaining({ id: requestId, title: "Lunch with Bruno", status: "pending", approvers: [expect.objectContaining({ user_id: bruno.id, required: true })] })]);
    expect((await requestsOf(bruno)).reviewing.map((request) => request.id)).toEqual([requestId]);

    // Single use: a second Confirm writes nothing more.
    expect(await ana.browser.json("POST", `/api/v1/agent/proposals/${proposal.id}/confirm`, {})).toMatchObject({ status: 409, body: { message: expect.stringMatching(/already confirmed/) } });
    expect((await requestsOf(ana)).mine).toHaveLength(1);

    // Undo removes the request; a second Undo is refused.
    expect(await bruno.browser.json("POST", `/api/v1/agent/proposals/${proposal.id}/undo`)).toMatchObject({ status: 404 });
    expect(await ana.browser.json("POST", `/api/v1/agent/proposals/${proposal.id}/undo`)).toMatchObject({ status: 200, body: { proposal: { status: "undone" } } });
    expect((await requestsOf(ana)).mine).toEqual([]);
    expect((await requestsOf(bruno)).reviewing).toEqual([]);
    expect(await ana.browser.json("POST", `/api/v1/agent/proposals/${proposal.id}/undo`)).toMatchObject({ status: 409 });
  }, 60_000);

  it("proposes a repeating event with its rule in words; Confirm makes one request for the whole series (issue 16)", async () => {
    const turn = await chat(ana, "Schedule a standup every weekday at 10 with Bruno", { timezone: TZ });
    expect(turn.proposals).toHaveLength(1);
    const proposal = turn.proposals[0]!;
    expect(proposal.event).toMatchObject({ title: "Standup with Bruno", recurrence: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", start_date: { date_time: expect.stringMatching(/T10:00$/), time_zone: TZ } });
    expect(turn.text).toContain(`repeats: Every weekday at 10:00 AM (${TZ}); one approval covers every occurrence`);

    let confirmed: { status: number; body: any } = { status: 0, body: undefined };
    await eventually(async () => {
      confirmed = await ana.browser.json("POST", `/api/v1/agent/proposals/${proposal.id}/confirm`, {});
      return confirmed.status === 200;
    }, 20_000);
    const requestId = confirmed.body.proposal.event_request_id as string;
    const { mine } = await requestsOf(ana);
    expect(mine.filter((request) => request.id === requestId)).toEqual([expect.objectContaining({ recurrence: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", status: "pending" })]);
    // Leave the world as the other cases expect it.
    expect(await ana.browser.json("POST", `/api/v1/agent/proposals/${proposal.id}/undo`)).toMatchObject({ status: 200 });
  }, 60_000);

  it("lets Confirm make Bruno optional, which puts it straight on the calendar", async () => {
    const [proposal] = (await chat(ana, "Dinner with Bruno next Tuesday at 8pm", { timezone: TZ })).proposals;
    let confirmed: { status: number; body: any } = { status: 0, body: undefined };
    await eventually(async () => {
      confirmed = await ana.browser.json("POST", `/api/v1/agent/proposals/${proposal!.id}/confirm`, { reviewers: [{ user_id: bruno.id, required: false }] });
      return confirmed.status === 200;
    }, 20_000);
    expect(confirmed.body.proposal).toMatchObject({ next_step: "added_to_calendar", event: { reviewers: [{ user_id: bruno.id, required: false }] } });
    const request = (await requestsOf(ana)).mine.find((candidate) => candidate.id === confirmed.body.proposal.event_request_id);
    expect(request).toMatchObject({ status: "approved", approvers: [expect.objectContaining({ required: false })] });
    await ana.browser.json("POST", `/api/v1/agent/proposals/${proposal!.id}/undo`);
  }, 60_000);

  it("refuses an expired proposal and a cancelled one", async () => {
    const [expiring] = (await chat(ana, "Team sync tomorrow at 10am", { timezone: TZ })).proposals;
    const [dismissed] = (await chat(ana, "Gym on Saturday at 9am", { timezone: TZ })).proposals;
    expect(await ana.browser.json("POST", `/api/v1/agent/proposals/${dismissed!.id}/cancel`)).toMatchObject({ status: 200, body: { proposal: { status: "dismissed" } } });
    expect(await ana.browser.json("POST", `/api/v1/agent/proposals/${dismissed!.id}/confirm`, {})).toMatchObject({ status: 409, body: { message: "This proposal was cancelled" } });

    w.clock.offsetMs = 31 * 60_000;
    try {
      expect(await ana.browser.json("GET", `/api/v1/agent/proposals/${expiring!.id}`)).toMatchObject({ status: 200, body: { proposal: { status: "expired" } } });
      expect(await ana.browser.json("POST", `/api/v1/agent/proposals/${expiring!.id}/confirm`, {})).toMatchObject({ status: 409, body: { message: expect.stringMatching(/expired/) } });
    } finally {
      w.clock.offsetMs = 0;
    }
    expect((await requestsOf(ana)).mine).toEqual([]);
  }, 60_000);

  it("asks rather than guesses for a name it does not know", async () => {
    const turn = await chat(ana, "Coffee with Zed tomorrow at 4pm", { timezone: TZ });
    expect(turn.proposals[0]).toMatchObject({ event: { reviewers: [] }, questions: [{ kind: "unknown_person", name: "Zed" }], next_step: "added_to_calendar" });
    expect(turn.text).toMatch(/couldn't find Zed among your connections/);
  }, 30_000);

  it("keeps each conversation for its owner alone: listed, reopened with its cards, continued, cleared", async () => {
    const first = await chat(bruno, "Lunch with Ana on Friday at 1pm");
    expect(first.conversationId).not.toBe("");
    const second = await chat(bruno, "What do I have this week?", { conversationId: first.conversationId });
    expect(second.conversationId).toBe(first.conversationId);

    const listed = await bruno.browser.json("GET", "/api/v1/agent/conversations");
    expect(listed.body).toMatchObject({ total_count: 1, conversations: [{ id: first.conversationId, title: "Lunch with Ana on Friday at 1pm" }] });
    const opened = await bruno.browser.json("GET", `/api/v1/agent/conversations/${first.conversationId}`);
    expect(opened.body.conversation.messages.map((message: { role: string }) => message.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(opened.body.conversation.messages[1].proposals).toEqual([expect.objectContaining({ id: first.proposals[0]!.id, status: "open" })]);

    // Ana can neither read nor continue Bruno's conversation.
    expect(await ana.browser.json("GET", `/api/v1/agent/conversations/${first.conversationId}`)).toMatchObject({ status: 404 });
    const hijack = await ana.browser.json("POST", "/api/v1/agent/commands/chat", { messages: [{ role: "user", content: "hi" }], context: {}, conversation_id: first.conversationId });
    expect(hijack).toMatchObject({ status: 404 });
    expect((await ana.browser.json("GET", "/api/v1/agent/conversations")).body.conversations.map((c: { id: string }) => c.id)).not.toContain(first.conversationId);

    expect(await bruno.browser.json("DELETE", "/api/v1/agent/conversations")).toMatchObject({ status: 204 });
    expect((await bruno.browser.json("GET", "/api/v1/agent/conversations")).body).toMatchObject({ total_count: 0, conversations: [] });
  }, 60_000);

  it("refuses bad input with a 4xx naming the problem, and writes nothing", async () => {
    const blank = await ana.browser.json("POST", "/api/v1/agent/commands/chat", { messages: [{ role: "user", content: "   " }], context: {} });
    expect(blank).toMatchObject({ status: 400, body: { code: "validation_failed" } });
    const long = await ana.browser.json("POST", "/api/v1/agent/commands/chat", { messages: [{ role: "user", content: "x".repeat(2001) }], context: {} });
    expect(long).toMatchObject({ status: 400, body: { details: { fields: [expect.objectContaining({ path: "messages.0.content" })] } } });
    expect(long.body.message).toMatch(/at most 2,000 characters/);
    const unknown = await chat(ana, "Sing me a song about spreadsheets");
    expect(unknown.text).toMatch(/offline mode/);
    expect(await ana.browser.json("POST", "/api/v1/agent/proposals/not-a-proposal/confirm", {})).toMatchObject({ status: 404 });
    expect((await requestsOf(ana)).mine).toEqual([]);
  }, 60_000);
});
