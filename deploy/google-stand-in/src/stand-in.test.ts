import { describe, expect, it } from "vitest";
import { createGoogleStandInApp } from "./stand-in.ts";

/** The stand-in's wire format, in-process (app.request: no sockets). */
describe("Google stand-in", () => {
  const setUp = () => {
    const standIn = createGoogleStandInApp({ acceptUnknownRefreshTokens: false });
    const { access_token, refresh_token } = standIn.tokens.issue("1//ana");
    const api = (method: string, path: string, body?: unknown, token = access_token) =>
      standIn.app.request(`/calendar/v3${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const refresh = (token: string) =>
      standIn.app.request("/token", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: token }) });
    return { standIn, api, refresh, refresh_token };
  };
  const lunch = { summary: "Lunch", start: { dateTime: "2026-03-11T12:00:00Z" }, end: { dateTime: "2026-03-11T13:00:00Z" }, iCalUID: "amia-1@amia.app" };

  it("pages events.list with maxResults and nextPageToken (absent on the last page), in start order", async () => {
    const { api } = setUp();
    for (const day of [13, 11, 12]) {
      await api("POST", "/calendars/primary/events", { summary: `Day ${day}`, start: { dateTime: `2026-03-${day}T09:00:00Z` }, end: { dateTime: `2026-03-${day}T10:00:00Z` } });
    }
    const query = "timeMin=2026-03-01T00:00:00Z&timeMax=2026-04-01T00:00:00Z&singleEvents=true&orderBy=startTime&maxResults=2";
    const first = (await (await api("GET", `/calendars/primary/events?${query}`)).json()) as { items: Array<{ summary: string }>; nextPageToken?: string };
    expect(first.items.map((event) => event.summary)).toEqual(["Day 11", "Day 12"]);
    expect(first.nextPageToken).toEqual(expect.any(String));
    const second = (await (await api("GET", `/calendars/primary/events?${query}&pageToken=${first.nextPageToken}`)).json()) as { items: Array<{ summary: string }>; nextPageToken?: string };
    expect(second.items.map((event) => event.summary)).toEqual(["Day 13"]);
    expect(second.nextPageToken).toBeUndefined();
  });

  it("revokes a grant at /revoke as Google does: 200, then the refresh token is invalid_grant and its access tokens 401; again → 400 invalid_token", async () => {
    const { standIn, api, refresh, refresh_token } = setUp();
    const revoke = (token: string) => standIn.app.request("/revoke", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token }) });
    const revoked = await revoke(refresh_token);
    expect(revoked.status).toBe(200);
    expect(standIn.tokens.isRevoked(refresh_token)).toBe(true);
    expect((await api("GET", "/calendars/primary/events")).status).toBe(401);
    expect(await (await refresh(refresh_token)).json()).toMatchObject({ error: "invalid_grant" });
    const again = await revoke(refresh_token);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: "invalid_token", error_description: "Token expired or revoked" });
    expect((await revoke("never-issued")).status).toBe(400);
  });

  it("inserts with Google's shape, refuses a second insert of one iCalUID (409 duplicate), gets, patches and deletes (then 410)", async () => {
    const { api } = setUp();
    const inserted = await api("POST", "/calendars/primary/events", lunch);
    const event = (await inserted.json()) as { kind: string; id: string; status: string; htmlLink: string; iCalUID: string };
    expect(event).toMatchObject({ kind: "calendar#event", status: "confirmed", iCalUID: "amia-1@amia.app", htmlLink: expect.stringContaining("https://") });

    const again = await api("POST", "/calendars/primary/events", lunch);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 409, errors: [{ reason: "duplicate" }] } });

    expect((await api("GET", `/calendars/primary/events/${event.id}`)).status).toBe(200);
    expect(await (await api("PATCH", `/calendars/primary/events/${event.id}`, { summary: "Brunch" })).json()).toMatchObject({ summary: "Brunch", id: event.id });
    expect((await api("DELETE", `/calendars/primary/events/${event.id}`)).status).toBe(204);
    expect((await api("DELETE", `/calendars/primary/events/${event.id}`)).status).toBe(410);
    expect((await api("DELETE", "/calendars/primary/events/nope")).status).toBe(404);
  });

  it("honours Google's event status on insert and patch, and refuses one Google does not know (400 invalid)", async () => {
    const { standIn, api } = setUp();
    const inserted = (await (await api("POST", "/calendars/primary/events", { ...lunch, status: "tentative" })).json()) as { id: string; status: string };
    expect(inserted.status).toBe("tentative");
    const path = `/calendars/primary/events/${inserted.id}`;
    expect(await (await api("PATCH", path, { status: "confirmed" })).json()).toMatchObject({ status: "confirmed" });

    const refused = await api("PATCH", path, { status: "maybe" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: 400, errors: [{ reason: "invalid" }] } });
    expect((await api("POST", "/calendars/primary/events", { ...lunch, iCalUID: "other", status: "maybe" })).status).toBe(400);

    // Patching the status to cancelled deletes it, as Google does.
    expect(await (await api("PATCH", path, { status: "cancelled" })).json()).toMatchObject({ status: "cancelled" });
    expect(standIn.events("1//ana")).toEqual([]);
  });

  it("keeps and returns a recurring event's rule, wants a time zone for it, and clears it on a patch with []", async () => {
    const { api } = setUp();
    const weekly = { ...lunch, start: { dateTime: "2026-03-11T12:00:00", timeZone: "Europe/Lisbon" }, end: { dateTime: "2026-03-11T13:00:00", timeZone: "Europe/Lisbon" }, recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=WE"] };
    const inserted = (await (await api("POST", "/calendars/primary/events", weekly)).json()) as { id: string; recurrence?: string[] };
    expect(inserted.recurrence).toEqual(["RRULE:FREQ=WEEKLY;BYDAY=WE"]);
    const path = `/calendars/primary/events/${inserted.id}`;
    expect(await (await api("GET", path)).json()).toMatchObject({ recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=WE"] });

    const noZone = await api("POST", "/calendars/primary/events", { ...lunch, iCalUID: "amia-2@amia.app", recurrence: ["RRULE:FREQ=DAILY"] });
    expect(noZone.status).toBe(400);
    expect(await noZone.json()).toMatchObject({ error: { message: "Missing time zone definition for start time." } });
    expect((await api("POST", "/calendars/primary/events", { ...weekly, iCalUID: "amia-3@amia.app", recurrence: ["FREQ=DAILY"] })).status).toBe(400);

    const single = (await (await api("PATCH", path, { recurrence: [] })).json()) as Record<string, unknown>;
    expect("recurrence" in single).toBe(false);
  });

  it("lists a recurring event as its instances with singleEvents=true, keeping the wall-clock time across daylight saving", async () => {
    const { api } = setUp();
    // Mondays 10:00 in Lisbon from 19 Oct 2026, until the end of 2 Nov there (clocks go back on 25 Oct).
    const weekly = {
      summary: "Planning",
      iCalUID: "amia-9@amia.app",
      start: { dateTime: "2026-10-19T10:00:00", timeZone: "Europe/Lisbon" },
      end: { dateTime: "2026-10-19T10:30:00", timeZone: "Europe/Lisbon" },
      recurrence: ["RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20261102T235959Z"],
    };
    const master = (await (await api("POST", "/calendars/primary/events", weekly)).json()) as { id: string };
    const list = async (query: string) => ((await (await api("GET", `/calendars/primary/events?${query}`)).json()) as { items: Array<Record<string, unknown>> }).items;

    const instances = await list("singleEvents=true&orderBy=startTime&timeMin=2026-10-01T00:00:00Z&timeMax=2026-12-01T00:00:00Z");
    expect(instances.map((item) => [item.id, (item.start as { dateTime: string }).dateTime, (item.end as { dateTime: string }).dateTime])).toEqual([
      [`${master.id}_20261019T090000Z`, "2026-10-19T10:00:00+01:00", "2026-10-19T10:30:00+01:00"],
      [`${master.id}_20261026T100000Z`, "2026-10-26T10:00:00Z", "2026-10-26T10:30:00Z"],
      [`${master.id}_20261102T100000Z`, "2026-11-02T10:00:00Z", "2026-11-02T10:30:00Z"],
    ]);
    expect(instances[1]).toMatchObject({ recurringEventId: master.id, iCalUID: "amia-9@amia.app", summary: "Planning", originalStartTime: { timeZone: "Europe/Lisbon" } });
    expect("recurrence" in instances[1]!).toBe(false);
    // A window picks instances; without singleEvents the series is one event, rule and all.
    expect((await list("singleEvents=true&timeMin=2026-10-25T00:00:00Z&timeMax=2026-10-30T00:00:00Z")).map((item) => item.recurringEventId)).toEqual([master.id]);
    expect((await list("")).map((item) => item.recurrence)).toEqual([weekly.recurrence]);
    // Each occurrence is busy.
    const freeBusy = (await (await api("POST", "/freeBusy", { timeMin: "2026-10-20T00:00:00Z", timeMax: "2026-11-10T00:00:00Z" })).json()) as { calendars: { primary: { busy: unknown[] } } };
    expect(freeBusy.calendars.primary.busy).toEqual([
      { start: "2026-10-26T10:00:00.000Z", end: "2026-10-26T10:30:00.000Z" },
      { start: "2026-11-02T10:00:00.000Z", end: "2026-11-02T10:30:00.000Z" },
    ]);
  });

  it("keeps a deleted event's iCalUID (a second insert is a 409) until a patch of its status restores it", async () => {
    const { standIn, api } = setUp();
    const event = (await (await api("POST", "/calendars/primary/events", lunch)).json()) as { id: string };
    const path = `/calendars/primary/events/${event.id}`;
    expect((await api("DELETE", path)).status).toBe(204);

    expect((await api("POST", "/calendars/primary/events", lunch)).status).toBe(409);
    expect((await api("PATCH", path, { summary: "Brunch" })).status).toBe(410);
    const listed = (await (await api("GET", `/calendars/primary/events?iCalUID=${encodeURIComponent(lunch.iCalUID)}&showDeleted=true`)).json()) as { items: Array<{ id: string; status: string }> };
    expect(listed.items).toEqual([expect.objectContaining({ id: event.id, status: "cancelled" })]);

    const restored = await api("PATCH", path, { summary: "Brunch", status: "confirmed" });
    expect(await restored.json()).toMatchObject({ id: event.id, summary: "Brunch", status: "confirmed" });
    expect(standIn.events("1//ana")).toEqual([expect.objectContaining({ id: event.id, summary: "Brunch" })]);
  });

  it("lists in a window ordered by start, and answers freeBusy", async () => {
    const { api } = setUp();
    await api("POST", "/calendars/primary/events", { ...lunch, iCalUID: "b", start: { dateTime: "2026-03-12T09:00:00Z" }, end: { dateTime: "2026-03-12T10:00:00Z" } });
    await api("POST", "/calendars/primary/events", lunch);
    const list = (await (await api("GET", "/calendars/primary/events?timeMin=2026-03-01T00:00:00Z&timeMax=2026-03-12T00:00:00Z&singleEvents=true&orderBy=startTime")).json()) as { kind: string; items: Array<{ iCalUID: string }> };
    expect(list.kind).toBe("calendar#events");
    expect(list.items.map((item) => item.iCalUID)).toEqual(["amia-1@amia.app"]);
    const busy = await (await api("POST", "/freeBusy", { timeMin: "2026-03-11T00:00:00Z", timeMax: "2026-03-13T00:00:00Z", items: [{ id: "primary" }] })).json();
    expect(busy).toMatchObject({ kind: "calendar#freeBusy", calendars: { primary: { busy: [{ start: "2026-03-11T12:00:00.000Z" }, { start: "2026-03-12T09:00:00.000Z" }] } } });
  });

  it("refreshes a known refresh token, answers invalid_grant for a revoked or unknown one, and 401s an unknown access token", async () => {
    const { standIn, api, refresh, refresh_token } = setUp();
    const refreshed = await refresh(refresh_token);
    expect(refreshed.status).toBe(200);
    expect(await refreshed.json()).toMatchObject({ access_token: expect.any(String), expires_in: 3600, token_type: "Bearer" });
    standIn.tokens.revoke(refresh_token);
    const refused = await refresh(refresh_token);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: "invalid_grant", error_description: "Token has been expired or revoked." });
    expect((await refresh("1//stranger")).status).toBe(400);
    expect((await api("GET", "/calendars/primary/events", undefined, "ya29.unknown")).status).toBe(401);
  });

  it("injects the next N failures (429, then 500 after applying the call)", async () => {
    const { standIn, api } = setUp();
    standIn.inject({ status: 429, times: 2 });
    expect((await api("GET", "/calendars/primary/events")).status).toBe(429);
    expect((await api("GET", "/calendars/primary/events")).status).toBe(429);
    expect((await api("GET", "/calendars/primary/events")).status).toBe(200);
    standIn.inject({ status: 500, times: 1, afterApply: true });
    expect((await api("POST", "/calendars/primary/events", lunch)).status).toBe(500);
    expect(standIn.events("1//ana")).toHaveLength(1);
    expect(standIn.calls().map((call) => call.status)).toEqual([429, 429, 200, 500]);
  });

  describe("with accountOf (who a new refresh token belongs to)", () => {
    const ACCOUNTS: Record<string, string> = { "1//ana-monday": "sub-ana", "1//ana-tuesday": "sub-ana", "1//bo": "sub-bo" };
    const setUpAccounts = () => {
      const asked: string[] = [];
      const standIn = createGoogleStandInApp({
        accountOf: async (refreshToken) => {
          asked.push(refreshToken);
          return ACCOUNTS[refreshToken] ?? null;
        },
      });
      const accessFor = async (refreshToken: string) => {
        const response = await standIn.app.request("/token", { method: "POST", body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }) });
        expect(response.status).toBe(200);
        return ((await response.json()) as { access_token: string }).access_token;
      };
      const insert = (accessToken: string, iCalUID: string) =>
        standIn.app.request("/calendar/v3/calendars/primary/events", {
          method: "POST",
          headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
          body: JSON.stringify({ ...lunch, iCalUID }),
        });
      const listed = async (accessToken: string) => {
        const response = await standIn.app.request("/calendar/v3/calendars/primary/events", { headers: { authorization: `Bearer ${accessToken}` } });
        return ((await response.json()) as { items: Array<{ iCalUID: string }> }).items.map((item) => item.iCalUID);
      };
      return { standIn, asked, accessFor, insert, listed };
    };

    it("gives two refresh tokens of one account the same calendar, still counting and revoking each token on its own", async () => {
      const { standIn, asked, accessFor, insert, listed } = setUpAccounts();
      // Given Ana signed in on Monday and an event went to her calendar
      expect((await insert(await accessFor("1//ana-monday"), "monday@amia.app")).status).toBe(200);

      // When she signs in again on Tuesday (a new refresh token) and adds another
      const tuesday = await accessFor("1//ana-tuesday");
      expect((await insert(tuesday, "tuesday@amia.app")).status).toBe(200);

      // Then both tokens see one calendar with both events, and a second copy of Monday's is a duplicate
      expect(await listed(tuesday)).toEqual(["monday@amia.app", "tuesday@amia.app"]);
      expect(standIn.events("1//ana-monday").map((event) => event.iCalUID)).toEqual(["monday@amia.app", "tuesday@amia.app"]);
      expect(standIn.events("1//ana-tuesday")).toHaveLength(2);
      expect(standIn.events()).toHaveLength(2);
      expect((await insert(tuesday, "monday@amia.app")).status).toBe(409);

      // ...each token was asked about once, and refreshes and revocation stay per token
      await accessFor("1//ana-tuesday");
      expect(asked).toEqual(["1//ana-monday", "1//ana-tuesday"]);
      expect(standIn.tokens.refreshCount("1//ana-monday")).toBe(1);
      expect(standIn.tokens.refreshCount("1//ana-tuesday")).toBe(2);
      standIn.tokens.revoke("1//ana-monday");
      const refused = await standIn.app.request("/token", { method: "POST", body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: "1//ana-monday" }) });
      expect(refused.status).toBe(400);
      expect(await listed(await accessFor("1//ana-tuesday"))).toHaveLength(2);
    });

    it("gives tokens on an account's calendar through its own control route (an event added \"from the phone\" is on every sign-in's calendar)", async () => {
      const { standIn, accessFor, insert, listed } = setUpAccounts();
      const control = await standIn.app.request("/_stand-in/accounts/sub-ana/tokens", { method: "POST" });
      expect(control.status).toBe(200);
      const fromPhone = (await control.json()) as { access_token: string; refresh_token: string };
      expect((await insert(fromPhone.access_token, "phone@amia.app")).status).toBe(200);
      // Ana's sign-in, learnt later, finds it; Bo's does not.
      expect(await listed(await accessFor("1//ana-monday"))).toEqual(["phone@amia.app"]);
      expect(await listed(await accessFor("1//bo"))).toEqual([]);
    });

    it("keeps separate calendars for another account and for tokens of no known account", async () => {
      const { standIn, accessFor, insert, listed } = setUpAccounts();
      expect((await insert(await accessFor("1//ana-monday"), "ana@amia.app")).status).toBe(200);
      const bo = await accessFor("1//bo");
      const strangerA = await accessFor("1//stranger-a");
      const strangerB = await accessFor("1//stranger-b");
      expect((await insert(strangerA, "stranger@amia.app")).status).toBe(200);

      expect(await listed(bo)).toEqual([]);
      expect(await listed(strangerA)).toEqual(["stranger@amia.app"]);
      expect(await listed(strangerB)).toEqual([]);
      expect(standIn.events("1//stranger-b")).toEqual([]);
      expect(standIn.events().map((event) => event.iCalUID).sort()).toEqual(["ana@amia.app", "stranger@amia.app"]);
    });

    it("treats a failing accountOf as no account, and answers the refresh", async () => {
      const standIn = createGoogleStandInApp({ accountOf: () => Promise.reject(new Error("provider down")) });
      const response = await standIn.app.request("/token", { method: "POST", body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: "1//ana" }) });
      expect(response.status).toBe(200);
      expect(standIn.tokens.refreshCount("1//ana")).toBe(1);
    });

    it("never asks about a known or refused token", async () => {
      const asked: string[] = [];
      const standIn = createGoogleStandInApp({ acceptUnknownRefreshTokens: false, refreshTokens: ["1//known"], accountOf: async (token) => (asked.push(token), "sub-x") });
      const refresh = (token: string) => standIn.app.request("/token", { method: "POST", body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: token }) });
      expect((await refresh("1//known")).status).toBe(200);
      expect((await refresh("1//stranger")).status).toBe(400);
      expect(asked).toEqual([]);
    });
  });
});
