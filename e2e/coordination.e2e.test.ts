import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { recordAiUsage } from "./support/ai-usage.ts";
import { seriousViolations } from "./support/axe.ts";
import { launchBrowser, newUser, signIn, writeHeaders, type User } from "./support/browser.ts";
import { screenshot } from "./support/screenshots.ts";

/**
 * The whole product in a real browser against the whole local stack (issue 7, "Must show"):
 * two people sign in through the local provider; Ana asks Bruno to connect and he accepts; Ana
 * drafts an event with smart-fill naming Bruno as required reviewer; Bruno sees the notification
 * arrive live and approves; Ana sees it approved and on her calendar. Then chat, profile, the
 * public pages and the mobile menu. The steps share state, so they run in order.
 */

const baseUrl = inject("baseUrl");
const run = randomUUID().slice(0, 8);
const ana = { email: `ana-${run}@example.com`, name: `Ana Silva ${run}` };
const bruno = { email: `bruno-${run}@example.com`, name: `Bruno Costa ${run}` };
const url = (path: string) => new URL(path, baseUrl).href;
/** Waiting for the services (Kafka hops, the calendar sync job) is measured in seconds. */
const SLOW = { timeout: 30_000 };

let browser: Browser;
let anaUser: User;
let brunoUser: User;
let eventPath = "";

beforeAll(async () => {
  browser = await launchBrowser();
  anaUser = await newUser(browser);
  brunoUser = await newUser(browser);
});

afterAll(async () => {
  await browser?.close();
});

/** Monday 00:00 UTC of the week after the one `now` is in (weeks start on Monday). */
function startOfNextWeekUtc(now: number): number {
  const today = new Date(now);
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const daysSinceMonday = (today.getUTCDay() + 6) % 7;
  return midnight + (7 - daysSinceMonday) * 86_400_000;
}

/**
 * Puts a busy time into the user's Google calendar through the product: a request with no
 * reviewers, approved at once, synced by the calendar service. Returns it as [start, end) ms.
 */
async function busyInGoogle(page: Page, title: string, start: Date, end: Date): Promise<readonly [number, number]> {
  const headers = writeHeaders(baseUrl);
  const localUtc = (date: Date) => date.toISOString().slice(0, 16);
  const created = await page.request.post(url("/api/v1/event-requests"), {
    headers,
    data: { title, start_date: { date_time: localUtc(start), time_zone: "UTC" }, end_date: { date_time: localUtc(end), time_zone: "UTC" } },
  });
  expect(created.status()).toBe(201);
  const { event_request: request } = (await created.json()) as { event_request: { id: string } };
  await expect
    .poll(async () => ((await (await page.request.get(url(`/api/v1/event-requests/${request.id}`))).json()) as { event_request: { google_event_id: string | null } }).event_request.google_event_id, SLOW)
    .not.toBeNull();
  return [start.getTime(), end.getTime()] as const;
}

async function heading(page: Page, name: string | RegExp) {
  await page.getByRole("heading", { name }).first().waitFor(SLOW);
}

