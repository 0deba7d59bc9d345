import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newUser, signIn, writeHeaders, type User } from "./support/browser.ts";

/**
 * Two-way Google sync in the browser (issue 16 "Must show"): Bruno approves Ana's request, which
 * puts it on her Google Calendar; Ana moves it there (through the Google stand-in's control API,
 * as in Google Calendar's own screen). Her open page shows the new time, without a reload (the
 * push notification → sync → the request edited → her notification refreshes it), and Bruno is
 * asked to review again. The steps share state, so they run in order.
 */

const baseUrl = inject("baseUrl");
const run = randomUUID().slice(0, 8);
const ana = { email: `ana-sync-${run}@example.com`, name: `Ana Sync ${run}` };
const bruno = { email: `bruno-sync-${run}@example.com`, name: `Bruno Sync ${run}` };
const url = (path: string) => new URL(path, baseUrl).href;
const SLOW = { timeout: 30_000 };
const WRITE_HEADERS = writeHeaders(baseUrl);
/** The Google stand-in of the e2e stack (deploy/processes.ts): its test-only control API. */
const GOOGLE = "http://127.0.0.1:4500";
/** Tomorrow (UTC): the request's day. */
const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

let browser: Browser;
let anaUser: User;
let brunoUser: User;
let requestId = "";

beforeAll(async () => {
  browser = await launchBrowser();
  anaUser = await newUser(browser, { timezoneId: "UTC" });
  brunoUser = await newUser(browser, { timezoneId: "UTC" });
});

afterAll(async () => {
  await browser?.close();
});

type Seen = { event_request: { google_event_id: string | null; status: string; approvers: Array<{ status: string }> } };

describe("two-way Google sync", () => {
  it("Bruno approves Ana's request, which puts it on her Google Calendar", async () => {
    await signIn(anaUser.page, baseUrl, ana);
    await signIn(brunoUser.page, baseUrl, bruno);
    const brunoId = ((await (await brunoUser.page.request.get(url("/api/v1/auth/session"))).json()) as { user: { id: string } }).user.id;
    const sent = await anaUser.page.request.post(url("/api/v1/relationship-requests"), { headers: WRITE_HEADERS, data: { requested_email: bruno.email } });
    expect(sent.status()).toBe(201);
    const { relationship_request: relationshipRequest } = (await sent.json()) as { relationship_request: { id: string } };
    await expect
      .poll(async () => (await brunoUser.page.request.post(url(`/api/v1/relationship-requests/${relationshipRequest.id}/approve`), { headers: WRITE_HEADERS })).status(), SLOW)
      .toBe(200);

    const created = await anaUser.page.request.post(url("/api/v1/event-requests"), {
      headers: WRITE_HEADERS,
      data: { title: "Sync lunch", start_date: { date_time: `${day}T12:00`, time_zone: "UTC" }, end_date: { date_time: `${day}T13:00`, time_zone: "UTC" }, approvers: [{ user_id: brunoId, required: true }] },
    });
    expect(created.status()).toBe(201);
    requestId = ((await created.json()) as { event_request: { id: string } }).event_request.id;
    await expect.poll(async () => (await brunoUser.page.request.post(url(`/api/v1/event-requests/${requestId}/approvals/approve`), { headers: WRITE_HEADERS, data: {} })).status(), SLOW).toBe(200);
    await expect.poll(async () => ((await (await anaUser.page.request.get(url(`/api/v1/event-requests/${requestId}`))).json()) as Seen).event_request.google_event_id, SLOW).not.toBeNull();
  });

  it("a move in Google shows on Ana's open page, and Bruno is asked again", async () => {
    const { page } = anaUser;
    await page.goto(url(`/events/${requestId}`));
    await page.getByText("12:00 PM").first().waitFor(SLOW);

    const moved = await fetch(`${GOOGLE}/control/move`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ calendar: ana.email, iCalUID: `amia-${requestId}@amia.app`, start: { dateTime: `${day}T15:00:00Z`, timeZone: "UTC" }, end: { dateTime: `${day}T16:00:00Z`, timeZone: "UTC" } }),
    });
    expect(moved.status).toBe(200);

    // No reload: the page Ana has open follows.
    await page.getByText("3:00 PM").first().waitFor(SLOW);
    expect(await page.getByText("12:00 PM").count()).toBe(0);

    await expect.poll(async () => ((await (await brunoUser.page.request.get(url(`/api/v1/event-requests/${requestId}`))).json()) as Seen).event_request.approvers[0]?.status, SLOW).toBe("pending");
    await brunoUser.page.goto(url(`/events/${requestId}`));
    await brunoUser.page.getByText("Your review").waitFor(SLOW);
    await brunoUser.page.getByText("3:00 PM").first().waitFor(SLOW);
  });
});
