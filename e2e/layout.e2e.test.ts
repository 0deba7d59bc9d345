import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { recordAiUsage } from "./support/ai-usage.ts";
import { seriousViolations } from "./support/axe.ts";
import { launchBrowser, newUser, signIn, writeHeaders, type User } from "./support/browser.ts";
import { screenshot } from "./support/screenshots.ts";

/**
 * Every screen at every width a phone, a tablet and a desktop give it (issue 12, "Must show"):
 * public and signed-in, with lists filled through the API first (relationships, requests both
 * ways, events over two pages with long titles, reviews, notifications, a chat, AI usage). On
 * each: nothing scrolls sideways (the document is no wider than the width asked for), every
 * visible button and link is the element at its own centre (nothing covers it), and axe finds
 * no serious or critical violation. Screenshots at 375 and 1280 px land in
 * e2e/.artifacts/screenshots/layout-<width>-<screen>.png.
 */

const baseUrl = inject("baseUrl");
const run = randomUUID().slice(0, 8);
const url = (path: string) => new URL(path, baseUrl).href;
const SLOW = { timeout: 30_000 };
const CSRF = writeHeaders(baseUrl);

const WIDTHS = [320, 375, 768, 1280] as const;
const SCREENSHOT_WIDTHS: ReadonlySet<number> = new Set([375, 1280]);
const HEIGHT_FOR: Record<(typeof WIDTHS)[number], number> = { 320: 640, 375: 812, 768: 1024, 1280: 800 };

const ana = { email: `ana-${run}@example.com`, name: `Ana Silva ${run}` };
const bruno = { email: `bruno-${run}@example.com`, name: `Bruno Costa ${run}` };
// Long on purpose: names and addresses that do not fit a phone's line.
const carla = {
  email: `carla.maria.fernandes.de.albuquerque-${run}@a-very-long-organisation-name.example.com`,
  name: `Carla Maria Fernandes de Albuquerque ${run}`,
};
const dan = { email: `dan-${run}@example.com`, name: `Dan Okafor ${run}` };
const eve = { email: `eve.extraordinarily.long.mailbox.name-${run}@subdomain.example-organisation.co.uk`, name: "" };
const LONG_TITLE = `Quarterly planning offsite with the whole product, design and engineering teams ${run}`;

let browser: Browser;
let visitor: User;
let anaUser: User;
/** What the screens need to name: ids made while filling the lists. */
const made = { ownEventId: "", reviewEventId: "", conversationId: "" };

// ---- Filling the lists through the API ----------------------------------------------------

