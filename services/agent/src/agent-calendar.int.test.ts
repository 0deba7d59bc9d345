import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testInfra } from "@amia/kit/testing";
import { createGoogleStandIn, type GoogleStandIn } from "../../../deploy/google-stand-in/src/stand-in.ts";
import { createOpenAiStandIn, type OpenAiStandIn } from "../../../deploy/openai-stand-in/src/stand-in.ts";
import { createWorld, type World } from "../../../bff/src/testing/world.ts";
import type { TestBrowser } from "../../../bff/src/testing/test-browser.ts";
import { createCalendarService } from "../../calendar/src/app.ts";
import { createEventsService } from "../../events/src/app.ts";
import { createIdentityService } from "../../identity/src/app.ts";
import { createUsageService } from "../../usage/src/app.ts";
import { createAgentService } from "./app.ts";

/*
 * find_free_time against the real calendar service: the browser signs in at the local OIDC
 * provider, the BFF hands the provider's tokens to the calendar service (as in production), and
 * the agent's tool asks the calendar service for the user's busy times, which it reads from the
 * Google stand-in with that user's tokens. The local provider's refresh token is unknown to the
 * stand-in, which accepts it as a new Google account on the calendar service's first refresh.
 */

const UNREACHABLE = "http://127.0.0.1:9";

const chatBody = (content: string) => ({ messages: [{ role: "user", content }], metadata: {}, context: { current_date: "2026-03-10", current_time: "18:00", timezone: "UTC" } });

describe("agent find_free_time with the calendar service and the Google stand-in, through the BFF", () => {
  let openai: OpenAiStandIn;
  let google: GoogleStandIn;
  let world: World;
  beforeAll(async () => {
    openai = await createOpenAiStandIn({ port: 0 });
    google = await createGoogleStandIn();
    const calendar = createCalendarService({
      redisUrl: testInfra().redisUrl,
      queuePrefix: `t:${randomUUID().slice(0, 8)}`,
      google: { tokenUrl: google.tokenUrl, apiUrl: google.calendarApiUrl, clientId: "amia-web", clientSecret: "test-secret" },
      tokenEncryptionKey: randomBytes(32),
      sync: { attempts: 2, backoffMs: 20 },
    });
    // The agent reaches the services by URL, known only once the world has served them.
    const urls = () => ({
      events: world.services.events!.served.url,
      calendar: world.services.calendar!.served.url,
      relationships: UNREACHABLE,
      notifications: UNREACHABLE,
    });
    const agent = createAgentService({ openai: { baseURL: openai.url, apiKey: "test-key", model: "gpt-4o-mini" }, serviceUrls: urls });
    world = await createWorld({
      label: "agent-calendar",
      services: { identity: createIdentityService, events: createEventsService, usage: createUsageService, calendar, agent },
    });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
    await google?.close();
    await openai?.close();
  });

  /**
   * Signs in, then opens the calendar once so the calendar service refreshes the provider's token
   * at Google: returns the refresh token that names this user's account in the stand-in.
   */
  async function signedInWithGoogle(name: string): Promise<{ browser: TestBrowser; googleAccount: string }> {
    const browser = await world.signedIn(`${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`, name);
    const callsBefore = google.calls().length;
    const opened = await browser.json("GET", "/api/v1/calendar/events?timeMin=2026-03-01T00:00:00Z&timeMax=2026-04-01T00:00:00Z");
    expect(opened).toMatchObject({ status: 200, body: { events: [] } });
    const refresh = google.calls().slice(callsBefore).find((call) => call.path === "/token" && call.status === 200);
    expect(refresh?.user).toEqual(expect.any(String));
    return { browser, googleAccount: refresh!.user! };
  }

  /** An event put in the user's Google calendar from elsewhere (their phone, say). */
  async function busyInGoogle(googleAccount: string, start: string, end: string): Promise<void> {
    const { access_token } = google.tokens.issue(googleAccount);
    const response = await fetch(`${google.calendarApiUrl}/calendars/primary/events`, {
      method: "POST",
      headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ summary: "Dentist", start: { dateTime: start }, end: { dateTime: end } }),
    });
    expect(response.status).toBe(200);
  }

  it("tells the model the free slots around the user's busy time in their Google calendar", async () => {
    // Given Fia, signed in, with a meeting 10:00–11:00Z on 11 March in her Google calendar
    const fia = await signedInWithGoogle("Fia");
    await busyInGoogle(fia.googleAccount, "2026-03-11T10:00:00Z", "2026-03-11T11:00:00Z");
    const callsBefore = google.calls().length;
    openai.script([
      { toolCalls: [{ name: "find_free_time", arguments: { time_min: "2026-03-11T09:00:00Z", time_max: "2026-03-11T13:00:00Z", duration_minutes: 60 } }] },
      { text: "You're free 09:00–10:00 and 11:00–13:00.", chunks: 2 },
    ]);

    // When she asks the assistant for an hour between 09:00 and 13:00
    const answer = await fia.browser.json("POST", "/api/v1/agent/commands/chat", chatBody("When do I have an hour free tomorrow morning?"));

    // Then the model got the slots that avoid the meeting, and answered
    expect(answer).toMatchObject({ status: 200, body: { content: "You're free 09:00–10:00 and 11:00–13:00." } });
    const toolMessage = (openai.requests().at(-1)!.messages as Array<{ role: string; content: string }>).find((message) => message.role === "tool");
    expect(JSON.parse(toolMessage!.content)).toEqual({
      free: [
        { start: "2026-03-11T09:00:00.000Z", end: "2026-03-11T10:00:00.000Z" },
        { start: "2026-03-11T11:00:00.000Z", end: "2026-03-11T13:00:00.000Z" },
      ],
    });
    // And the busy times came from Google, asked once with Fia's own tokens
    expect(google.calls().slice(callsBefore)).toEqual([{ method: "POST", path: "/calendar/v3/freeBusy", status: 200, user: fia.googleAccount }]);
  }, 60_000);
});
