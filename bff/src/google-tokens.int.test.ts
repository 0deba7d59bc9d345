import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGoogleStandIn, type GoogleStandIn } from "@amia/google-stand-in";
import { calendarServiceForTests } from "../../services/calendar/src/testing/calendar-service.ts";
import { createIdentityService } from "../../services/identity/src/app.ts";
import { createWorld, type World } from "./testing/world.ts";

/*
 * Sign-in hands the provider's tokens to the calendar service (encrypted at rest there), and the
 * browser then reads its Google Calendar through the BFF, never seeing a token. The local OIDC
 * provider's refresh token is unknown to the Google stand-in, which (as in `npm start`) accepts
 * it as a new user: the calendar's first call gets a 401, refreshes, and carries on.
 */

let world: World;
let google: GoogleStandIn;
beforeEach(async () => {
  google = await createGoogleStandIn();
  world = await createWorld({
    label: "bff-google-tokens",
    services: {
      identity: createIdentityService,
      calendar: calendarServiceForTests(google),
    },
  });
});
afterEach(async () => {
  await world.close();
  await google.close();
});

describe("Google tokens at sign-in", () => {
  it("stores the provider's tokens with the calendar service, sealed, and tells the browser only that it is connected", async () => {
    const browser = await world.signedIn(`ana-${randomUUID().slice(0, 8)}@example.com`, "Ana Silva");
    const userId = (await browser.json("GET", "/api/v1/auth/session")).body.user.id as string;

    const stored = await world.services.calendar!.db.collection("user_tokens").findOne({ _id: userId as never });
    expect(stored).toMatchObject({ status: "connected", access_token: expect.stringMatching(/^v1\./), refresh_token: expect.stringMatching(/^v1\./) });

    const connection = await browser.json("GET", "/api/v1/auth/tokens");
    expect(connection.status).toBe(200);
    expect(connection.body).toEqual({ is_connected: true, status: "connected", updated_at: expect.any(String) });

    const events = await browser.json("GET", "/api/v1/calendar/events?timeMin=2026-11-01T00:00:00Z&timeMax=2026-12-31T00:00:00Z");
    expect(events.status).toBe(200);
    expect(events.body).toEqual({ events: [] });
    expect(google.calls().map((call) => `${call.method} ${call.path} ${call.status}`)).toEqual([
      "GET /calendar/v3/calendars/primary/events 401",
      "POST /token 200",
      "GET /calendar/v3/calendars/primary/events 200",
    ]);
  });

  it("Disconnect through the BFF revokes the grant at Google and leaves the browser not connected; a bad range is a 400 naming timeMax", async () => {
    const browser = await world.signedIn(`bo-${randomUUID().slice(0, 8)}@example.com`, "Bo Lima");
    const week = "timeMin=2026-11-23T00:00:00Z&timeMax=2026-11-30T00:00:00Z";
    expect((await browser.json("GET", `/api/v1/calendar/events?${week}`)).status).toBe(200);

    const tooLong = await browser.json("GET", "/api/v1/calendar/events?timeMin=2026-01-01T00:00:00Z&timeMax=2026-12-31T00:00:00Z");
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain("timeMax must be at most 62 days after timeMin");

    expect((await browser.json("DELETE", "/api/v1/auth/tokens")).status).toBe(204);
    expect(google.calls().filter((call) => call.path === "/revoke").map((call) => call.status)).toEqual([200]);
    expect((await browser.json("GET", "/api/v1/auth/tokens")).body).toMatchObject({ is_connected: false, status: "not_connected" });
    const events = await browser.json("GET", `/api/v1/calendar/events?${week}`);
    expect(events.status).toBe(409);
  });

  it("Reconnect is a sign-in again: a connection Google stopped accepting reads reconnect_required, and the next sign-in (consent again) makes it connected", async () => {
    const email = `cy-${randomUUID().slice(0, 8)}@example.com`;
    const browser = await world.signedIn(email, "Cy Reis");
    const week = "timeMin=2026-11-23T00:00:00Z&timeMax=2026-11-30T00:00:00Z";
    expect((await browser.json("GET", `/api/v1/calendar/events?${week}`)).status).toBe(200);
    // The refresh token the calendar service holds (the stand-in learnt it at the first refresh),
    // revoked in the Google account, and its access token expired.
    const refreshToken = google.calls().find((call) => call.path === "/token" && call.status === 200)!.user!;
    google.tokens.revoke(refreshToken);
    google.tokens.expireAccess(refreshToken);

    expect((await browser.json("GET", `/api/v1/calendar/events?${week}`)).status).toBe(409);
    expect((await browser.json("GET", "/api/v1/auth/tokens")).body).toMatchObject({ is_connected: false, status: "reconnect_required" });

    const again = await world.signedIn(email, "Cy Reis");
    expect((await again.json("GET", "/api/v1/auth/tokens")).body).toMatchObject({ is_connected: true, status: "connected" });
    expect((await again.json("GET", `/api/v1/calendar/events?${week}`)).status).toBe(200);
  });
});