async function call<T>(page: Page, method: "GET" | "POST", path: string, data?: unknown): Promise<T> {
  const response = method === "GET" ? await page.request.get(url(path)) : await page.request.post(url(path), { headers: CSRF, data });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

async function userIdOf(page: Page): Promise<string> {
  return (await call<{ user: { id: string } }>(page, "GET", "/api/v1/auth/session")).user.id;
}

/** Asks `read` until `isDone` holds of its answer (expect.poll works only inside a test, not in beforeAll). */
async function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + SLOW.timeout;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`Still waiting after ${SLOW.timeout / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** `from` asks `to` (an email) to connect; returns the request's id. */
async function requestConnection(from: Page, email: string): Promise<string> {
  return (await call<{ relationship_request: { id: string } }>(from, "POST", "/api/v1/relationship-requests", { requested_email: email })).relationship_request.id;
}

/** The person asked accepts, once their received list holds the request (Kafka hops). */
async function accept(who: Page, requestId: string): Promise<void> {
  await until(
    async () => (await call<{ relationship_requests: Array<{ id: string }> }>(who, "GET", "/api/v1/relationship-requests/received")).relationship_requests,
    (requests) => requests.some((request) => request.id === requestId),
    `relationship request ${requestId} to arrive`,
  );
  await call(who, "POST", `/api/v1/relationship-requests/${requestId}/approve`);
}

/** "YYYY-MM-DD" `days` from today (UTC). */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function createEvent(
  page: Page,
  event: { title: string; day: number; hour: number; description?: string; location?: string; reviewers?: Array<{ user_id: string; required: boolean }> },
): Promise<string> {
  const date = dayFromNow(event.day);
  const at = (hour: number) => `${date}T${String(hour).padStart(2, "0")}:00`;
  const body = {
    title: event.title,
    ...(event.description ? { description: event.description } : {}),
    ...(event.location ? { location: event.location } : {}),
    start_date: { date_time: at(event.hour), time_zone: "Europe/Lisbon" },
    end_date: { date_time: at(event.hour + 1), time_zone: "Europe/Lisbon" },
    approvers: event.reviewers ?? [],
  };
  return (await call<{ event_request: { id: string } }>(page, "POST", "/api/v1/event-requests", body)).event_request.id;
}

async function signedIn(who: { email: string; name: string }): Promise<User> {
  const user = await newUser(browser);
  await signIn(user.page, baseUrl, who);
  return user;
}

beforeAll(async () => {
  browser = await launchBrowser();
  visitor = await newUser(browser);
  anaUser = await signedIn(ana);
  const [brunoUser, carlaUser, danUser, eveUser] = [await signedIn(bruno), await signedIn(carla), await signedIn(dan), await signedIn(eve)];
  const a = anaUser.page;
  const [anaId, brunoId, carlaId] = [await userIdOf(a), await userIdOf(brunoUser.page), await userIdOf(carlaUser.page)];

  // Relationships: Ana with Bruno and with Carla; Dan and Eve ask Ana; Ana asks two more.
  await accept(brunoUser.page, await requestConnection(a, bruno.email));
  await accept(carlaUser.page, await requestConnection(a, carla.email));
  await requestConnection(danUser.page, ana.email);
  await requestConnection(eveUser.page, ana.email);
  await requestConnection(a, `someone.with.a.really.long.address-${run}@example-organisation.co.uk`);
  await requestConnection(a, `friend-${run}@example.com`);

  // Events: twelve of Ana's (two pages), one with a long title, description and location; two
  // she is asked to review.
  made.ownEventId = await createEvent(a, {
    title: LONG_TITLE,
    day: 7,
    hour: 9,
    description: "Agenda: the roadmap for next quarter, hiring, the budget, and a long walk. ".repeat(4),
    location: "Conference room 4B, Avenida da Liberdade 110, 1269-046 Lisboa, Portugal",
    reviewers: [{ user_id: brunoId, required: true }],
  });
  for (let index = 1; index < 12; index += 1) {
    await createEvent(a, {
      title: index % 4 === 0 ? `${LONG_TITLE} #${index}` : `Coffee ${index}`,
      day: 7 + index,
      hour: 10,
      ...(index % 3 === 0 ? { location: "Café Nicola, Rossio" } : {}),
      ...(index % 2 === 0 ? { reviewers: [{ user_id: carlaId, required: index % 4 === 0 }] } : {}),
    });
  }
  made.reviewEventId = await createEvent(brunoUser.page, {
    title: "Team lunch",
    day: 9,
    hour: 12,
    location: "Joe's Pizza",
    reviewers: [{ user_id: anaId, required: true }],
  });
  await createEvent(carlaUser.page, { title: "Book club", day: 10, hour: 18, reviewers: [{ user_id: anaId, required: false }] });

  // A conversation with the assistant, and AI usage over two pages.
  await call(a, "POST", "/api/v1/agent/commands/chat", { messages: [{ role: "user", content: "Dinner with Marta next Friday at 8pm at Casa Nostra" }] }).catch(() => undefined);
  made.conversationId = await until(
    async () => (await call<{ conversations: Array<{ id: string }> }>(a, "GET", "/api/v1/agent/conversations")).conversations[0]?.id ?? "",
    (id) => id !== "",
    "the chat's conversation",
  );
  await recordAiUsage({ brokers: inject("infra").kafkaBrokers, userId: anaId, count: 12, tag: `layout-${run}` });

  // Notifications reach Ana from the others' doings (accepted, asked to connect, asked to review).
  await until(
    async () => (await call<{ total_count: number }>(a, "GET", "/api/v1/notifications?is_read=false")).total_count,
    (count) => count >= 5,
    "Ana's notifications",
  );
  for (const other of [brunoUser, carlaUser, danUser, eveUser]) await other.context.close();
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

// ---- The screens ---------------------------------------------------------------------------

