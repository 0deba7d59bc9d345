import { randomBytes, randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import type { TEventOf } from "@amia/contracts";
import { createTestHarness, eventually, testInfra, type MountedService, type TestHarness } from "@amia/kit/testing";
import { createGoogleStandIn, type GoogleStandIn } from "@amia/google-stand-in";
import { createCalendarService } from "./app.ts";
import { connectGoogleAccount, mountCalendarService } from "./testing/calendar-service.ts";

/*
 * The calendar view's reads and the Settings tab's connection (issue 16 points 4 and 5), over the
 * real MongoDB-wire database and Kafka, against the Google stand-in: the events of a range (only
 * the caller's, bounded, paged through), the connection status as it moves, and Disconnect
 * (revoked at Google, tokens gone, calendar.disconnected emitted).
 */

let harness: TestHarness;
let google: GoogleStandIn;
let calendar: MountedService;
let disconnected: Array<TEventOf<"calendar.disconnected">>;

beforeEach(async () => {
  harness = await createTestHarness("calendar-view");
  google = await createGoogleStandIn({ acceptUnknownRefreshTokens: false });
  calendar = await mountCalendarService(harness, google);
  disconnected = [];
  await harness.bus.consumer({ groupId: "observer", handlers: { "calendar.disconnected": async (event) => void disconnected.push(event) } }).start();
});
afterEach(async () => {
  await harness.close();
  await google.close();
});

async function connectedUser(): Promise<{ id: string; refreshToken: string }> {
  const id = randomUUID();
  const issued = await connectGoogleAccount(harness, calendar, google, id);
  return { id, refreshToken: issued.refresh_token };
}

/** An event the user put in Google from elsewhere (their phone, say). */
async function inGoogle(refreshToken: string, summary: string, start: string, end: string): Promise<void> {
  const { access_token } = google.tokens.issue(refreshToken);
  const response = await fetch(`${google.calendarApiUrl}/calendars/primary/events`, {
    method: "POST",
    headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
    body: JSON.stringify({ summary, location: "Rua Augusta 1", start: { dateTime: start }, end: { dateTime: end } }),
  });
  expect(response.status).toBe(200);
}

const week = "timeMin=2026-11-23T00:00:00Z&timeMax=2026-11-30T00:00:00Z";

describe("the events of a range", () => {
  it("lists only the caller's Google events in the range, in start order", async () => {
    const ana = await connectedUser();
    const bo = await connectedUser();
    await inGoogle(ana.refreshToken, "Dentist", "2026-11-25T09:00:00Z", "2026-11-25T10:00:00Z");
    await inGoogle(ana.refreshToken, "Standup", "2026-11-24T09:00:00Z", "2026-11-24T09:15:00Z");
    await inGoogle(ana.refreshToken, "Next month", "2026-12-05T09:00:00Z", "2026-12-05T10:00:00Z");
    await inGoogle(bo.refreshToken, "Bo's secret", "2026-11-24T11:00:00Z", "2026-11-24T12:00:00Z");

    const anaSees = await calendar.as({ id: ana.id }).get(`/api/v1/calendar/events?${week}`);
    expect(anaSees.status).toBe(200);
    expect(anaSees.body.events.map((event: { title: string }) => event.title)).toEqual(["Standup", "Dentist"]);
    expect(anaSees.body.events[1]).toMatchObject({ location: "Rua Augusta 1", start: { is_all_day: false, date_time: "2026-11-25T09:00:00Z" }, event_request_id: null });

    const boSees = await calendar.as({ id: bo.id }).get(`/api/v1/calendar/events?${week}`);
    expect(boSees.body.events.map((event: { title: string }) => event.title)).toEqual(["Bo's secret"]);
  });

  it("reads every page Google gives (more than one page of 250)", async () => {
    const ana = await connectedUser();
    const { access_token } = google.tokens.issue(ana.refreshToken);
    for (let index = 0; index < 260; index++) {
      const minute = String(index % 60).padStart(2, "0");
      const hour = String(8 + Math.floor(index / 60)).padStart(2, "0");
      const response = await fetch(`${google.calendarApiUrl}/calendars/primary/events`, {
        method: "POST",
        headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
        body: JSON.stringify({ summary: `Slot ${index}`, start: { dateTime: `2026-11-24T${hour}:${minute}:00Z` }, end: { dateTime: `2026-11-24T${hour}:${minute}:30Z` } }),
      });
      expect(response.status).toBe(200);
    }
    const listed = await calendar.as({ id: ana.id }).get(`/api/v1/calendar/events?${week}`);
    expect(listed.body.events).toHaveLength(260);
    expect(listed.body.events.at(-1).title).toBe("Slot 259");
    expect(google.calls().filter((call) => call.method === "GET" && call.path.endsWith("/events")).length).toBe(2);
  });

  it("refuses a range that ends before it starts or is longer than 62 days, naming timeMax; a malformed bound names itself", async () => {
    const ana = await connectedUser();
    const backwards = await calendar.as({ id: ana.id }).get("/api/v1/calendar/events?timeMin=2026-11-30T00:00:00Z&timeMax=2026-11-23T00:00:00Z");
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain("timeMax must be after timeMin");
    const tooLong = await calendar.as({ id: ana.id }).get("/api/v1/calendar/events?timeMin=2026-11-01T00:00:00Z&timeMax=2027-01-03T00:00:00Z");
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain("timeMax must be at most 62 days after timeMin");
    const malformed = await calendar.as({ id: ana.id }).get("/api/v1/calendar/events?timeMin=tomorrow");
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain("timeMin");
    // 62 days exactly is fine.
    expect((await calendar.as({ id: ana.id }).get("/api/v1/calendar/events?timeMin=2026-11-01T00:00:00Z&timeMax=2027-01-02T00:00:00Z")).status).toBe(200);
    expect(google.calls().filter((call) => call.path.endsWith("/events"))).toHaveLength(1);
  });

  it("answers 409 when not connected and 401 without a user", async () => {
    const stranger = randomUUID();
    const answer = await calendar.as({ id: stranger }).get(`/api/v1/calendar/events?${week}`);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe("Google Calendar is not connected");
    expect((await calendar.anonymous.get(`/api/v1/calendar/events?${week}`)).status).toBe(401);
  });
});

describe("the connection and Disconnect", () => {
  it("goes not connected → connected → reconnect required (Google refused the refresh token) → connected again at the next sign-in", async () => {
    const id = randomUUID();
    expect((await calendar.as({ id }).get("/api/v1/auth/tokens")).body).toMatchObject({ is_connected: false, status: "not_connected" });

    const issued = await connectGoogleAccount(harness, calendar, google, id);
    expect((await calendar.as({ id }).get("/api/v1/auth/tokens")).body).toMatchObject({ is_connected: true, status: "connected" });

    // The access token expires and the refresh token was revoked in the Google account.
    google.tokens.expireAccess(issued.refresh_token);
    google.tokens.revoke(issued.refresh_token);
    expect((await calendar.as({ id }).get(`/api/v1/calendar/events?${week}`)).status).toBe(409);
    expect((await calendar.as({ id }).get("/api/v1/auth/tokens")).body).toMatchObject({ is_connected: false, status: "reconnect_required" });

    await connectGoogleAccount(harness, calendar, google, id);
    expect((await calendar.as({ id }).get("/api/v1/auth/tokens")).body).toMatchObject({ is_connected: true, status: "connected" });
  });

  it("Disconnect revokes the grant at Google, removes the stored tokens and emits calendar.disconnected; the calendar then reads as not connected", async () => {
    const ana = await connectedUser();
    const bo = await connectedUser();

    expect((await calendar.as({ id: ana.id }).delete("/api/v1/auth/tokens")).status).toBe(204);

    expect(google.tokens.isRevoked(ana.refreshToken)).toBe(true);
    expect(google.tokens.isRevoked(bo.refreshToken)).toBe(false);
    const stored = await calendar.db.collection("user_tokens").findOne({ _id: ana.id as never });
    expect(stored).toMatchObject({ access_token: null, refresh_token: null, status: "disconnected" });
    expect((await calendar.as({ id: ana.id }).get("/api/v1/auth/tokens")).body).toMatchObject({ is_connected: false, status: "not_connected" });
    expect((await calendar.as({ id: ana.id }).get(`/api/v1/calendar/events?${week}`)).status).toBe(409);
    expect((await calendar.as({ id: bo.id }).get("/api/v1/auth/tokens")).body).toMatchObject({ status: "connected" });

    await eventually(() => expect(disconnected).toHaveLength(1));
    expect(disconnected[0]).toMatchObject({ subject: ana.id, data: { user_id: ana.id, was_revoked_at_google: true } });

    // Again: nothing left to disconnect; 204 and no second event (bo's disconnect is the marker that comes after).
    expect((await calendar.as({ id: ana.id }).delete("/api/v1/auth/tokens")).status).toBe(204);
    expect((await calendar.as({ id: bo.id }).delete("/api/v1/auth/tokens")).status).toBe(204);
    await eventually(() => expect(disconnected.map((event) => event.subject)).toEqual([ana.id, bo.id]));

    // Signing in again connects again.
    await connectGoogleAccount(harness, calendar, google, ana.id);
    expect((await calendar.as({ id: ana.id }).get("/api/v1/auth/tokens")).body).toMatchObject({ status: "connected" });
  });

  it("disconnects a connection that needs reconnecting, whose token Google already forgot (invalid_token counts as revoked)", async () => {
    const ana = await connectedUser();
    google.tokens.revoke(ana.refreshToken);
    google.tokens.expireAccess(ana.refreshToken);
    await calendar.as({ id: ana.id }).get(`/api/v1/calendar/events?${week}`);
    expect((await calendar.as({ id: ana.id }).get("/api/v1/auth/tokens")).body).toMatchObject({ status: "reconnect_required" });
    expect((await calendar.as({ id: ana.id }).delete("/api/v1/auth/tokens")).status).toBe(204);
    await eventually(() => expect(disconnected).toHaveLength(1));
    expect(disconnected[0]!.data).toEqual({ user_id: ana.id, was_revoked_at_google: false });
    expect((await calendar.as({ id: ana.id }).get("/api/v1/auth/tokens")).body).toMatchObject({ status: "not_connected" });
  });

  it("keeps everything when Google's revocation endpoint cannot be reached (503), so the user can try again", async () => {
    const gone = await createGoogleStandIn();
    await gone.close();
    // This instance's revocation endpoint is the closed stand-in's; the Calendar API is the live one.
    const own = await createTestHarness("calendar-view-revoke");
    onTestFinished(() => own.close());
    const unreachableRevoke = await own.mount(
      "calendar",
      createCalendarService({
        redisUrl: testInfra().redisUrl,
        queuePrefix: own.names.redisPrefix,
        google: { tokenUrl: google.tokenUrl, revokeUrl: gone.revokeUrl, apiUrl: google.calendarApiUrl, clientId: "amia-web", clientSecret: "test-secret" },
        tokenEncryptionKey: randomBytes(32),
        sync: { attempts: 1, backoffMs: 20 },
      }),
    );
    const id = randomUUID();
    const issued = await connectGoogleAccount(own, unreachableRevoke, google, id);

    const answer = await unreachableRevoke.as({ id }).delete("/api/v1/auth/tokens");
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe("Google Calendar is unavailable; please try again");
    expect((await unreachableRevoke.as({ id }).get("/api/v1/auth/tokens")).body).toMatchObject({ status: "connected" });
    expect(google.tokens.isRevoked(issued.refresh_token)).toBe(false);
  });
});
