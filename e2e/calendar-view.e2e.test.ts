import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { subjectForEmail } from "../deploy/oidc-provider/src/accounts.ts";
import { seriousViolations } from "./support/axe.ts";
import { launchBrowser, newUser, signIn, writeHeaders, type User } from "./support/browser.ts";
import { screenshot } from "./support/screenshots.ts";

/**
 * The calendar view and the Google Calendar connection (issue 16 points 4 and 5, "Must show"):
 * Ana has events in Google (added through the Google stand-in, as from her phone), an approved
 * request (on her Google calendar too: shown once) and a pending one (Bruno must review it).
 * /calendar shows them in week and month views at 1280 px and as an agenda at 375 px, today
 * marked, on the keyboard; a click opens the detail; another browser zone moves the times; and
 * Settings goes connected → Disconnect → not connected, after which the calendar still shows
 * her requests under a banner. The steps share state, so they run in order.
 */

const baseUrl = inject("baseUrl");
const run = randomUUID().slice(0, 8);
const ana = { email: `ana-cal-${run}@example.com`, name: `Ana Calendar ${run}` };
const bruno = { email: `bruno-cal-${run}@example.com`, name: `Bruno Calendar ${run}` };
const url = (path: string) => new URL(path, baseUrl).href;
const SLOW = { timeout: 30_000 };
const WRITE_HEADERS = writeHeaders(baseUrl);
/** The Google stand-in of the e2e stack (deploy/processes.ts). */
const GOOGLE = "http://127.0.0.1:4500";

/** Today and tomorrow in UTC, the main browser's zone. */
const today = new Date().toISOString().slice(0, 10);
/** The `date` the calendar's URL names (polled: the app changes it with the history API). */
const dateInUrl = (page: Page) => new URL(page.url()).searchParams.get("date");
const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const at = (time: string) => `${today}T${time}`;

let browser: Browser;
let anaDesktop: User;
let anaPhone: User;
let anaTokyo: User;
let brunoUser: User;
let approvedId = "";
let pendingId = "";

beforeAll(async () => {
  browser = await launchBrowser();
  anaDesktop = await newUser(browser, { timezoneId: "UTC" });
  anaPhone = await newUser(browser, { timezoneId: "UTC", viewport: { width: 375, height: 812 } });
  anaTokyo = await newUser(browser, { timezoneId: "Asia/Tokyo" });
  brunoUser = await newUser(browser, { timezoneId: "UTC" });
});

afterAll(async () => {
  await browser?.close();
});