interface Screen {
  name: string;
  /** Who looks: a visitor (signed out) or Ana. */
  as: "visitor" | "ana";
  path: () => string;
  /** Waits until the screen shows what it is for (its lists loaded). */
  ready: (page: Page) => Promise<void>;
  /** A state reached on the screen (a dialog, a menu, a toast), after it is ready. */
  then?: (page: Page, width: number) => Promise<void>;
  /** Where the covered-controls check looks (a dialog covers the page behind it on purpose). */
  scope?: string;
  /** Only at these widths (a hamburger menu exists on phones and tablets only). */
  widths?: readonly number[];
}

const text = (value: string | RegExp) => async (page: Page) => {
  await page.getByText(value).first().waitFor(SLOW);
};
const heading = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole("heading", { name }).first().waitFor(SLOW);
};
const both = (...steps: Array<(page: Page) => Promise<void>>) => async (page: Page) => {
  for (const step of steps) await step(page);
};

const MOBILE = [320, 375, 768] as const;

const SCREENS: Screen[] = [
  { name: "landing", as: "visitor", path: () => "/", ready: heading("Making event coordination effortless") },
  {
    name: "landing-menu",
    as: "visitor",
    path: () => "/",
    ready: heading("Making event coordination effortless"),
    then: async (page) => {
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("navigation", { name: "Main menu" }).waitFor(SLOW);
    },
    widths: MOBILE,
  },
  { name: "pricing", as: "visitor", path: () => "/pricing", ready: text("BEST VALUE") },
  {
    name: "pricing-toast",
    as: "visitor",
    path: () => "/pricing",
    ready: text("BEST VALUE"),
    then: async (page) => {
      // Twice: the second click must not stack a second copy, and the toast must not cover the header.
      const contact = page.getByRole("button", { name: "Contact Us" });
      await contact.first().click();
      await contact.last().click();
      await page.getByText("currently being trialled", { exact: false }).first().waitFor(SLOW);
      expect(await page.getByText("currently being trialled", { exact: false }).count()).toBe(1);
    },
    // A toast lies over whatever is under it for its 10 s; what it must leave free is the header.
    scope: ".public-header",
  },
  { name: "terms", as: "visitor", path: () => "/legal/terms", ready: heading("Terms of Service") },
  { name: "privacy", as: "visitor", path: () => "/legal/privacy", ready: heading("Privacy Policy") },
  { name: "cookies", as: "visitor", path: () => "/legal/cookies", ready: heading("Cookie Policy") },
  { name: "security", as: "visitor", path: () => "/security", ready: heading(/Security/) },
  { name: "not-found", as: "visitor", path: () => `/no-such-page-${run}`, ready: text("Not sure, but this page sure isn't.") },
  { name: "login", as: "visitor", path: () => "/login", ready: heading("Welcome!") },
  {
    name: "auth-callback-error",
    as: "visitor",
    path: () => `/auth/callback?error=${encodeURIComponent("No session found after OAuth callback")}`,
    ready: text("Back to Login"),
  },

  { name: "dashboard", as: "ana", path: () => "/dashboard", ready: both(heading("Dashboard"), text("Coffee 11"), text(/wants to connect/)) },
  {
    name: "dashboard-details",
    as: "ana",
    path: () => "/dashboard",
    ready: both(heading("Dashboard"), text("Coffee 11")),
    then: async (page) => {
      await page.getByRole("button", { name: /^View Coffee 11/ }).click();
      await page.getByRole("dialog").getByText(/required approvals|No reviewers/).first().waitFor(SLOW);
    },
    scope: "[role=dialog]",
  },
  {
    name: "dashboard-relationship",
    as: "ana",
    path: () => "/dashboard",
    ready: heading("Dashboard"),
    then: async (page) => {
      await page.getByRole("button", { name: "Relationships", exact: true }).click();
      await page.getByRole("dialog").getByLabel("Email").waitFor(SLOW);
    },
    scope: "[role=dialog]",
  },
  {
    name: "signed-in-menu",
    as: "ana",
    path: () => "/dashboard",
    ready: heading("Dashboard"),
    then: async (page) => {
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("navigation", { name: "Main menu" }).waitFor(SLOW);
    },
    widths: MOBILE,
  },
  {
    name: "profile-menu",
    as: "ana",
    path: () => "/dashboard",
    ready: heading("Dashboard"),
    then: async (page) => {
      await page.getByRole("button", { name: "Profile menu" }).click();
      await page.getByRole("menu").waitFor(SLOW);
    },
    scope: "header",
    widths: [1280],
  },
  { name: "events", as: "ana", path: () => "/events", ready: both(heading("Events"), text("Page 1 of 2")) },
  { name: "events-page-2", as: "ana", path: () => "/events?page=2", ready: both(heading("Events"), text("Page 2 of 2")) },
  { name: "events-to-review", as: "ana", path: () => "/events?role=reviewer", ready: both(heading("Events"), text("Team lunch")) },
  { name: "event-new", as: "ana", path: () => "/events/new", ready: async (page) => {
    await page.getByLabel("Reviewer").locator("option", { hasText: bruno.name }).waitFor({ state: "attached", ...SLOW });
  } },
  { name: "event-detail", as: "ana", path: () => `/events/${made.ownEventId}`, ready: both(heading(LONG_TITLE), text(bruno.name)) },
  { name: "event-review", as: "ana", path: () => `/events/${made.reviewEventId}`, ready: both(heading("Team lunch"), text("Approve")) },
  { name: "event-edit", as: "ana", path: () => `/events/${made.ownEventId}/edit`, ready: async (page) => {
    await expect.poll(() => page.getByLabel("Title").inputValue(), SLOW).toBe(LONG_TITLE);
  } },
  // The calendar (issue 16): a week and a month holding Ana's requests (pending ones tentative, a long title); an agenda below 641 px.
  { name: "calendar-week", as: "ana", path: () => `/calendar?view=week&date=${dayFromNow(8)}`, ready: text(/Coffee 1\b/) },
  { name: "calendar-month", as: "ana", path: () => `/calendar?view=month&date=${dayFromNow(8)}`, ready: text(/Coffee 1\b/) },
  { name: "profile-account", as: "ana", path: () => "/profile?tab=account-information", ready: text(ana.email) },
  { name: "profile-settings", as: "ana", path: () => "/profile?tab=settings", ready: text("Share my free/busy with my connections") },
  { name: "profile-relationships", as: "ana", path: () => "/profile?tab=relationships", ready: both(text(carla.email), text(eve.email), text(`friend-${run}@example.com`)) },
  {
    name: "profile-tabs-menu",
    as: "ana",
    path: () => "/profile?tab=relationships",
    ready: text(carla.email),
    then: async (page) => {
      await page.getByRole("button", { name: /^Profile section/ }).click();
      await page.getByRole("menu").waitFor(SLOW);
    },
    scope: ".profile-tabs-mobile",
    widths: MOBILE,
  },
  { name: "profile-ai-usage", as: "ana", path: () => "/profile?tab=ai-usage", ready: text("Page 1 of 2") },
  {
    name: "chat",
    as: "ana",
    path: () => `/chat?c=${made.conversationId}`,
    // In the conversation (the history's preview says it too, hidden while the sidebar is collapsed).
    ready: async (page) => {
      await page.getByRole("log").getByText("Dinner with Marta next Friday at 8pm at Casa Nostra").waitFor(SLOW);
    },
  },
  { name: "notifications", as: "ana", path: () => "/notifications", ready: both(heading("Notifications"), text(/wants to connect/)) },
  { name: "sync-jobs", as: "ana", path: () => "/admin/sync-jobs", ready: heading(/sync/i) },
];

