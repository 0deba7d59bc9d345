import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestHarness, type MountedService, type TestHarness } from "@amia/kit/testing";
import { createAgentService } from "./app.ts";

// Nothing the agent calls can be reached: no model, no usage service, no events service. Chat
// still answers (offline, saying why), smart-fill falls back to the offline parser.
let harness: TestHarness;
let agent: MountedService;
beforeAll(async () => {
  harness = await createTestHarness("agent-failures");
  const nowhere = "http://127.0.0.1:9";
  agent = await harness.mount(
    "agent",
    createAgentService({
      openai: { baseURL: `${nowhere}/v1`, apiKey: "test-key", model: "gpt-4o-mini" },
      serviceUrls: { events: nowhere, relationships: nowhere, notifications: nowhere, calendar: nowhere, usage: nowhere },
    }),
  );
}, 60_000);
afterAll(() => harness?.close());

describe("agent when what it calls is unreachable", () => {
  const user = { id: randomUUID(), email: "ana@example.com" };

  it("answers offline, saying the credit budget could not be checked, and never calls the model unchecked", async () => {
    const answer = await agent.as(user).post("/api/v1/agent/commands/chat", { messages: [{ role: "user", content: "What can you do?" }] });
    expect(answer.status).toBe(200);
    expect(answer.body.content).toMatch(/couldn't check your AI credits/);
    expect(answer.body.content).toMatch(/offline mode/);
  }, 30_000);

  it("answers a question it cannot read for with a clear 503", async () => {
    const answer = await agent.as(user).post("/api/v1/agent/commands/chat", { messages: [{ role: "user", content: "What do I have this week?" }] });
    expect(answer).toEqual({ status: 503, body: { message: "The assistant could not answer; please try again", code: "upstream_unavailable" } });
  }, 30_000);

  it("still fills the form from the offline parser", async () => {
    const filled = await agent.as(user).post("/api/v1/event-requests/commands/auto-fill", { description: "Team sync next Monday 10am", current_date: "2026-03-10T09:30", time_zone: "UTC" });
    expect(filled.status).toBe(200);
    expect(filled.body).toMatchObject({ title: "Team sync", start_date: { date_time: "2026-03-16T10:00", time_zone: "UTC" } });
  }, 30_000);

  it('refuses an empty conversation with "No messages provided", and a caller without a token', async () => {
    const refused = await agent.as(user).post("/api/v1/agent/commands/chat", { messages: [] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("No messages provided");
    expect((await agent.anonymous.post("/api/v1/agent/commands/chat", { messages: [{ role: "user", content: "Hi" }] })).status).toBe(401);
  }, 30_000);
});
