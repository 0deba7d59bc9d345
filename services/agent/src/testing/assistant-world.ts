import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { eventually } from "@amia/kit/testing";
import type { ServiceModuleFactory } from "@amia/kit";
import { ZChatStreamEventSchema, type TChatStreamEvent, type TProposal } from "@amia/contracts";
import { createGoogleStandIn, type GoogleStandIn } from "../../../../deploy/google-stand-in/src/stand-in.ts";
import { createWorld, type World } from "../../../../bff/src/testing/world.ts";
import type { TestBrowser } from "../../../../bff/src/testing/test-browser.ts";
import { calendarServiceForTests } from "../../../calendar/src/testing/calendar-service.ts";
import { createEventsService } from "../../../events/src/app.ts";
import { createIdentityService } from "../../../identity/src/app.ts";
import { createRelationshipsService } from "../../../relationships/src/app.ts";
import { createUsageService } from "../../../usage/src/app.ts";
import { createAgentService, type AgentOptions } from "../app.ts";

/*
 * The assistant for real, for integration tests: a browser signed in at the local OIDC provider,
 * the BFF minting each call's token, the agent served over HTTP calling identity, relationships,
 * events, usage and calendar (against the Google stand-in) with the user's token, on the real
 * Kafka, database and Redis. A movable clock lets a test reach a proposal's expiry.
 */

export interface Person {
  browser: TestBrowser;
  id: string;
  email: string;
  name: string;
}

export interface AssistantWorld {
  world: World;
  google: GoogleStandIn;
  /** Milliseconds added to the agent's clock. */
  clock: { offsetMs: number };
  signIn: (name: string) => Promise<Person>;
  connect: (from: Person, to: Person) => Promise<void>;
  close: () => Promise<void>;
}

export async function createAssistantWorld(label: string, options: { openai?: AgentOptions["openai"]; usage?: ServiceModuleFactory; env?: Record<string, string> } = {}): Promise<AssistantWorld> {
  const google = await createGoogleStandIn();
  const clock = { offsetMs: 0 };
  let world: World | undefined;
  const url = (name: "events" | "relationships" | "notifications" | "calendar" | "usage") => world?.services[name]?.served.url ?? "http://127.0.0.1:9";
  const agent = createAgentService({
    openai: options.openai ?? { baseURL: "http://127.0.0.1:9", model: "gpt-4o-mini" },
    serviceUrls: () => ({ events: url("events"), relationships: url("relationships"), notifications: url("notifications"), calendar: url("calendar"), usage: url("usage") }),
    nowMs: () => Date.now() + clock.offsetMs,
    // Every turn asks the usage service, so a test sees a budget run out at once.
    creditsAllowedForMs: 0,
  });
  const calendar = calendarServiceForTests(google);
  world = await createWorld({
    label,
    services: {
      identity: createIdentityService,
      relationships: createRelationshipsService,
      events: createEventsService,
      usage: options.usage ?? createUsageService,
      calendar,
      agent,
    },
    env: { RATE_LIMIT_CHAT_PER_MINUTE: "1000", ...options.env },
  });
  const created = world;
  return {
    world: created,
    google,
    clock,
    async signIn(name) {
      const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
      const browser = await created.signedIn(email, name);
      const id = (await browser.json("GET", "/api/v1/auth/session")).body.user.id as string;
      return { browser, id, email, name };
    },
    async connect(from, to) {
      const sent = await from.browser.json("POST", "/api/v1/relationship-requests", { requested_email: to.email });
      expect(sent.status).toBe(201);
      let requestId = "";
      await eventually(async () => {
        const received = (await to.browser.json("GET", "/api/v1/relationship-requests/received?status=pending")).body.relationship_requests as Array<{ id: string }>;
        requestId = received[0]?.id ?? "";
        return requestId !== "";
      });
      const approved = await to.browser.json("POST", `/api/v1/relationship-requests/${requestId}/approve`);
      expect(approved.status).toBe(200);
      // The events service learns of it from `relationship.created` a moment later; until then it
      // refuses the other as a reviewer (as the BFF's tests wait, so does this).
      const relationshipId = approved.body.relationship.id as string;
      await eventually(async () => (await created.services.events!.db.collection("relationships").countDocuments({ _id: relationshipId as never, is_deleted: false })) === 1);
    },
    async close() {
      await created.close();
      await google.close();
    },
  };
}

export const chatBody = (content: string, timezone = "Europe/Lisbon", conversationId?: string) => ({
  messages: [{ role: "user", content }],
  metadata: {},
  context: { timezone },
  ...(conversationId ? { conversation_id: conversationId } : {}),
});

/** One streamed turn, read to its end: every part, the text joined, the cards. */
export async function chat(person: Person, content: string, options: { timezone?: string; conversationId?: string } = {}) {
  const response = await person.browser.call("POST", "/api/v1/agent/commands/chat", chatBody(content, options.timezone, options.conversationId), { headers: { accept: "text/event-stream" } });
  expect(response.status).toBe(200);
  const events: TChatStreamEvent[] = [];
  const text = await response.text();
  for (const block of text.split("\n\n")) {
    const data = block
      .split("\n")
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).trimStart())
      .join("\n");
    if (data) events.push(ZChatStreamEventSchema.parse(JSON.parse(data)));
  }
  const conversation = events.find((event) => event.type === "conversation");
  return {
    events,
    conversationId: conversation?.type === "conversation" ? conversation.conversation_id : "",
    text: events.flatMap((event) => (event.type === "text" ? [event.content] : [])).join(""),
    proposals: events.flatMap((event): TProposal[] => (event.type === "proposal" ? [event.proposal] : [])),
    results: events.flatMap((event) => (event.type === "result" ? [event.result] : [])),
    last: events.at(-1),
  };
}

/** What a person has in the events service: their own requests and those they review (a page of up to 100 each). */
export async function requestsOf(person: Person) {
  const mine = (await person.browser.json("GET", "/api/v1/event-requests?take=100")).body.event_requests as Array<{ id: string; title: string | null; status: string; approvers: Array<{ user_id: string; required: boolean }> }>;
  const reviewing = (await person.browser.json("GET", "/api/v1/event-requests?role=reviewer&take=100")).body.event_requests as Array<{ id: string; title: string | null; status: string }>;
  return { mine, reviewing };
}