// ---- The checks ----------------------------------------------------------------------------

/*
 * What runs in the page is plain JavaScript in strings: this project compiles without the DOM's
 * types (the services must not see them), and a string is what page.evaluate sends anyway.
 */

/** How far the document reaches sideways: more than the width asked for means it scrolls sideways. */
function documentWidth(page: Page): Promise<number> {
  return page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)");
}

/**
 * Every visible button and link under `scope`, scrolled to the middle of the screen, must be the
 * element at its own centre (or hold it): otherwise something covers it and a tap lands elsewhere.
 * Elements visually hidden (1 px, clipped) or placed off the page until focused (a skip link)
 * are not on screen to tap. Returns what covers what, in words.
 */
const COVERED_CONTROLS = `(selector) => {
  const describe = (element) => {
    if (!element) return "nothing (off the page)";
    const label = element.getAttribute("aria-label") || element.innerText || "";
    const classes = typeof element.className === "string" && element.className.trim() ? "." + element.className.trim().split(/\\s+/).join(".") : "";
    return "<" + element.tagName.toLowerCase() + classes + "> '" + label.trim().replace(/\\s+/g, " ").slice(0, 50) + "'";
  };
  const problems = [];
  const controls = [...document.querySelectorAll(selector)].flatMap((root) =>
    [...root.querySelectorAll('a[href], button, [role="button"], [role="tab"], [role="menuitem"], summary')]);
  for (const control of controls) {
    if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const before = control.getBoundingClientRect();
    if (before.width < 2 || before.height < 2) continue;
    if (before.bottom + window.scrollY <= 0 || before.right + window.scrollX <= 0) continue;
    control.scrollIntoView({ block: "center", inline: "nearest" });
    const rect = control.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    if (hit !== control && !(hit && control.contains(hit))) problems.push(describe(control) + " is covered by " + describe(hit));
  }
  window.scrollTo(0, 0);
  return problems;
}`;