describe("two people coordinating an event", () => {
  it("signs both in through the provider and lands them on their dashboards", async () => {
    await signIn(anaUser.page, baseUrl, ana);
    await signIn(brunoUser.page, baseUrl, bruno);
    for (const { page } of [anaUser, brunoUser]) {
      await heading(page, "Dashboard");
      await page.getByRole("heading", { name: "Notifications" }).waitFor(SLOW);
    }
    await expect(anaUser.page.getByText(ana.name, { exact: true }).first().isVisible()).resolves.toBe(true);
  });

  it("has no serious accessibility violations on the dashboard", async () => {
    await anaUser.page.getByText("No pending drafts").waitFor(SLOW);
    await screenshot(anaUser.page, "desktop-dashboard");
    expect(await seriousViolations(anaUser.page)).toEqual([]);
  });

  it("lets Ana send Bruno a relationship request from the dashboard, and Bruno accept it", async () => {
    const { page } = anaUser;
    await page.getByRole("button", { name: "Relationships" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(bruno.email);
    await dialog.getByRole("button", { name: "Send Request" }).click();
    await page.getByText("Relationship request sent").waitFor(SLOW);

    // Bruno's dashboard is open: the notification arrives by itself (its title is truncated at
    // 25 characters; the whole of it is the tooltip).
    await brunoUser.page.locator(`[title="${ana.name} wants to connect"]`).waitFor(SLOW);

    await brunoUser.page.goto(url("/profile?tab=relationships"));
    const accept = brunoUser.page.getByRole("button", { name: `Accept request from ${ana.name}` });
    await accept.waitFor(SLOW);
    await accept.click();
    await brunoUser.page.getByText(ana.email).first().waitFor(SLOW);
    await brunoUser.page.getByText("Connected since", { exact: false }).first().waitFor(SLOW);
    // Bruno keeps his dashboard open from here on: what Ana does next must reach it live.
    await brunoUser.page.goto(url("/dashboard"));
    await heading(brunoUser.page, "Dashboard");
  });

  it("lets Ana draft an event with smart-fill and Bruno as required reviewer", async () => {
    const { page } = anaUser;
    await page.goto(url("/events/new"));
    await page.getByLabel("Describe your event").fill("Lunch with Sarah tomorrow at noon at Joe's Pizza");
    await page.getByRole("button", { name: "Smart fill" }).click();
    await expect.poll(() => page.getByLabel("Title").inputValue(), SLOW).toBe("Lunch with Sarah");
    expect(await page.getByLabel("Location").inputValue()).toBe("Joe's Pizza");
    expect(await page.getByLabel("Start time").inputValue()).toBe("12:00");

    const reviewer = page.getByLabel("Reviewer");
    await expect.poll(() => reviewer.locator("option", { hasText: bruno.name }).count(), SLOW).toBe(1);
    await reviewer.selectOption({ label: bruno.name });
    await page.getByRole("checkbox", { name: "Required Review" }).check();
    await screenshot(page, "desktop-event-new");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Create Event" }).click();
    await page.waitForURL((target) => target.pathname === "/dashboard", SLOW);
    await page.getByText("Lunch with Sarah").first().waitFor(SLOW);
  });

  it("shows Bruno the review request live, and lets him approve it", async () => {
    const { page } = brunoUser;
    // No reload: the notification comes over the BFF's live stream.
    const reviewLink = page.locator(`a[href^="/events/"][title="${ana.name} asks you to review “Lunch with Sarah”"]`);
    await reviewLink.waitFor(SLOW);
    await screenshot(page, "desktop-dashboard-reviewer");
    await reviewLink.click();
    await page.waitForURL((target) => /^\/events\/[^/]+$/.test(target.pathname), SLOW);
    eventPath = new URL(page.url()).pathname;
    await page.getByRole("button", { name: "Approve" }).click();
    await page.getByText("You approved this event request").waitFor(SLOW);
  });

  it("shows Ana her request approved, 1 of 1 required approvals, and the event on her calendar", async () => {
    const { page } = anaUser;
    await page.goto(url(eventPath));
    await heading(page, "Lunch with Sarah");
    await page.getByText("1 of 1 required approvals").first().waitFor(SLOW);
    expect(await page.getByText("Approved", { exact: true }).count()).toBeGreaterThan(0);
    // The calendar service creates the Google event from the approval (a BullMQ job).
    await expect
      .poll(async () => {
        await page.reload();
        await heading(page, "Lunch with Sarah");
        return page.getByText("Added to Google Calendar").count();
      }, SLOW)
      .toBe(1);
    await screenshot(page, "desktop-event-detail");
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(url("/dashboard"));
    const upcoming = page.locator(".card", { has: page.getByRole("heading", { name: "Upcoming events" }) });
    await upcoming.getByText("Lunch with Sarah").waitFor(SLOW);
  });

  it("streams a chat reply and renders it as markdown", async () => {
    const { page } = anaUser;
    await page.goto(url("/chat"));
    await page.getByLabel("Message").fill("Dinner with Marta next Friday at 8pm at Casa Nostra");
    await page.keyboard.press("Enter");
    const log = page.getByRole("log");
    // Offline mode (no model configured) answers "Here's what I'd plan ... **Dinner with Marta**, ..." with a card to confirm.
    await log.locator("strong", { hasText: "Dinner with Marta" }).first().waitFor(SLOW);
    expect(await log.getByText("Dinner with Marta next Friday at 8pm at Casa Nostra").count()).toBe(1);
    await screenshot(page, "desktop-chat");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("answers questions without writing, and writes only what Ana confirms (the assistant, issue 10)", async () => {
    const { page } = anaUser;
    const countOf = async (who: Page, query = "") =>
      ((await (await who.request.get(url(`/api/v1/event-requests${query}`))).json()) as { event_requests: unknown[] }).event_requests.length;
    const before = { ana: await countOf(page), brunoReviews: await countOf(brunoUser.page, "?role=reviewer") };
    const ask = async (message: string) => {
      const answers = page.locator(".chat-message--assistant:not(.chat-message--pending)");
      const replies = await answers.count();
      await page.getByLabel("Message").fill(message);
      await page.keyboard.press("Enter");
      await answers.nth(replies).waitFor(SLOW);
      await page.getByLabel("Message").and(page.locator(":enabled")).waitFor(SLOW);
    };

    await page.goto(url("/chat"));
    const log = page.getByRole("log");
    await ask("What events do I have this week?");
    await ask("When am I free tomorrow afternoon?");
    await ask("Find a free hour for coffee with Bruno next week");
    expect(await log.getByText("What events do I have").count()).toBe(1);
    // Three questions wrote nothing: no request for Ana, none for Bruno to review.
    expect(await countOf(page)).toBe(before.ana);
    expect(await countOf(brunoUser.page, "?role=reviewer")).toBe(before.brunoReviews);

    await ask("Lunch with Bruno Friday at 1pm at Joe's");
    const card = log.locator("article.proposal-card").last();
    await card.getByRole("heading", { name: /Lunch with Bruno/ }).waitFor(SLOW);
    const cardText = await card.innerText();
    expect(cardText).toContain(bruno.name);
    expect(cardText).toMatch(/1 hour · default for a meal/);
    expect(cardText).toMatch(/UTC|[A-Z][a-z]+\/[A-Z]/); // the event's zone is named
    expect(await card.getByRole("switch", { name: new RegExp(`Required review from ${bruno.name}`) }).isChecked()).toBe(true);
    expect(await countOf(page)).toBe(before.ana);
    await screenshot(page, "desktop-chat-proposal");
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole("button", { name: "Confirm" }).click();
    await card.getByRole("link", { name: "View the event request" }).waitFor(SLOW);
    expect(await countOf(page)).toBe(before.ana + 1);
    // Bruno is asked to review it.
    expect(await countOf(brunoUser.page, "?role=reviewer")).toBe(before.brunoReviews + 1);

    await card.getByRole("button", { name: /^Undo/ }).click();
    await card.getByRole("status").filter({ hasText: "Undone" }).waitFor(SLOW);
    expect(await countOf(page)).toBe(before.ana);
    expect(await countOf(brunoUser.page, "?role=reviewer")).toBe(before.brunoReviews);
  });

  it("finds times when Ana and Bruno are both free next week, around both Google calendars (issue 10)", async () => {
    const { page } = anaUser;
    // Next week in UTC (the browsers' zone): Monday 00:00 of the coming week.
    const monday = startOfNextWeekUtc(Date.now());
    const at = (day: number, hour: number) => new Date(monday + day * 86_400_000 + hour * 3_600_000);
    // Busy times reach both Google calendars (the stand-in) the way the product puts them there:
    // an event with no reviewers is approved at once and the calendar service syncs it.
    const busy = [
      await busyInGoogle(anaUser.page, "Dentist", at(0, 9), at(0, 13)),
      await busyInGoogle(brunoUser.page, "Gym", at(0, 13), at(0, 17)),
      await busyInGoogle(brunoUser.page, "Workshop", at(1, 9), at(1, 17)),
    ];

    // Bruno shares his free/busy with his connections (off by default).
    await brunoUser.page.goto(url("/profile?tab=settings"));
    const share = brunoUser.page.getByRole("switch", { name: "Share my free/busy with my connections" });
    await share.waitFor(SLOW);
    await share.check();
    await brunoUser.page.getByRole("button", { name: "Save" }).click();
    await brunoUser.page.getByText("Settings saved.").waitFor(SLOW);

    await page.goto(url("/chat"));
    const answers = page.locator(".chat-message--assistant:not(.chat-message--pending)");
    // The calendar service learns of Bruno's consent from his settings event: ask again until it has.
    await expect
      .poll(async () => {
        const replies = await answers.count();
        await page.getByLabel("Message").fill("When are Bruno and I both free next week?");
        await page.keyboard.press("Enter");
        await answers.nth(replies).waitFor(SLOW);
        await page.getByLabel("Message").and(page.locator(":enabled")).waitFor(SLOW);
        return /doesn.t share/.test(await answers.nth(replies).innerText());
      }, { timeout: 60_000, interval: 1_000 })
      .toBe(false);

    // The slots the cards offer, as the server stored them with this conversation.
    const conversationId = new URL(page.url()).searchParams.get("c");
    expect(conversationId).toBeTruthy();
    const { conversation } = (await (await page.request.get(url(`/api/v1/agent/conversations/${conversationId}`))).json()) as {
      conversation: { messages: Array<{ role: string; proposals: Array<{ event: { start_date: { date_time: string; time_zone: string }; end_date: { date_time: string; time_zone: string }; reviewers: Array<{ full_name: string | null; required: boolean }> } }> }> };
    };
    const slots = conversation.messages.at(-1)!.proposals.map((proposal) => proposal.event);
    expect(slots.length).toBeGreaterThanOrEqual(1);
    expect(slots.length).toBeLessThanOrEqual(3);
    for (const slot of slots) {
      expect(slot.start_date.time_zone).toBe("UTC");
      const start = Date.parse(`${slot.start_date.date_time}Z`);
      const end = Date.parse(`${slot.end_date.date_time}Z`);
      expect(start).toBeGreaterThanOrEqual(monday);
      for (const [busyStart, busyEnd] of busy) expect(start < busyEnd && end > busyStart, slot.start_date.date_time).toBe(false);
      expect(slot.reviewers).toEqual([expect.objectContaining({ full_name: bruno.name, required: true })]);
    }
    // Ana and Bruno are busy all of Monday's working hours between them, Bruno all of Tuesday's:
    // the first slot is Wednesday morning.
    expect(Date.parse(`${slots[0]!.start_date.date_time}Z`)).toBe(at(2, 9).getTime());
    // Each slot is a card that can become a request with Bruno as reviewer.
    await expect.poll(() => answers.last().locator("article.proposal-card").count(), SLOW).toBe(slots.length);
    // Nobody said how long: the cards say the length is the usual one for a meeting.
    expect(await answers.last().locator("article.proposal-card").first().innerText()).toMatch(/1 hour · default for a meeting/);
    await screenshot(page, "desktop-chat-free-time");
  });

  it("pages through AI usage and shows every profile tab", async () => {
    const { page } = anaUser;
    const session = (await (await page.request.get(url("/api/v1/auth/session"))).json()) as { user: { id: string } };
    // Twelve records, so the AI Usage tab has two pages.
    await recordAiUsage({ brokers: inject("infra").kafkaBrokers, userId: session.user.id, count: 12, tag: run });

    await page.goto(url("/profile"));
    await heading(page, "Profile");
    await page.getByText(ana.email).first().waitFor(SLOW);
    await page.getByRole("tab", { name: "Settings" }).click();
    await page.getByRole("switch", { name: "Share my free/busy with my connections" }).waitFor(SLOW);
    expect(await page.getByRole("switch", { name: "Share my free/busy with my connections" }).isChecked()).toBe(false);
    await page.getByRole("tab", { name: "Relationships" }).click();
    await page.getByText(bruno.email).first().waitFor(SLOW);
    await page.getByRole("tab", { name: "AI Usage" }).click();
    expect(new URL(page.url()).searchParams.get("tab")).toBe("ai-usage");
    await page.getByText("AI pricing data is privileged data, this will be removed in future releases.").waitFor(SLOW);
    await expect.poll(() => page.getByText("Page 1 of 2").count(), SLOW).toBe(1);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Page 2 of 2").waitFor(SLOW);
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    expect(await page.getByText(/^\$\d+\.\d{4}$/).count()).toBeGreaterThan(0);
    await screenshot(page, "desktop-profile-ai-usage");
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe("public pages", () => {
  it("shows the landing page without serious accessibility violations", async () => {
    const { context, page } = await newUser(browser);
    try {
      await page.goto(url("/"));
      await heading(page, "Making event coordination effortless");
      await page.getByText("24/7 AI Availability").waitFor(SLOW);
      await screenshot(page, "desktop-landing");
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows the pricing toast for 'Contact Us'", async () => {
    const { context, page } = await newUser(browser);
    try {
      await page.goto(url("/pricing"));
      await page.getByRole("button", { name: "Contact Us" }).first().click();
      await page.getByText("currently being trialled", { exact: false }).waitFor(SLOW);
      await screenshot(page, "desktop-pricing");
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows the not-found page for an unknown path", async () => {
    const { context, page } = await newUser(browser);
    try {
      await page.goto(url(`/no-such-page-${run}`));
      await page.getByText("Not sure, but this page sure isn't.").waitFor(SLOW);
      expect(await page.getByRole("button", { name: "Go Back" }).count()).toBe(1);
      await screenshot(page, "desktop-not-found");
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("session", () => {
  it("sends a user whose session ended elsewhere back to /login, saying so", async () => {
    const { context, page } = await newUser(browser);
    try {
      await signIn(page, baseUrl, { email: `carla-${run}@example.com`, name: "Carla" });
      await heading(page, "Dashboard");
      // Signed out in another tab: the session is gone on the server, the app does not know yet.
      const logout = await page.request.post(url("/api/v1/auth/logout"), { headers: writeHeaders(baseUrl) });
      expect(logout.status()).toBe(204);

      await page.getByRole("button", { name: "Profile menu" }).click();
      await page.getByRole("menuitem", { name: "Events" }).click();
      await page.getByText("Session expired. Please login again.").waitFor(SLOW);
      await page.waitForURL((target) => target.pathname === "/login", SLOW);
      expect(new URL(page.url()).searchParams.get("return_to")).toBe("/events");
    } finally {
      await context.close();
    }
  });
});

describe("mobile (375 px)", () => {
  it("opens the public and the signed-in hamburger menus", async () => {
    const { context, page } = await newUser(browser, { viewport: { width: 375, height: 812 } });
    try {
      await page.goto(url("/"));
      await heading(page, "Making event coordination effortless");
      expect(await page.getByText("24/7 AI Availability").isVisible()).toBe(false);
      await page.getByRole("button", { name: "Open menu" }).click();
      const publicMenu = page.getByRole("navigation", { name: "Main menu" });
      await publicMenu.getByRole("link", { name: "Log In" }).waitFor(SLOW);
      await screenshot(page, "mobile-landing-menu");

      await signIn(page, baseUrl, ana);
      await heading(page, "Dashboard");
      // A second sign-in brings new Google tokens; the calendar is still Ana's.
      const upcoming = page.locator(".card", { has: page.getByRole("heading", { name: "Upcoming events" }) });
      await upcoming.getByText("Lunch with Sarah").waitFor(SLOW);
      await screenshot(page, "mobile-dashboard");
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("navigation", { name: "Main menu" });
      for (const item of ["Profile", "Events"]) await menu.getByRole("link", { name: item }).waitFor(SLOW);
      await menu.getByRole("button", { name: "Sign Out" }).waitFor(SLOW);
      await screenshot(page, "mobile-menu");
      await menu.getByRole("link", { name: "Events" }).click();
      await heading(page, "Events");
      expect(await page.getByRole("navigation", { name: "Main menu" }).count()).toBe(0);
      await page.getByRole("heading", { name: "Lunch with Sarah" }).first().waitFor(SLOW);
      await screenshot(page, "mobile-events");

      await page.goto(url("/chat"));
      await page.getByLabel("Message").waitFor(SLOW);
      await screenshot(page, "mobile-chat");
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
