import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createGoogleStandInApp, type GoogleEvent } from "./stand-in.ts";
import { localProviderSubjectForEmail } from "./account-lookup.ts";
import { subjectForEmail } from "../../oidc-provider/src/accounts.ts";

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

  it("slows every Calendar API call down by the given time until set back to 0 (the fault suite queues sync jobs so)", async () => {
    vi.useFakeTimers();
    try {
      const { standIn, api } = setUp();
      standIn.slowDown(300);
      const inserting = api("POST", "/calendars/primary/events", lunch);
      await vi.advanceTimersByTimeAsync(299);
      expect(standIn.events("1//ana")).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect((await inserting).status).toBe(200);
      expect(standIn.events("1//ana")).toHaveLength(1);

      standIn.slowDown(0);
      // No timer to wait for: the call answers with the clock standing still.
      expect((await api("GET", "/calendars/primary/events")).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
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

/** Two-way sync on the stand-in's wire: sync tokens, 410, watch channels and pushes, attendees, the control API. */
describe("Google stand-in: sync, push and attendees", () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  const setUp = (options: Parameters<typeof createGoogleStandInApp>[0] = {}) => {
    const standIn = createGoogleStandInApp(options);
    const tokens = {
      ana: standIn.tokens.issue("1//ana", { email: "ana@example.com" }).access_token,
      ben: standIn.tokens.issue("1//ben", { email: "ben@example.com" }).access_token,
    };
    const api = async (who: keyof typeof tokens, method: string, path: string, body?: unknown) => {
      const response = await standIn.app.request(`/calendar/v3${path}`, {
        method,
        headers: { authorization: `Bearer ${tokens[who]}`, ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (response.status === 204 ? null : await response.json()) as Record<string, unknown> & { items?: GoogleEvent[] } };
    };
    const controlCall = (path: string, body: unknown) =>
      standIn.app.request(`/control${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return { standIn, api, controlCall };
  };
  const lunch = (uid: string) => ({ summary: "Lunch", start: { dateTime: "2026-03-11T12:00:00Z" }, end: { dateTime: "2026-03-11T13:00:00Z" }, iCalUID: uid });

  /** A receiver of push messages on a free port. */
  const receiver = async () => {
    const received: IncomingHttpHeaders[] = [];
    const waiters: Array<() => void> = [];
    const server = createServer((req, res) => {
      received.push(req.headers);
      res.end();
      for (const wake of waiters.splice(0)) wake();
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const waitFor = async (count: number) => {
      const deadline = Date.now() + 5_000;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`got ${received.length} push messages, wanted ${count}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
      return received;
    };
    return { address, waitFor, received };
  };

  it("ends a full listing with a sync token; the token lists only later changes, deletions as cancelled, then nothing", async () => {
    const { api } = setUp();
    const first = (await api("ana", "POST", "/calendars/primary/events", lunch("a@x"))).body as unknown as GoogleEvent;
    const full = await api("ana", "GET", "/calendars/primary/events");
    expect(full.body.items?.map((event) => event.id)).toEqual([first.id]);
    const syncToken = full.body.nextSyncToken as string;
    expect(syncToken).toEqual(expect.any(String));

    const second = (await api("ana", "POST", "/calendars/primary/events", lunch("b@x"))).body as unknown as GoogleEvent;
    expect((await api("ana", "DELETE", `/calendars/primary/events/${first.id}`)).status).toBe(204);
    const changes = await api("ana", "GET", `/calendars/primary/events?syncToken=${syncToken}`);
    expect(changes.status).toBe(200);
    expect(changes.body.items?.map((event) => [event.id, event.status])).toEqual([
      [second.id, "confirmed"],
      [first.id, "cancelled"],
    ]);
    const none = await api("ana", "GET", `/calendars/primary/events?syncToken=${changes.body.nextSyncToken as string}`);
    expect(none.body.items).toEqual([]);
    // Another user's token is not a token of this calendar.
    expect((await api("ben", "GET", `/calendars/primary/events?syncToken=${syncToken}`)).status).toBe(400);
    expect((await api("ana", "GET", `/calendars/primary/events?syncToken=${syncToken}&timeMin=2026-01-01T00:00:00Z`)).status).toBe(400);
  });

  it("pages with nextPageToken and gives the sync token on the last page only", async () => {
    const { api } = setUp();
    for (const uid of ["1@x", "2@x", "3@x"]) await api("ana", "POST", "/calendars/primary/events", lunch(uid));
    const page1 = await api("ana", "GET", "/calendars/primary/events?maxResults=2");
    expect(page1.body.items).toHaveLength(2);
    expect(page1.body.nextSyncToken).toBeUndefined();
    const page2 = await api("ana", "GET", `/calendars/primary/events?maxResults=2&pageToken=${page1.body.nextPageToken as string}`);
    expect(page2.body.items).toHaveLength(1);
    expect(page2.body.nextPageToken).toBeUndefined();
    expect(page2.body.nextSyncToken).toEqual(expect.any(String));
  });

  it("answers 410 fullSyncRequired, with Google's error body, for a token invalidated by the test switch", async () => {
    const { api, controlCall } = setUp();
    const token = (await api("ana", "GET", "/calendars/primary/events")).body.nextSyncToken as string;
    expect((await controlCall("/invalidate-sync-tokens", { calendar: "ana@example.com" })).status).toBe(204);
    const gone = await api("ana", "GET", `/calendars/primary/events?syncToken=${token}`);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ error: { code: 410, errors: [{ reason: "fullSyncRequired" }] } });
    // A full listing gives a token that works again.
    const fresh = (await api("ana", "GET", "/calendars/primary/events")).body.nextSyncToken as string;
    expect((await api("ana", "GET", `/calendars/primary/events?syncToken=${fresh}`)).status).toBe(200);
  });

  it("watch: answers the channel resource, pushes sync then exists with Google's headers on each change, stops on channels.stop", async () => {
    const { api, standIn, controlCall } = setUp();
    const hook = await receiver();
    const expiration = Date.now() + 60_000;
    const watched = await api("ana", "POST", "/calendars/primary/events/watch", { id: "chan-1", type: "web_hook", address: hook.address, token: "secret-1", expiration: String(expiration) });
    expect(watched.body).toMatchObject({ kind: "api#channel", id: "chan-1", resourceId: expect.any(String), resourceUri: expect.any(String), token: "secret-1", expiration: String(expiration) });
    const [sync] = await hook.waitFor(1);
    expect(sync).toMatchObject({ "x-goog-channel-id": "chan-1", "x-goog-channel-token": "secret-1", "x-goog-resource-id": watched.body.resourceId, "x-goog-resource-state": "sync", "x-goog-message-number": "1" });
    expect(Date.parse(sync!["x-goog-channel-expiration"] as string)).toBe(Math.floor(expiration / 1000) * 1000);

    const event = (await api("ana", "POST", "/calendars/primary/events", lunch("w@x"))).body as unknown as GoogleEvent;
    const moved = await controlCall("/move", { calendar: "1//ana", iCalUID: "w@x", start: { dateTime: "2026-03-12T12:00:00Z" }, end: { dateTime: "2026-03-12T13:00:00Z" } });
    expect(moved.status).toBe(200);
    const messages = await hook.waitFor(3);
    expect(messages.slice(1).map((headers) => [headers["x-goog-resource-state"], headers["x-goog-message-number"]])).toEqual([
      ["exists", "2"],
      ["exists", "3"],
    ]);
    // A change to another user's calendar is not pushed here.
    await api("ben", "POST", "/calendars/primary/events", lunch("other@x"));

    expect((await api("ana", "POST", "/channels/stop", { id: "chan-1", resourceId: "wrong" })).status).toBe(404);
    expect((await api("ben", "POST", "/channels/stop", { id: "chan-1", resourceId: watched.body.resourceId })).status).toBe(404);
    expect((await api("ana", "POST", "/channels/stop", { id: "chan-1", resourceId: watched.body.resourceId })).status).toBe(204);
    expect(standIn.channels()).toEqual([]);
    await controlCall("/delete", { calendar: "ana@example.com", event_id: event.id });
    // A later watch's sync message arrives after anything the stopped channel could have sent: none did.
    await api("ana", "POST", "/calendars/primary/events/watch", { id: "chan-2", type: "web_hook", address: hook.address, token: "secret-2" });
    const after = await hook.waitFor(4);
    expect(after.map((headers) => headers["x-goog-channel-id"])).toEqual(["chan-1", "chan-1", "chan-1", "chan-2"]);
  });

  it("caps a channel's expiration at the longest Google allows, and refuses a watch without an id or address", async () => {
    const { api } = setUp({ channelTtlMs: 1_000 });
    const before = Date.now();
    const watched = await api("ana", "POST", "/calendars/primary/events/watch", { id: "c", type: "web_hook", address: "http://127.0.0.1:9/x", expiration: String(before + 3_600_000) });
    expect(Number(watched.body.expiration)).toBeLessThanOrEqual(Date.now() + 1_000);
    expect((await api("ana", "POST", "/calendars/primary/events/watch", { type: "web_hook", address: "http://127.0.0.1:9/x" })).status).toBe(400);
    expect((await api("ana", "POST", "/calendars/primary/events/watch", { id: "d", type: "web_hook" })).status).toBe(400);
  });

  it("attendees: the invitee's calendar shows the event (same iCalUID), follows a move, and their answer reaches the organizer through sync", async () => {
    const { api, controlCall } = setUp();
    const organizerToken = (await api("ana", "GET", "/calendars/primary/events")).body.nextSyncToken as string;
    const inserted = (await api("ana", "POST", "/calendars/primary/events", { ...lunch("inv@x"), attendees: [{ email: "Ben@Example.com" }, { email: "nobody@example.com" }] })).body as unknown as GoogleEvent;
    const bens = (await api("ben", "GET", "/calendars/primary/events")).body.items ?? [];
    expect(bens).toHaveLength(1);
    expect(bens[0]).toMatchObject({ iCalUID: "inv@x", organizer: { email: "ana@example.com" } });
    expect(bens[0]!.attendees).toEqual(expect.arrayContaining([{ email: "Ben@Example.com", responseStatus: "needsAction", self: true }]));

    await controlCall("/move", { calendar: "ana@example.com", event_id: inserted.id, start: { dateTime: "2026-03-13T09:00:00Z" }, end: { dateTime: "2026-03-13T10:00:00Z" } });
    expect(((await api("ben", "GET", "/calendars/primary/events")).body.items ?? [])[0]?.start).toEqual({ dateTime: "2026-03-13T09:00:00Z" });

    const answered = await controlCall("/respond", { calendar: "ben@example.com", iCalUID: "inv@x", responseStatus: "accepted" });
    expect(answered.status).toBe(200);
    const seen = await api("ana", "GET", `/calendars/primary/events?syncToken=${organizerToken}`);
    const organizerCopy = seen.body.items?.find((event) => event.id === inserted.id);
    expect(organizerCopy?.attendees).toEqual(expect.arrayContaining([expect.objectContaining({ email: "Ben@Example.com", responseStatus: "accepted" })]));
    expect((await controlCall("/respond", { calendar: "ben@example.com", iCalUID: "inv@x", responseStatus: "maybe" })).status).toBe(400);
    expect((await controlCall("/respond", { calendar: "ana@example.com", iCalUID: "inv@x", responseStatus: "accepted" })).status).toBe(404);

    // A patch naming the attendees again keeps each one's answer, as Google does.
    await api("ana", "PATCH", `/calendars/primary/events/${inserted.id}`, { summary: "Lunch!", attendees: [{ email: "ben@example.com" }] });
    expect(((await api("ben", "GET", "/calendars/primary/events")).body.items ?? [])[0]).toMatchObject({ summary: "Lunch!", attendees: [{ email: "ben@example.com", responseStatus: "accepted", self: true }] });

    // Taken off the list (or the event deleted): the invitee's copy is cancelled.
    await api("ana", "PATCH", `/calendars/primary/events/${inserted.id}`, { attendees: [] });
    expect((await api("ben", "GET", "/calendars/primary/events")).body.items).toEqual([]);
  });

  it("control API: 4xx naming what is missing, 404 for no such event", async () => {
    const { controlCall } = setUp();
    expect(await (await controlCall("/move", { iCalUID: "x" })).json()).toEqual({ error: "calendar is required" });
    expect((await controlCall("/move", { calendar: "ana@example.com", iCalUID: "none", start: { date: "2026-01-01" }, end: { date: "2026-01-02" } })).status).toBe(404);
    expect((await controlCall("/delete", { calendar: "ana@example.com", iCalUID: "none" })).status).toBe(404);
  });
});

describe("localProviderSubjectForEmail", () => {
  it("is the local sign-in provider's sub for an email (deploy/oidc-provider accounts.ts), so an invitation finds that person's calendar", () => {
    for (const email of ["ana@example.com", " Ben.Lee@Example.COM "]) expect(localProviderSubjectForEmail(email)).toBe(subjectForEmail(email));
  });
});