/** Resolves once every animation that ends (not a spinner's) has ended. */
const SETTLED_ANIMATIONS = `Promise.all(document.getAnimations()
  .filter((animation) => animation.effect && animation.effect.getComputedTiming().iterations !== Infinity)
  .map((animation) => animation.finished.catch(() => undefined))).then(() => undefined)`;

function coveredControls(page: Page, scope: string): Promise<string[]> {
  return page.evaluate(`(${COVERED_CONTROLS})(${JSON.stringify(scope)})`);
}

// ---- The runs ------------------------------------------------------------------------------

describe.each(WIDTHS)("at %i px", (width) => {
  const screens = SCREENS.filter((screen) => !screen.widths || screen.widths.includes(width));

  it.each(screens)("$name: no sideways scroll, nothing covered, no serious axe violation", async (screen) => {
    const page = screen.as === "visitor" ? visitor.page : anaUser.page;
    await page.setViewportSize({ width, height: HEIGHT_FOR[width] });
    await page.goto(url(screen.path()));
    try {
      await screen.ready(page);
      if (screen.then) await screen.then(page, width);
    } catch (error) {
      // What the screen showed instead, for whoever reads the failure.
      await screenshot(page, `layout-failed-${width}-${screen.name}`).catch(() => undefined);
      throw error;
    }
    // Fonts and lazy chunks settle, and finite animations (a fade-in) end, before measuring: the
    // checks are about the screen as it stays, not a frame of a transition.
    await page.evaluate("document.fonts.ready.then(() => undefined)");
    await page.evaluate(SETTLED_ANIMATIONS);

    const problems: string[] = [];
    const reach = await documentWidth(page);
    if (reach > width) problems.push(`the page is ${reach} px wide at ${width} px: it scrolls sideways`);
    problems.push(...(await coveredControls(page, screen.scope ?? "body")));
    for (const violation of await seriousViolations(page)) {
      problems.push(`axe ${violation.impact} ${violation.id}: ${violation.help} (${violation.targets.slice(0, 3).join(", ")})`);
    }
    if (SCREENSHOT_WIDTHS.has(width)) await screenshot(page, `layout-${width}-${screen.name}`);
    expect(problems).toEqual([]);
  });
});

// ---- What a new user hit, done through the screens (after the layout runs: these change data) ----

