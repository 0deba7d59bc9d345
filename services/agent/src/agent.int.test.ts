import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "@amia/kit/testing";
import { ZChatStreamEventSchema, type TChatStreamEvent } from "@amia/contracts";
import { createOpenAiStandIn, type OpenAiStandIn } from "../../../deploy/openai-stand-in/src/stand-in.ts";
import { createWorld, type World } from "../../../bff/src/testing/world.ts";
import type { TestBrowser } from "../../../bff/src/testing/test-browser.ts";
import { createEventsService } from "../../events/src/app.ts";
import { createIdentityService } from "../../identity/src/app.ts";
import { createUsageService } from "../../usage/src/app.ts";
import { createAgentService } from "./app.ts";
import { wallClockAt } from "./domain/schedule-parser.ts";
import { CANNOT_SEE_CALENDAR } from "./tools/tools.ts";

/*
 * The agent through the BFF, for real: a browser signed in at the local OIDC provider, the BFF
 * minting the user's token (audience: agent + the services it may call for the user), the agent
 * served over HTTP calling the events service with that same token, the usage service consuming
 * ai-usage.recorded from real Kafka, and the OpenAI stand-in speaking the real SSE wire format.
 */

const TZ = "Europe/Lisbon";
const UNREACHABLE = "http://127.0.0.1:9";

function worldWithAgent(label: string, openai: () => { baseURL: string; apiKey?: string }): Promise<World> {
  let world: World | undefined;
  const urls = () => ({
    events: world!.services.events!.served.url,
    relationships: UNREACHABLE,
    notifications: UNREACHABLE,
    calendar: UNREACHABLE,
  });
  const agent = async (deps: Parameters<ReturnType<typeof createAgentService>>[0]) =>
    createAgentService({ openai: { ...openai(), model: "gpt-4o-mini" }, serviceUrls: urls })(deps);
  return createWorld({ label, services: { identity: createIdentityService, events: createEventsService, usage: createUsageService, agent } }).then((created) => (world = created));
}

async function signIn(world: World, name: string): Promise<{ browser: TestBrowser; id: string }> {
  const browser = await world.signedIn(`${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`, name);
  const id = (await browser.json("GET", "/api/v1/auth/session")).body.user.id as string;
  return { browser, id };
}

/** Reads a chat stream, noting which network read each event arrived in. */
async function readChat(response: Response): Promise<{ events: TChatStreamEvent[]; readsWithDeltas: number; firstDeltaAt: number; endedAt: number }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: TChatStreamEvent[] = [];
  let buffer = "";
  let readsWithDeltas = 0;
  let firstDeltaAt = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    buffer += decoder.decode(chunk.value, { stream: true });
    let sawDelta = false;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split("\n").filter((line) => line.startsWith("data:")).map((line) => line.slice(5).trimStart()).join("\n");
      if (!data) continue;
      const event = ZChatStreamEventSchema.parse(JSON.parse(data));
      events.push(event);
      if (event.type === "delta") {
        sawDelta = true;
        firstDeltaAt ||= Date.now();
      }
    }
    if (sawDelta) readsWithDeltas++;
  }
  return { events, readsWithDeltas, firstDeltaAt, endedAt: Date.now() };
}

const monthRange = () => {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  return `startDate=${first.toISOString().slice(0, 10)}&endDate=${last.toISOString().slice(0, 10)}&timeZone=UTC`;
};

const chatBody = (content: string) => ({ messages: [{ role: "user", content }], metadata: {}, context: { current_date: "today", current_time: "now", timezone: TZ } });
const streamHeaders = { headers: { accept: "text/event-stream" } };