/** An event Ana adds in Google herself (not through Amia): Calendar v3 on the stand-in, with tokens on her account. */
async function inAnasGoogle(body: object): Promise<void> {
  const tokens = await fetch(`${GOOGLE}/_stand-in/accounts/${subjectForEmail(ana.email)}/tokens`, { method: "POST" });
  expect(tokens.status).toBe(200);
  const { access_token } = (await tokens.json()) as { access_token: string };
  const inserted = await fetch(`${GOOGLE}/calendar/v3/calendars/primary/events`, {
    method: "POST",
    headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(inserted.status).toBe(200);
}

async function createRequest(page: Page, body: object): Promise<string> {
  const created = await page.request.post(url("/api/v1/event-requests"), { headers: WRITE_HEADERS, data: body });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { event_request: { id: string } }).event_request.id;
}

describe("the calendar view", () => {
  it("signs Ana and Bruno in, connects them, and puts events in Google and requests in Amia", async () => {
    await signIn(anaDesktop.page, baseUrl, ana);
    await signIn(brunoUser.page, baseUrl, bruno);
    const brunoId = ((await (await brunoUser.page.request.get(url("/api/v1/auth/session"))).json()) as { user: { id: string } }).user.id;
    const sent = await anaDesktop.page.request.post(url("/api/v1/relationship-requests"), { headers: WRITE_HEADERS, data: { requested_email: bruno.email } });
    expect(sent.status()).toBe(201);
    const { relationship_request: relationshipRequest } = (await sent.json()) as { relationship_request: { id: string } };
    await expect
      .poll(async () => (await brunoUser.page.request.post(url(`/api/v1/relationship-requests/${relationshipRequest.id}/approve`), { headers: WRITE_HEADERS })).status(), SLOW)
      .toBe(200);

    await inAnasGoogle({ summary: "Dentist", location: "Rua Augusta 1", start: { dateTime: `${at("14:00:00")}Z` }, end: { dateTime: `${at("15:00:00")}Z` } });
    await inAnasGoogle({ summary: "Phone call", start: { dateTime: `${at("14:30:00")}Z` }, end: { dateTime: `${at("15:30:00")}Z` } });
    await inAnasGoogle({ summary: "Conference", start: { date: today }, end: { date: tomorrow } });

    // No reviewers: approved at once, and synced to her Google calendar.
    approvedId = await createRequest(anaDesktop.page, { title: "Team lunch", start_date: { date_time: at("12:00"), time_zone: "UTC" }, end_date: { date_time: at("13:00"), time_zone: "UTC" } });
    await expect
      .poll(async () => ((await (await anaDesktop.page.request.get(url(`/api/v1/event-requests/${approvedId}`))).json()) as { event_request: { google_event_id: string | null } }).event_request.google_event_id, SLOW)
      .not.toBeNull();
    pendingId = await createRequest(anaDesktop.page, {
      title: "Design review",
      start_date: { date_time: at("16:00"), time_zone: "UTC" },
      end_date: { date_time: at("17:00"), time_zone: "UTC" },
      approvers: [{ user_id: brunoId, required: true }],
    });
  });

  it("opens from the dashboard's Full Calendar as this week, today marked, each item once, the pending one tentative", async () => {
    const { page } = anaDesktop;
    await page.goto(url("/dashboard"));
    await page.getByRole("link", { name: "Full Calendar" }).click();
    await page.waitForURL((target) => target.pathname === "/calendar" && target.searchParams.get("view") === "week" && target.searchParams.get("date") === today, SLOW);

    await page.getByRole("button", { name: "Dentist 2:00 PM – 3:00 PM" }).waitFor(SLOW);
    await page.getByRole("button", { name: "Phone call 2:30 PM – 3:30 PM" }).waitFor();
    await page.getByRole("button", { name: "Conference All day" }).waitFor();
    // The approved request is also a Google event: one item.
    expect(await page.getByRole("button", { name: "Team lunch 12:00 PM – 1:00 PM" }).count()).toBe(1);
    const pending = page.getByRole("button", { name: "Pending approval: Design review 4:00 PM – 5:00 PM" });
    await pending.waitFor();
    expect(await pending.getAttribute("class")).toContain("calendar-item--tentative");
    expect(await pending.textContent()).toContain("Pending approval:");
    expect(await page.locator('[aria-current="date"]').getAttribute("data-day")).toBe(today);

    // Overlapping items side by side: Dentist and Phone call share the width.
    const [dentist, call] = [await page.getByRole("button", { name: /^Dentist/ }).boundingBox(), await page.getByRole("button", { name: /^Phone call/ }).boundingBox()];
    expect(dentist && call && dentist.x + dentist.width <= call.x + 1).toBe(true);

    await screenshot(page, "desktop-calendar-week");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("moves by keyboard: arrows by a day, PageDown/PageUp by a week, Home back to today, with visible focus", async () => {
    const { page } = anaDesktop;
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.locator(`[data-day="${today}"]`).first().focus();
    expect(await page.evaluate<string | undefined>("document.activeElement?.dataset?.day")).toBe(today);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => [new URL(page.url()).searchParams.get("date"), ...errors], SLOW).toEqual([tomorrow]);
    await expect.poll(() => page.evaluate<string | undefined>("document.activeElement?.dataset?.day")).toBe(tomorrow);
    const outline = await page.evaluate<string>("getComputedStyle(document.activeElement).outlineStyle");
    expect(outline).not.toBe("none");

    await page.keyboard.press("PageDown");
    const nextWeek = new Date(Date.parse(`${tomorrow}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    await expect.poll(() => dateInUrl(page), SLOW).toBe(nextWeek);
    expect(await page.getByRole("button", { name: /^Dentist/ }).count()).toBe(0);
    await page.keyboard.press("PageUp");
    await expect.poll(() => dateInUrl(page), SLOW).toBe(tomorrow);
    await page.keyboard.press("Home");
    await expect.poll(() => dateInUrl(page), SLOW).toBe(today);
    await expect.poll(() => page.evaluate<string | undefined>("document.activeElement?.dataset?.day")).toBe(today);
  });

  it("opens a Google event's detail in a dialog and a request's on its page", async () => {
    const { page } = anaDesktop;
    await page.getByRole("button", { name: /^Dentist/ }).click();
    const dialog = page.getByRole("dialog", { name: "Dentist" });
    await dialog.waitFor(SLOW);
    await dialog.getByText("Rua Augusta 1").waitFor();
    expect(await dialog.getByRole("link", { name: "Open in Google Calendar" }).getAttribute("href")).toMatch(/^https:\/\//);
    await screenshot(page, "desktop-calendar-google-event");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: /Design review/ }).press("Enter");
    await page.waitForURL((target) => target.pathname === `/events/${pendingId}`, SLOW);
    await page.goBack();
    await page.getByRole("button", { name: /^Team lunch/ }).click();
    await page.waitForURL((target) => target.pathname === `/events/${approvedId}`, SLOW);
  });

  it("shows the month, the URL keeping the view; a full day offers \"+3 more\", and Enter on a day opens its week", async () => {
    const { page } = anaDesktop;
    await page.goto(url(`/calendar?view=week&date=${today}`));
    await page.getByRole("button", { name: "Month", exact: true }).click();
    await page.waitForURL((target) => target.searchParams.get("view") === "month", SLOW);
    const todayCell = page.locator(`.calendar-month__day[data-day="${today}"]`);
    expect(await todayCell.getAttribute("aria-current")).toBe("date");
    // Five items today: the all-day one and the first timed one, then "+3 more".
    await todayCell.getByRole("button", { name: /^Conference/ }).waitFor(SLOW);
    await todayCell.getByRole("button", { name: /^Team lunch/ }).waitFor();
    await todayCell.getByRole("button", { name: "+3 more" }).waitFor();
    await screenshot(page, "desktop-calendar-month");
    expect(await seriousViolations(page)).toEqual([]);

    await todayCell.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((target) => target.searchParams.get("view") === "week" && target.searchParams.get("date") === today, SLOW);
    await page.getByRole("button", { name: /^Dentist/ }).waitFor(SLOW);
  });

  it("is an agenda list on a phone (375 px), in week and month", async () => {
    const { page } = anaPhone;
    await signIn(page, baseUrl, ana);
    await page.goto(url(`/calendar?view=week&date=${today}`));
    const agenda = page.getByRole("list", { name: "Agenda" });
    await agenda.waitFor(SLOW);
    await agenda.getByRole("button", { name: "Dentist 2:00 PM – 3:00 PM" }).waitFor(SLOW);
    await agenda.getByRole("button", { name: "Pending approval: Design review 4:00 PM – 5:00 PM" }).waitFor();
    expect(await page.locator(".calendar-week").count()).toBe(0);
    expect(await agenda.locator('[aria-current="date"]').count()).toBe(1);
    // Nothing wider than the screen.
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(375);
    await screenshot(page, "phone-calendar-week-agenda");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Month", exact: true }).click();
    await page.waitForURL((target) => target.searchParams.get("view") === "month", SLOW);
    await agenda.getByRole("button", { name: /^Team lunch/ }).waitFor(SLOW);
    await screenshot(page, "phone-calendar-month-agenda");
  });

  it("shows the times on the viewer's clocks in another browser zone (Tokyo)", async () => {
    const { page } = anaTokyo;
    await signIn(page, baseUrl, ana);
    await page.goto(url(`/calendar?view=week&date=${today}`));
    // 14:00 UTC is 11:00 PM in Tokyo (UTC+9), the same day.
    await page.getByRole("button", { name: "Dentist 11:00 PM – 12:00 AM" }).waitFor(SLOW);
    await page.getByText("Times in Asia/Tokyo").waitFor();
    await screenshot(page, "desktop-calendar-week-tokyo");
  });
});

describe("the Google Calendar connection in Settings", () => {
  it("goes connected → Disconnect (confirmed) → not connected; the calendar then shows the requests under a banner", async () => {
    const { page } = anaDesktop;
    await page.goto(url("/profile?tab=settings"));
    const card = page.locator(".google-connection");
    await card.getByText("Connected", { exact: true }).waitFor(SLOW);
    await screenshot(page, "desktop-settings-google-connected");
    await card.getByRole("button", { name: "Disconnect" }).click();
    const confirm = page.getByRole("dialog", { name: "Disconnect Google Calendar?" });
    await confirm.waitFor(SLOW);
    await confirm.getByRole("button", { name: "Disconnect" }).click();
    await card.getByText("Not connected", { exact: true }).waitFor(SLOW);
    await card.getByRole("link", { name: "Connect Google Calendar" }).waitFor();
    await screenshot(page, "desktop-settings-google-not-connected");
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(url(`/calendar?view=week&date=${today}`));
    await page.getByText("Google Calendar is not connected").waitFor(SLOW);
    await page.getByRole("button", { name: /Design review/ }).waitFor(SLOW);
    await page.getByRole("button", { name: /^Team lunch/ }).waitFor();
    expect(await page.getByRole("button", { name: /^Dentist/ }).count()).toBe(0);
    await screenshot(page, "desktop-calendar-not-connected");
  });
});