describe("what a new user hit (issue 12)", () => {
  it("goes back from the dashboard after signing in to the app, not to the provider's finished page", async () => {
    const { context, page } = await newUser(browser);
    try {
      await page.goto(url("/"));
      await page.getByRole("link", { name: "Log In" }).first().click();
      await page.getByRole("link", { name: "Back to the home page" }).waitFor(SLOW);
      await signIn(page, baseUrl, { email: `back-${run}@example.com`, name: "Back Button" });
      await page.goBack();
      await page.waitForURL((target) => target.origin === new URL(baseUrl).origin && target.pathname === "/dashboard", SLOW);
      await page.getByRole("heading", { name: "Dashboard" }).waitFor(SLOW);
    } finally {
      await context.close();
    }
  });

  it("opens the details dialog on a double-click of View, and keeps it open", async () => {
    const { page } = anaUser;
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(url("/dashboard"));
    // The second click lands on the backdrop the first one opened: it must not close the dialog.
    await page.getByRole("button", { name: /^View Coffee 11/ }).dblclick();
    const dialog = page.getByRole("dialog", { name: "Event Request Details" });
    await dialog.getByText("Coffee 11").first().waitFor(SLOW);
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "detached", ...SLOW });
  });

  it("has a favicon", async () => {
    const { page } = visitor;
    await page.goto(url("/login"));
    const href = await page.locator('link[rel="icon"]').getAttribute("href");
    expect(href).toBeTruthy();
    const icon = await page.request.get(url(href!));
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toContain("image/svg+xml");
  });

  it("keeps a chat message that failed to send in the box, and Retry sends it", async () => {
    const { page } = anaUser;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(url("/chat"));
    const box = page.getByLabel("Message");
    await box.waitFor(SLOW);
    // The connection drops for this one message.
    await page.route("**/api/v1/agent/commands/chat", (route) => route.abort("internetdisconnected"));
    await box.fill("Coffee with Bruno on Monday at 10am");
    await page.keyboard.press("Enter");
    await page.getByText("Network error. Please check your connection.").waitFor(SLOW);
    expect(await box.inputValue()).toBe("Coffee with Bruno on Monday at 10am");
    expect(await page.getByRole("log").getByText("Coffee with Bruno on Monday at 10am").count()).toBe(0);

    await page.unroute("**/api/v1/agent/commands/chat");
    await page.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("log").getByText("Coffee with Bruno on Monday at 10am").waitFor(SLOW);
    await page.locator(".chat-message--assistant:not(.chat-message--pending)").first().waitFor(SLOW);
    expect(await box.inputValue()).toBe("");
    expect(await page.getByText("Network error. Please check your connection.").count()).toBe(0);
  });

  it("cancels a sent relationship request and removes a connection, each after asking", async () => {
    const { page } = anaUser;
    await page.goto(url("/profile?tab=relationships"));
    const pending = `friend-${run}@example.com`;
    await page.getByRole("button", { name: `Cancel request to ${pending}` }).click();
    const ask = page.getByRole("dialog");
    await ask.getByText(`Your request to ${pending} is withdrawn`).waitFor(SLOW);
    await ask.getByRole("button", { name: "Cancel Request" }).click();
    await page.getByText("Request cancelled").waitFor(SLOW);
    await expect.poll(() => page.getByText(pending).count(), SLOW).toBe(0);

    await page.getByRole("button", { name: `Remove ${carla.name}` }).click();
    await page.getByRole("dialog").getByRole("heading", { name: `Remove ${carla.name}?` }).waitFor(SLOW);
    await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await page.getByText(`You're no longer connected with ${carla.name}`).waitFor(SLOW);
    await expect.poll(() => page.getByText(carla.email).count(), SLOW).toBe(0);
    // Gone on the server too.
    const { relationships } = await call<{ relationships: Array<{ other_user: { email: string } }> }>(page, "GET", "/api/v1/relationships");
    expect(relationships.map((relationship) => relationship.other_user.email)).toEqual([bruno.email]);
  });

  it("sends a relationship request from the profile with the same confirmation as the dashboard, and says a bad address on the field", async () => {
    const { page } = anaUser;
    await page.goto(url("/profile?tab=relationships"));
    const email = page.getByLabel("Email");
    await email.fill("ana@");
    await page.getByRole("button", { name: "Send Request" }).click();
    await page.getByText("Enter a valid email address, like ana@example.com.").waitFor(SLOW);
    expect(await page.getByText("requested_email").count()).toBe(0);

    await email.fill(`new-friend-${run}@example.com`);
    await page.getByRole("button", { name: "Send Request" }).click();
    await page.getByText("Relationship request sent").waitFor(SLOW);
    await page.getByText(`new-friend-${run}@example.com`).first().waitFor(SLOW);
  });
});