describe("agent with a model (the OpenAI stand-in), through the BFF", () => {
  let standIn: OpenAiStandIn;
  let world: World;
  beforeAll(async () => {
    standIn = await createOpenAiStandIn({ port: 0 });
    world = await worldWithAgent("agent-model", () => ({ baseURL: standIn.url, apiKey: "test-key" }));
  }, 60_000);
  afterAll(async () => {
    await world?.close();
    await standIn?.close();
  });

  it("runs the model's tool call as the user, streams the final answer chunk by chunk, and records usage", async () => {
    const ana = await signIn(world, "Ana");
    const before = (await ana.browser.json("GET", `/api/v1/ai-usage/cost?${monthRange()}`)).body.cost as number;
    const draft = {
      title: "Lunch with Sarah",
      location: "Joe's Pizza",
      start_date: { date_time: "2026-03-11T12:00", time_zone: TZ },
      end_date: { date_time: "2026-03-11T12:15", time_zone: TZ },
    };
    const answer = "I've drafted *Lunch with Sarah* for Wed 11 Mar, 12:00–12:15 at Joe's Pizza. Add reviewers when you're ready.";
    standIn.script([
      { toolCalls: [{ name: "create_event_request", arguments: draft }], usage: { prompt_tokens: 100_000, completion_tokens: 10_000 } },
      { text: answer, chunks: 5, delayMs: 60, usage: { prompt_tokens: 120_000, completion_tokens: 20_000 } },
    ]);

    const response = await ana.browser.call("POST", "/api/v1/agent/commands/chat", chatBody("Lunch with Sarah tomorrow at noon at Joe's Pizza"), streamHeaders);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const { events, readsWithDeltas, firstDeltaAt, endedAt } = await readChat(response);

    // The final text, in order, in several separate network chunks, the first well before the end.
    const deltas = events.filter((event) => event.type === "delta").map((event) => event.content);
    expect(deltas.join("")).toBe(answer);
    expect(deltas.length).toBeGreaterThanOrEqual(5);
    expect(readsWithDeltas).toBeGreaterThanOrEqual(3);
    expect(endedAt - firstDeltaAt).toBeGreaterThanOrEqual(150);
    expect(events.at(-1)).toEqual({ type: "done" });

    // The tool ran as Ana: the draft is hers in the events service.
    const mine = (await ana.browser.json("GET", "/api/v1/event-requests")).body.event_requests as Array<Record<string, unknown>>;
    expect(mine).toEqual([expect.objectContaining({ title: "Lunch with Sarah", location: "Joe's Pizza", created_by: ana.id, start_date: draft.start_date })]);

    // The model was asked with stream + usage + tools, and got the tool result back.
    const [first, second] = standIn.requests();
    expect(first).toMatchObject({ model: "gpt-4o-mini", stream: true, stream_options: { include_usage: true } });
    expect((first!.tools as Array<{ function: { name: string } }>).map((tool) => tool.function.name)).toContain("create_event_request");
    const toolMessage = (second!.messages as Array<{ role: string; content: string; tool_call_id?: string }>).find((message) => message.role === "tool");
    expect(toolMessage?.tool_call_id).toMatch(/^call_/);
    expect(JSON.parse(toolMessage!.content)).toMatchObject({ created: true, event_request: { title: "Lunch with Sarah", created_by: ana.id } });

    // Two model calls → two usage records; this month's cost rises.
    await eventually(async () => (await ana.browser.json("GET", "/api/v1/ai-usage")).body.ai_usage_records?.length === 2, 20_000);
    const after = (await ana.browser.json("GET", `/api/v1/ai-usage/cost?${monthRange()}`)).body.cost as number;
    expect(after).toBeGreaterThan(before);
    // gpt-4o-mini: 220k in × $0.15/M + 30k out × $0.60/M
    expect(after - before).toBeCloseTo(0.051, 6);
  }, 60_000);

  it("answers {content} when asked for JSON only", async () => {
    const bruno = await signIn(world, "Bruno");
    standIn.script([{ text: "Hello Bruno, how can I help?", chunks: 3 }]);
    const answer = await bruno.browser.json("POST", "/api/v1/agent/commands/chat", chatBody("Hi"));
    expect(answer).toMatchObject({ status: 200, body: { content: "Hello Bruno, how can I help?" } });
  }, 30_000);

  it("find_free_time tells the model it cannot see the calendar when the calendar service is down", async () => {
    const eva = await signIn(world, "Eva");
    standIn.script([
      { toolCalls: [{ name: "find_free_time", arguments: { time_min: "2026-03-11T09:00:00Z", time_max: "2026-03-11T17:00:00Z", duration_minutes: 30 } }] },
      { text: "I can't see your calendar right now.", chunks: 2 },
    ]);
    const answer = await eva.browser.json("POST", "/api/v1/agent/commands/chat", chatBody("When am I free tomorrow?"));
    expect(answer.body).toEqual({ content: "I can't see your calendar right now." });
    const toolMessage = (standIn.requests().at(-1)!.messages as Array<{ role: string; content: string }>).find((message) => message.role === "tool");
    expect(JSON.parse(toolMessage!.content)).toEqual({ error: true, message: CANNOT_SEE_CALENDAR });
  }, 30_000);

  it('refuses an empty conversation with "No messages provided"', async () => {
    const carla = await signIn(world, "Carla");
    const refused = await carla.browser.json("POST", "/api/v1/agent/commands/chat", { messages: [], metadata: {}, context: {} }, streamHeaders);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("No messages provided");
  }, 30_000);

  it("auto-fills with the model's structured output, validated against the contract", async () => {
    const dora = await signIn(world, "Dora");
    const fields = { title: "Dentist", location: "", start_date: { date_time: "2026-03-13T15:00", time_zone: TZ }, end_date: { date_time: "2026-03-13T15:30", time_zone: TZ } };
    standIn.script([{ text: JSON.stringify(fields), usage: { prompt_tokens: 500, completion_tokens: 50 } }]);
    const filled = await dora.browser.json("POST", "/api/v1/event-requests/commands/auto-fill", { description: "Dentist on Friday at 3pm for 30 minutes", current_date: "2026-03-10T09:30", time_zone: TZ });
    expect(filled).toMatchObject({ status: 200 });
    expect(filled.body).toEqual({ title: "Dentist", start_date: fields.start_date, end_date: fields.end_date });
    const request = standIn.requests().at(-1)!;
    expect(request).toMatchObject({ response_format: { type: "json_schema" } });
    await eventually(async () => (await dora.browser.json("GET", "/api/v1/ai-usage")).body.ai_usage_records?.[0]?.metadata?.feature === "auto-fill", 20_000);
  }, 30_000);
});

