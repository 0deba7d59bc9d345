import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { SECURITY_HEADERS } from "../bff/src/security/headers.ts";
import { launchBrowser, newUser, signIn } from "./support/browser.ts";

/**
 * Issue 13 point 5 in Chromium: the app as `npm start` serves it (the production build) renders
 * every screen under its Content-Security-Policy — nothing inline but the toasts' nonce'd style
 * element, no eval — and the browser reports no violation.
 */
describe("the Content-Security-Policy in Chromium", () => {
  const baseUrl = inject("baseUrl");
  const origin = new URL(baseUrl).origin;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Every violation the page's documents report on our origin, and every "Refused to…" console line. */
  async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
    const console: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text());
    });
    // Strings, not functions: the tests compile without the DOM's types (the services must not see them).
    await page.addInitScript(
      "window.__violations = []; document.addEventListener('securitypolicyviolation', (event) => window.__violations.push(`${event.documentURI} ${event.effectiveDirective} ${event.blockedURI} ${event.sample}`));",
    );
    return async () => {
      const reported = page.url().startsWith(origin) ? ((await page.evaluate("window.__violations ?? []")) as string[]) : [];
      return [...reported.filter((line) => line.startsWith(origin)), ...console];
    };
  }

  it("serves the page with the headers and a nonce, and a visitor's pages and toast render with no violation", async () => {
    const { context, page } = await newUser(browser);
    try {
      const violations = await watchViolations(page);
      const response = await page.goto(new URL("/pricing", baseUrl).href);
      const headers = response!.headers();
      expect(headers["x-frame-options"]).toBe(SECURITY_HEADERS["x-frame-options"]);
      expect(headers["content-security-policy"]).toMatch(/style-src 'self' 'nonce-[^']+'/);
      expect(headers["content-security-policy"]).not.toContain("unsafe");

      await page.getByRole("button", { name: "Contact Us" }).first().click();
      const toast = page.getByText("currently being trialled", { exact: false }).first();
      await toast.waitFor();
      // Styled by goober's <style> element, which the nonce let in: a toast has its white card.
      const background = await page.evaluate("getComputedStyle(document.querySelector('[role=status]').parentElement).backgroundColor");
      expect(background).toBe("rgb(255, 255, 255)");
      for (const path of ["/", "/login", "/legal/terms", "/security", "/no-such-page"]) {
        await page.goto(new URL(path, baseUrl).href);
        await page.waitForLoadState("networkidle");
        expect([path, await violations()]).toEqual([path, []]);
      }
    } finally {
      await context.close();
    }
  });

  it("renders a signed-in person's screens with no violation, and the API answers carry the headers", async () => {
    const { context, page } = await newUser(browser);
    try {
      const violations = await watchViolations(page);
      await signIn(page, baseUrl, { email: `csp-${randomUUID().slice(0, 8)}@example.com`, name: "Cleo Policy" });
      for (const path of ["/dashboard", "/events", "/events/new", "/chat", "/notifications", "/profile"]) {
        await page.goto(new URL(path, baseUrl).href);
        await page.waitForLoadState("networkidle");
        expect([path, await violations()]).toEqual([path, []]);
      }
      const session = await page.request.get(new URL("/api/v1/auth/session", baseUrl).href);
      expect(session.status()).toBe(200);
      expect(session.headers()["content-security-policy"]).toBe(SECURITY_HEADERS["content-security-policy"]);
      expect(session.headers()["x-content-type-options"]).toBe("nosniff");
    } finally {
      await context.close();
    }
  });
});
