import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { seriousViolations } from "./support/axe.ts";
import { launchBrowser, newUser, signIn, writeHeaders, type User } from "./support/browser.ts";
import { screenshot } from "./support/screenshots.ts";

/**
 * Times that stay right across time zones, and reviews that read clearly (issue 11, "Must show"):
 * Ana works in UTC and also opens the app in a Los Angeles browser; Bruno, her reviewer, is in
 * Los Angeles. Opening Ana's event and saving it unchanged from Los Angeles keeps the Google
 * event's instant; Bruno sees the organizer's time and his own; moving the approved event sends
 * it back to Bruno, live; a request with only an optional reviewer reads without contradiction.
 * The steps share state, so they run in order.
 */

const baseUrl = inject("baseUrl");
const run = randomUUID().slice(0, 8);
const ana = { email: `ana-tz-${run}@example.com`, name: `Ana Silva ${run}` };
const bruno = { email: `bruno-tz-${run}@example.com`, name: `Bruno Costa ${run}` };
const LOS_ANGELES = "America/Los_Angeles";
const url = (path: string) => new URL(path, baseUrl).href;
const SLOW = { timeout: 30_000 };
const WRITE_HEADERS = writeHeaders(baseUrl);

let browser: Browser;
let anaUtc: User;
let anaLa: User;
let brunoLa: User;
let brunoId = "";
let requestId = "";

/** A Thursday two weeks ahead (a winter date: Los Angeles is UTC−8 all that day). */
const day = (() => {
  const now = new Date();
  const thursday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 14));
  while (thursday.getUTCDay() !== 4) thursday.setUTCDate(thursday.getUTCDate() + 1);
  return thursday.toISOString().slice(0, 10);
})();

interface EventRequestView {
  id: string;
  status: string;
  start_date: { date_time?: string; time_zone: string };
  end_date: { date_time?: string; time_zone: string };
  google_event_id: string | null;
  approvers: Array<{ user_id: string; status: string; required: boolean }>;
}

async function requestOf(page: Page, id: string): Promise<EventRequestView> {
  const response = await page.request.get(url(`/api/v1/event-requests/${id}`));
  expect(response.status()).toBe(200);
  return ((await response.json()) as { event_request: EventRequestView }).event_request;
}

/** The Google event of a request, as Ana's calendar (the Google stand-in) holds it. */
async function googleEventOf(page: Page, id: string): Promise<{ start: { date_time?: string | null }; end: { date_time?: string | null } } | undefined> {
  const from = new Date(Date.parse(`${day}T00:00:00Z`) - 7 * 86_400_000).toISOString();
  const to = new Date(Date.parse(`${day}T00:00:00Z`) + 7 * 86_400_000).toISOString();
  const response = await page.request.get(url(`/api/v1/calendar/events?timeMin=${from}&timeMax=${to}`));
  expect(response.status()).toBe(200);
  const { events } = (await response.json()) as { events: Array<{ event_request_id: string | null; start: { date_time?: string | null }; end: { date_time?: string | null } }> };
  return events.find((event) => event.event_request_id === id);
}

const instantOf = (dateTime: string | null | undefined) => Date.parse(dateTime ?? "");

beforeAll(async () => {
  browser = await launchBrowser();
  anaUtc = await newUser(browser, { timezoneId: "UTC" });
  anaLa = await newUser(browser, { timezoneId: LOS_ANGELES });
  brunoLa = await newUser(browser, { timezoneId: LOS_ANGELES });
});

afterAll(async () => {
  await browser?.close();
});

