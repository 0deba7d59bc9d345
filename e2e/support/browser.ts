/**
 * Debian's Chromium driven by playwright-core (no browser download): one browser per test file,
 * one fresh context (cookies, storage) per simulated person.
 */
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    // `headless: true` makes playwright-core add `--headless` itself (plus --hide-scrollbars,
    // --mute-audio); with Chromium ≥ 132 that is the new headless mode, the same engine as headed.
    headless: true,
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

export interface NewUserOptions {
  /** Default 1280×800 (desktop); e.g. { width: 390, height: 844 } for the mobile layout. */
  viewport?: { width: number; height: number };
  /** The browser's time zone (IANA); default $TZ, else UTC. */
  timezoneId?: string;
}

export interface User {
  context: BrowserContext;
  page: Page;
}

/** A person with a browser of their own: a fresh context (no cookies) and one page in it. */
export async function newUser(browser: Browser, options: NewUserOptions = {}): Promise<User> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: "en-US",
    timezoneId: options.timezoneId ?? process.env.TZ ?? "UTC",
  });
  const page = await context.newPage();
  return { context, page };
}

export interface SignInAs {
  email: string;
  name?: string;
}

/**
 * Signs in through the app's own flow: /login, "Sign in with Google", the local OpenID Connect
 * provider's form (deploy/oidc-provider: email and optional name, no password), back to the app
 * until the URL is /dashboard.
 */
export async function signIn(page: Page, baseUrl: string, who: SignInAs): Promise<void> {
  await signInAtProvider(page, baseUrl, who);
  await page.waitForURL((url) => url.pathname === "/dashboard", { timeout: 30_000 });
}

/**
 * The provider's step of a sign-in (/login, "Sign in with Google", the provider's form), without
 * waiting for where the app goes next (the dashboard, or /auth/code with two-step verification on).
 */
export async function signInAtProvider(page: Page, baseUrl: string, who: SignInAs): Promise<void> {
  await page.goto(new URL("/login", baseUrl).href);
  await page.getByRole("button", { name: "Sign in with Google", exact: true }).click();
  // The provider's page (http://127.0.0.1:4400/interaction/...): labelled "Email" and "Name (optional)".
  const email = page.locator("input#email");
  await email.waitFor({ state: "visible" });
  await email.fill(who.email);
  await page.locator("input#name").fill(who.name ?? "");
  await page.locator('button[type="submit"][value="sign-in"]').click();
}

/**
 * Headers a write through the page's own request context needs to pass the BFF's CSRF check (the
 * header the web app sends, and the app's own origin), as the web app's writes carry them.
 */
export function writeHeaders(baseUrl: string): Record<string, string> {
  return { "x-amia-csrf": "1", origin: new URL(baseUrl).origin };
}
