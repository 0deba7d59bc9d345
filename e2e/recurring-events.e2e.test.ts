import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { seriousViolations } from "./support/axe.ts";
import { launchBrowser, newUser, signIn, type User } from "./support/browser.ts";
import { screenshot } from "./support/screenshots.ts";

/**
 * Recurring events (issue 16 point 2), as a person meets them: Ana, in Lisbon, creates a weekly
 * event in the form — Repeat, the days, how many times — by keyboard where a person would, and
 * reads how it repeats in words on the events list and on the event's page, and sees it on each of
 * its days in the calendar's week view, weeks after it began too. The steps share state,
 * so they run in order.
 */

const baseUrl = inject("baseUrl");
const run = randomUUID().slice(0, 8);
const ana = { email: `ana-repeat-${run}@example.com`, name: `Ana Repeat ${run}` };
const LISBON = "Europe/Lisbon";
const url = (path: string) => new URL(path, baseUrl).href;
const SLOW = { timeout: 30_000 };
const TITLE = `Weekly planning ${run}`;
const WORDS = "Every Tuesday and Thursday at 9:30 AM, 6 times";

/** A Tuesday at least a week ahead. */
const tuesday = (() => {
  const now = new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 7));
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
})();

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let browser: Browser;
let anaLisbon: User;
let requestId = "";

beforeAll(async () => {
  browser = await launchBrowser();
  anaLisbon = await newUser(browser, { timezoneId: LISBON });
});

afterAll(async () => {
  await browser?.close();
});

describe("a weekly event", () => {
  it("is created in the form: Repeat weekly, Tuesday ticked from the start, Thursday added, after 6 times", async () => {
    const { page } = anaLisbon;
    await signIn(page, baseUrl, ana);
    await page.goto(url("/events/new"));
    await page.getByLabel("Title").fill(TITLE);
    await page.getByLabel("Start date").fill(tuesday);
    await page.getByLabel("Start time").fill("09:30");
    await page.getByLabel("End time").fill("10:00");

    // The Repeat choice by keyboard: focus it, and pick "Weekly on chosen days" as a keyboard user does.
    const repeat = page.getByLabel("Repeat", { exact: true });
    expect(await repeat.inputValue()).toBe("none");
    await repeat.focus();
    await repeat.selectOption("weekly");
    // The start's weekday is chosen for her; Thursday is added with the keyboard (Space on its checkbox).
    await expect.poll(() => page.getByRole("checkbox", { name: "Tuesday" }).isChecked(), SLOW).toBe(true);
    await page.getByRole("checkbox", { name: "Thursday" }).focus();
    await page.keyboard.press("Space");
    expect(await page.getByRole("checkbox", { name: "Thursday" }).isChecked()).toBe(true);
    await page.getByRole("radio", { name: "After a number of times" }).check();
    await page.getByLabel("Number of times", { exact: true }).fill("6");
    // The form says it in words before saving.
    await page.getByText(WORDS).waitFor(SLOW);
    await screenshot(page, "desktop-event-form-repeat-weekly");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Create Event" }).click();
    await page.waitForURL((target) => target.pathname === "/dashboard", SLOW);
    const { event_requests: mine } = (await (await page.request.get(url("/api/v1/event-requests"))).json()) as {
      event_requests: Array<{ id: string; title: string | null; recurrence?: string | null; start_date: { date_time?: string; time_zone: string } }>;
    };
    const created = mine.find((request) => request.title === TITLE);
    expect(created).toMatchObject({ recurrence: "FREQ=WEEKLY;BYDAY=TU,TH;COUNT=6", start_date: { date_time: `${tuesday}T09:30`, time_zone: LISBON } });
    requestId = created!.id;
  });

  it("reads in words on the events list and on its page", async () => {
    const { page } = anaLisbon;
    await page.goto(url("/events"));
    const card = page.locator(".event-card", { hasText: TITLE });
    await card.waitFor(SLOW);
    await card.getByText(WORDS).waitFor(SLOW);
    await screenshot(page, "desktop-events-list-repeating");

    await page.goto(url(`/events/${requestId}`));
    await page.getByText(`${WORDS}. Approval covers every occurrence`).waitFor(SLOW);
    await screenshot(page, "desktop-event-detail-repeating");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("is drawn on each of its days in the calendar's week view", async () => {
    const { page } = anaLisbon;
    await page.goto(url(`/calendar?view=week&date=${tuesday}`));
    const occurrences = page.getByRole("button", { name: `${TITLE} 9:30 AM – 10:00 AM` });
    await occurrences.first().waitFor(SLOW);
    // Tuesday and Thursday of that week: the request's two days, once each (Google's instances are the same events).
    await expect.poll(() => occurrences.count(), SLOW).toBe(2);
    await screenshot(page, "desktop-calendar-week-repeating");

    // Two weeks on, the series began 14 days before the week shown: its 5th and 6th times are there too.
    await page.goto(url(`/calendar?view=week&date=${addDays(tuesday, 14)}`));
    await occurrences.first().waitFor(SLOW);
    await expect.poll(() => occurrences.count(), SLOW).toBe(2);
  });

  it("opens in the edit form with the same choice", async () => {
    const { page } = anaLisbon;
    await page.goto(url(`/events/${requestId}/edit`));
    const repeat = page.getByLabel("Repeat", { exact: true });
    await expect.poll(() => repeat.inputValue(), SLOW).toBe("weekly");
    expect(await page.getByRole("checkbox", { name: "Thursday" }).isChecked()).toBe(true);
    expect(await page.getByLabel("Number of times", { exact: true }).inputValue()).toBe("6");
  });
});