describe("an event in two time zones", () => {
  it("signs Ana in twice (UTC and Los Angeles) and Bruno in Los Angeles, and connects them", async () => {
    await signIn(anaUtc.page, baseUrl, ana);
    await signIn(anaLa.page, baseUrl, ana);
    await signIn(brunoLa.page, baseUrl, bruno);
    brunoId = ((await (await brunoLa.page.request.get(url("/api/v1/auth/session"))).json()) as { user: { id: string } }).user.id;

    const sent = await anaUtc.page.request.post(url("/api/v1/relationship-requests"), { headers: WRITE_HEADERS, data: { requested_email: bruno.email } });
    expect(sent.status()).toBe(201);
    const { relationship_request: request } = (await sent.json()) as { relationship_request: { id: string } };
    await expect
      .poll(async () => (await brunoLa.page.request.post(url(`/api/v1/relationship-requests/${request.id}/approve`), { headers: WRITE_HEADERS })).status(), SLOW)
      .toBe(200);
  });

  it("lets Ana create a 15:00 UTC event in the form, in her zone, with Bruno as required reviewer", async () => {
    const { page } = anaUtc;
    await page.goto(url("/events/new"));
    await page.getByLabel("Title").fill("Design review");
    await page.getByLabel("Start date").fill(day);
    await page.getByLabel("Start time").fill("15:00");
    await page.getByLabel("End time").fill("16:00");
    // A new event starts in the viewer's zone: here the browser's, UTC.
    expect(await page.getByLabel("Time zone").inputValue()).toBe("UTC");
    const reviewer = page.getByLabel("Reviewer");
    await expect.poll(() => reviewer.locator("option", { hasText: bruno.name }).count(), SLOW).toBe(1);
    await reviewer.selectOption({ label: bruno.name });
    await page.getByRole("checkbox", { name: "Required Review" }).check();
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.waitForURL((target) => target.pathname === "/dashboard", SLOW);

    const { event_requests: mine } = (await (await page.request.get(url("/api/v1/event-requests"))).json()) as { event_requests: EventRequestView[] };
    const created = mine.find((request) => request.start_date.date_time?.startsWith(`${day}T15:00`));
    expect(created).toBeDefined();
    requestId = created!.id;
    expect(created!.start_date).toEqual({ date_time: `${day}T15:00`, time_zone: "UTC" });
  });

  it("shows Bruno in Los Angeles the organizer's time and his own, and lets him approve", async () => {
    const { page } = brunoLa;
    await page.goto(url(`/events/${requestId}`));
    // 15:00 UTC is 7:00 AM in Los Angeles in winter.
    await page.getByText(/3:00 PM.*UTC.*7:00 AM.*your time/).first().waitFor(SLOW);
    await screenshot(page, "desktop-event-detail-reviewer-la");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Approve" }).click();
    await page.getByText("You approved this event request").waitFor(SLOW);

    await expect.poll(async () => (await requestOf(anaUtc.page, requestId)).google_event_id, SLOW).not.toBeNull();
    await expect.poll(async () => instantOf((await googleEventOf(anaUtc.page, requestId))?.start.date_time), SLOW).toBe(Date.parse(`${day}T15:00:00Z`));
    // Once synced, the event is on Ana's calendar, not his, and the page says so.
    await page.reload();
    await page.getByText(`On ${ana.name}'s calendar`).waitFor(SLOW);
    expect(await page.getByText("Added to Google Calendar").count()).toBe(0);
  });

  it("keeps the event's zone and instant when Ana opens it in Los Angeles and saves without a change", async () => {
    const { page } = anaLa;
    await page.goto(url(`/events/${requestId}/edit`));
    await expect.poll(() => page.getByLabel("Start time").inputValue(), SLOW).toBe("15:00");
    expect(await page.getByLabel("Time zone").inputValue()).toBe("UTC");
    await screenshot(page, "desktop-event-edit-la");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("No changes to save").waitFor(SLOW);
    await page.waitForURL((target) => target.pathname === "/dashboard", SLOW);

    const after = await requestOf(page, requestId);
    expect(after.start_date).toEqual({ date_time: `${day}T15:00`, time_zone: "UTC" });
    expect(after.status).toBe("approved");
    expect(instantOf((await googleEventOf(page, requestId))?.start.date_time)).toBe(Date.parse(`${day}T15:00:00Z`));
  });

  it("sends a moved event back to Bruno, who sees it arrive live and can approve it again", async () => {
    // Bruno keeps his dashboard open: the news must reach it by itself.
    await brunoLa.page.goto(url("/dashboard"));
    await brunoLa.page.getByRole("heading", { name: "Dashboard" }).first().waitFor(SLOW);

    const { page } = anaUtc;
    await page.goto(url(`/events/${requestId}/edit`));
    await expect.poll(() => page.getByLabel("Start time").inputValue(), SLOW).toBe("15:00");
    await page.getByLabel("Start time").fill("16:00");
    await page.getByLabel("End time").fill("17:00");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL((target) => target.pathname === "/dashboard", SLOW);

    const moved = await requestOf(page, requestId);
    expect(moved.status).toBe("pending");
    expect(moved.approvers).toEqual([expect.objectContaining({ user_id: brunoId, required: true, status: "pending" })]);

    // Live, no reload: the notification names the move and asks again.
    const news = brunoLa.page.locator(`a[href="/events/${requestId}"][title*="moved"]`).first();
    await news.waitFor(SLOW);
    await screenshot(brunoLa.page, "desktop-dashboard-moved-la");
    await news.click();
    await brunoLa.page.waitForURL((target) => target.pathname === `/events/${requestId}`, SLOW);
    await brunoLa.page.getByText(/4:00 PM.*UTC.*8:00 AM.*your time/).first().waitFor(SLOW);
    await brunoLa.page.getByRole("button", { name: "Approve" }).click();
    await brunoLa.page.getByText("You approved this event request").waitFor(SLOW);
    await expect.poll(async () => (await requestOf(page, requestId)).status, SLOW).toBe("approved");
    await expect.poll(async () => instantOf((await googleEventOf(page, requestId))?.start.date_time), SLOW).toBe(Date.parse(`${day}T16:00:00Z`));
  });

  it("words a request with only an optional reviewer without contradiction, for both", async () => {
    const created = await anaUtc.page.request.post(url("/api/v1/event-requests"), {
      headers: WRITE_HEADERS,
      data: {
        title: "Team breakfast",
        start_date: { date_time: `${day}T09:00`, time_zone: "UTC" },
        end_date: { date_time: `${day}T10:00`, time_zone: "UTC" },
        approvers: [{ user_id: brunoId, required: false }],
      },
    });
    expect(created.status()).toBe(201);
    const { event_request: request } = (await created.json()) as { event_request: EventRequestView };
    expect(request.status).toBe("approved");

    const { page } = anaUtc;
    await page.goto(url(`/events/${request.id}`));
    await page.getByText("Approved — no required reviewers · optional: 0 of 1 answered").first().waitFor(SLOW);
    expect(await page.getByText(/0 of 1 approvals completed/).count()).toBe(0);

    await brunoLa.page.goto(url(`/events/${request.id}`));
    await brunoLa.page.getByText(`On ${ana.name}'s calendar`).first().waitFor(SLOW);
    expect(await brunoLa.page.getByText("Added to Google Calendar").count()).toBe(0);
    await brunoLa.page.getByRole("button", { name: "Reject" }).click();
    // His "no" is his answer; the request stays approved.
    await expect.poll(async () => (await requestOf(page, request.id)).status, SLOW).toBe("approved");
    await page.reload();
    await page.getByText("Approved — no required reviewers · optional: 1 of 1 answered").first().waitFor(SLOW);
    await page.getByText(/Rejected · optional/).first().waitFor(SLOW);
    await screenshot(page, "desktop-event-detail-optional");
  });
});
