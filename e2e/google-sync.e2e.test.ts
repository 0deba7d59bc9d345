import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newUser, signIn, writeHeaders, type User } from "./support/browser.ts";
import { screenshot } from "./support/screenshots.ts";

/**
 * Two-way Google sync in the browser (issue 16 "Must show"): Bruno approves Ana's request, which
 * puts it on her Google Calendar; Ana moves it there (through the Google stand-in's control API,
 * as in Google Calendar's own screen). Her open page shows the new time, without a reload (the
 * push notification → sync → the request edited → her notification refreshes it), and Bruno is
 * asked to review again. /calendar then shows it on its new day and time only, tentative again
 * (pending Bruno's new review), in week and month views at 1280 px and in the phone's agenda at
 * 375 px. The steps share state, so they run in order.
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
const DAY_MS = 86_400_000;
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
/**
 * The request's day (UTC): from tomorrow, the first day whose next day, where it is moved to, is in
 * the same week (weeks start on Monday) and month, so each view shows the old day beside the new.
 */
let day = dayAfter(new Date().toISOString().slice(0, 10));
while (new Date(`${day}T00:00:00Z`).getUTCDay() === 0 || dayAfter(day).slice(0, 7) !== day.slice(0, 7)) day = dayAfter(day);
const movedDay = dayAfter(day);
/** The agenda's day heading, "Tuesday, November 24, 2026". */
const agendaDate = (day: string) =>
  new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));
/** The moved request as the calendar names it: tentative again, on the new time (Ana's browser is on UTC). */
const MOVED_ITEM = "Pending approval: Sync lunch 3:00 PM – 4:00 PM";

let browser: Browser;
let anaUser: User;
let brunoUser: User;
let anaPhone: User;
let requestId = "";

beforeAll(async () => {
  browser = await launchBrowser();
  anaUser = await newUser(browser, { timezoneId: "UTC" });
  brunoUser = await newUser(browser, { timezoneId: "UTC" });
  anaPhone = await newUser(browser, { timezoneId: "UTC", viewport: { width: 375, height: 812 } });
});

afterAll(async () => {
  await browser?.close();
});

type Seen = { event_request: { google_event_id: string | null; status: string; start_date: { date_time: string }; approvers: Array<{ status: string }> } };

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

    // Polled: the events service learns of the new connection from the relationships' event (a 400 naming the reviewer until then, changing nothing).
    await expect
      .poll(async () => {
        const created = await anaUser.page.request.post(url("/api/v1/event-requests"), {
          headers: WRITE_HEADERS,
          data: { title: "Sync lunch", start_date: { date_time: `${day}T12:00`, time_zone: "UTC" }, end_date: { date_time: `${day}T13:00`, time_zone: "UTC" }, approvers: [{ user_id: brunoId, required: true }] },
        });
        if (created.status() === 201) requestId = ((await created.json()) as { event_request: { id: string } }).event_request.id;
        return created.status();
      }, SLOW)
      .toBe(201);
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
      body: JSON.stringify({ calendar: ana.email, iCalUID: `amia-${requestId}@amia.app`, start: { dateTime: `${movedDay}T15:00:00Z`, timeZone: "UTC" }, end: { dateTime: `${movedDay}T16:00:00Z`, timeZone: "UTC" } }),
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

  it("the calendar shows it on its new day and time only, tentative again, in week and month at 1280 px", async () => {
    // What the app does after the move: the request is pending again (Bruno must review it again), so it is tentative.
    const seen = ((await (await anaUser.page.request.get(url(`/api/v1/event-requests/${requestId}`))).json()) as Seen).event_request;
    expect(seen).toMatchObject({ status: "pending", start_date: { date_time: `${movedDay}T15:00` } });

    const { page } = anaUser;
    await page.goto(url(`/calendar?view=week&date=${movedDay}`));
    const newColumn = page.locator(`.calendar-week__day[data-items-of="${movedDay}"]`);
    const item = newColumn.getByRole("button", { name: MOVED_ITEM, exact: true });
    await item.waitFor(SLOW);
    expect(await item.getAttribute("class")).toContain("calendar-item--tentative");
    expect(await item.textContent()).toContain("Pending approval:");
    // Drawn from 15:00 to 16:00 on the day's column (24 hours tall), not on its old day or time; and once (its Google event is its twin).
    const [itemBox, columnBox] = [await item.boundingBox(), await newColumn.boundingBox()];
    expect(itemBox && columnBox).toBeTruthy();
    expect(((itemBox!.y - columnBox!.y) / columnBox!.height) * 24).toBeCloseTo(15, 1);
    expect(((itemBox!.y + itemBox!.height - columnBox!.y) / columnBox!.height) * 24).toBeCloseTo(16, 0);
    expect(await page.locator(`[data-items-of="${day}"]`).getByRole("button", { name: /Sync lunch/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /Sync lunch/ }).count()).toBe(1);
    expect(await page.getByText("12:00 PM").count()).toBe(0);
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, "desktop-calendar-week-moved-in-google");

    await page.getByRole("button", { name: "Month", exact: true }).click();
    await page.waitForURL((target) => target.searchParams.get("view") === "month" && target.searchParams.get("date") === movedDay, SLOW);
    const newCell = page.locator(`.calendar-month__day[data-day="${movedDay}"]`);
    const monthItem = newCell.getByRole("button", { name: MOVED_ITEM, exact: true });
    await monthItem.waitFor(SLOW);
    expect(await monthItem.getAttribute("class")).toContain("calendar-item--tentative");
    expect(await page.locator(`.calendar-month__day[data-day="${day}"]`).getByRole("button", { name: /Sync lunch/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /Sync lunch/ }).count()).toBe(1);
    await screenshot(page, "desktop-calendar-month-moved-in-google");
  });

  it("the phone's agenda (375 px) lists it under its new day only, tentative, in week and month", async () => {
    const { page } = anaPhone;
    await signIn(page, baseUrl, ana);
    for (const view of ["week", "month"] as const) {
      await page.goto(url(`/calendar?view=${view}&date=${movedDay}`));
      const agenda = page.getByRole("list", { name: "Agenda" });
      await agenda.waitFor(SLOW);
      const newDay = agenda.getByRole("listitem").filter({ has: page.getByRole("heading", { name: agendaDate(movedDay) }) });
      const item = newDay.getByRole("button", { name: MOVED_ITEM, exact: true });
      await item.waitFor(SLOW);
      expect(await item.getAttribute("class")).toContain("calendar-item--tentative");
      // The time is written out on the phone (the agenda is not a grid).
      expect(await item.textContent()).toContain("3:00 PM – 4:00 PM");
      expect(await agenda.getByRole("heading", { name: agendaDate(day) }).count()).toBe(0);
      expect(await agenda.getByRole("button", { name: /Sync lunch/ }).count()).toBe(1);
      expect(await page.locator(".calendar-week, .calendar-month").count()).toBe(0);
      expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(375);
      await screenshot(page, `phone-calendar-${view}-agenda-moved-in-google`);
    }
  });
});