describe("agent without a model (offline mode), through the BFF", () => {
  let world: World;
  beforeAll(async () => {
    world = await worldWithAgent("agent-offline", () => ({ baseURL: UNREACHABLE }));
  }, 60_000);
  afterAll(async () => world?.close());

  it("drafts \"Lunch with Sarah tomorrow at noon at Joe's Pizza\" with the right date, time and location, streaming the answer", async () => {
    const ana = await signIn(world, "Ana");
    const response = await ana.browser.call("POST", "/api/v1/agent/commands/chat", chatBody("Lunch with Sarah tomorrow at noon at Joe's Pizza"), streamHeaders);
    expect(response.status).toBe(200);
    const { events } = await readChat(response);
    const deltas = events.filter((event) => event.type === "delta").map((event) => event.content);
    expect(deltas.length).toBeGreaterThanOrEqual(3);

    const today = wallClockAt(Date.now(), TZ);
    const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1)).toISOString().slice(0, 10);
    expect(deltas.join("")).toMatch(/^I've drafted \*Lunch with Sarah\* for \w{3} \d{1,2} \w{3}, 12:00–12:15 at Joe's Pizza\./);

    const mine = (await ana.browser.json("GET", "/api/v1/event-requests")).body.event_requests as Array<Record<string, unknown>>;
    expect(mine).toEqual([
      expect.objectContaining({
        title: "Lunch with Sarah",
        location: "Joe's Pizza",
        created_by: ana.id,
        start_date: { date_time: `${tomorrow}T12:00`, time_zone: TZ },
        end_date: { date_time: `${tomorrow}T12:15`, time_zone: TZ },
      }),
    ]);
    // No model call, no usage record.
    expect((await ana.browser.json("GET", "/api/v1/ai-usage")).body.ai_usage_records).toEqual([]);
  }, 30_000);

  it("answers what it can do when the message names no event", async () => {
    const bruno = await signIn(world, "Bruno");
    const answer = await bruno.browser.json("POST", "/api/v1/agent/commands/chat", chatBody("What can you do?"));
    expect(answer.status).toBe(200);
    expect(answer.body.content).toContain("offline mode");
  }, 30_000);

  it("auto-fills with the offline parser", async () => {
    const carla = await signIn(world, "Carla");
    const filled = await carla.browser.json("POST", "/api/v1/event-requests/commands/auto-fill", { description: "Holiday March 20 to March 27 in Porto", current_date: "2026-03-10", time_zone: TZ });
    expect(filled).toEqual({
      status: 200,
      headers: expect.anything(),
      body: { title: "Holiday", location: "Porto", start_date: { date: "2026-03-20", time_zone: TZ }, end_date: { date: "2026-03-27", time_zone: TZ } },
    });
  }, 30_000);
});
