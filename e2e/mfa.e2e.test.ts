import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { authenticatorApp } from "../services/identity/src/testing/authenticator-app.ts";
import { seriousViolations } from "./support/axe.ts";
import { launchBrowser, newUser, signIn, signInAtProvider, writeHeaders, type NewUserOptions, type User } from "./support/browser.ts";
import { screenshot } from "./support/screenshots.ts";

/**
 * Two-step verification in Chromium (issue 13 point 7): a person turns it on in the profile's
 * Settings tab (the code typed is computed here from the key the page shows, as a phone's app
 * would), signs out, signs in again — the provider, then the code page, then the app — and
 * later signs in with a recovery code instead. At 1280 px and at 375 px.
 */

const baseUrl = inject("baseUrl");
const run = randomUUID().slice(0, 8);
const url = (path: string) => new URL(path, baseUrl).href;
const SLOW = { timeout: 30_000 };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function withUser<T>(options: NewUserOptions, body: (user: User) => Promise<T>): Promise<T> {
  const user = await newUser(browser, options);
  try {
    return await body(user);
  } finally {
    await user.context.close();
  }
}

async function signOut(page: Page): Promise<void> {
  const response = await page.request.post(url("/api/v1/auth/logout"), { headers: writeHeaders(baseUrl) });
  expect(response.status()).toBe(204);
}

/** The page scrolls sideways if its content is wider than the window. */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth");
}

/** Settings → Two-step verification → Set up → the app's first code → the recovery codes. */
async function turnOnTwoStep(page: Page, shot: string) {
  await page.goto(url("/profile?tab=settings"));
  const card = page.locator(".two-step");
  await card.getByRole("button", { name: "Set up", exact: true }).click();
  await card.getByRole("img", { name: "QR code to scan with your authenticator app" }).waitFor(SLOW);
  const key = (await card.getByLabel("Setup key").textContent())!.replace(/\s+/g, "");
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  expect(await scrollsSideways(page)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, `${shot}-setup`);

  const app = authenticatorApp(key);
  // A wrong code first: said on the field, in plain words.
  const field = card.getByLabel("6-digit code");
  await field.fill(app.wrongCode());
  await card.getByRole("button", { name: "Turn on", exact: true }).click();
  await card.getByText("That code didn't work. Enter the 6-digit code your authenticator app shows now.").waitFor(SLOW);

  await field.fill(await app.nextCode());
  await field.press("Enter");
  await card.getByText("Save your recovery codes").waitFor(SLOW);
  const recoveryCodes = await card.getByRole("list", { name: "Recovery codes" }).locator("code").allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  expect(await card.getByRole("link", { name: "Download" }).getAttribute("download")).toBe("amia-recovery-codes.txt");
  expect(await scrollsSideways(page)).toBe(false);
  await screenshot(page, `${shot}-recovery-codes`);
  await card.getByRole("button", { name: "I've saved them" }).click();
  await card.getByText("10 recovery codes left").waitFor(SLOW);
  await card.locator(".pill", { hasText: "On" }).waitFor(SLOW);
  return { app, recoveryCodes };
}

describe("two-step verification in Chromium", () => {
  it("is set up in Settings, then asked for after the provider at the next sign-in (1280 px)", async () => {
    const who = { email: `ana-mfa-${run}@example.com`, name: `Ana Silva ${run}` };
    await withUser({ viewport: DESKTOP }, async ({ page }) => {
      await signIn(page, baseUrl, who);
      const { app } = await turnOnTwoStep(page, "mfa-1280");
      await signOut(page);

      // The provider's step leads to the code page; no session yet.
      await signInAtProvider(page, baseUrl, who);
      await page.waitForURL((at) => at.pathname === "/auth/code", SLOW);
      const code = page.getByLabel("6-digit code");
      await code.waitFor(SLOW);
      expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
      expect(await code.getAttribute("inputmode")).toBe("numeric");
      expect((await page.request.get(url("/api/v1/auth/session"))).status()).toBe(401);
      // The field has the focus: typing and Enter are enough.
      await page.keyboard.type(await app.nextCode());
      await screenshot(page, "mfa-1280-code-page");
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press("Enter");
      await page.waitForURL((at) => at.pathname === "/dashboard", SLOW);
      expect((await page.request.get(url("/api/v1/auth/session"))).status()).toBe(200);

      // Turned off again with a code; the next sign-in goes straight to the app.
      await page.goto(url("/profile?tab=settings"));
      const card = page.locator(".two-step");
      await card.getByRole("button", { name: "Turn off", exact: true }).click();
      await card.getByLabel("6-digit code").fill(await app.nextCode());
      await card.getByRole("button", { name: "Turn off", exact: true }).click();
      await card.getByRole("button", { name: "Set up", exact: true }).waitFor(SLOW);
      await signOut(page);
      await signIn(page, baseUrl, who);
    });
  });

  it("lets a person set it up on a phone and sign in with a recovery code, once (375 px)", async () => {
    const who = { email: `bea-mfa-${run}@example.com`, name: `Bea Costa ${run}` };
    await withUser({ viewport: PHONE }, async ({ page }) => {
      await signIn(page, baseUrl, who);
      const { recoveryCodes } = await turnOnTwoStep(page, "mfa-375");
      await signOut(page);

      await signInAtProvider(page, baseUrl, who);
      await page.waitForURL((at) => at.pathname === "/auth/code", SLOW);
      await page.getByRole("button", { name: "Use a recovery code instead" }).click();
      const field = page.getByLabel("Recovery code");
      await field.waitFor(SLOW);
      // A code that is not one of hers: said on the field.
      await field.fill("aaaa-bbbb-cccc");
      await field.press("Enter");
      await page.getByText("That recovery code didn't work. Check it, or use another one: each works only once.").waitFor(SLOW);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, "mfa-375-code-page-error");

      await field.fill(recoveryCodes[0]!.toUpperCase());
      await field.press("Enter");
      await page.waitForURL((at) => at.pathname === "/dashboard", SLOW);
      await page.goto(url("/profile?tab=settings"));
      await page.locator(".two-step").getByText("9 recovery codes left").waitFor(SLOW);
      await signOut(page);

      // The same recovery code does not work twice.
      await signInAtProvider(page, baseUrl, who);
      await page.waitForURL((at) => at.pathname === "/auth/code", SLOW);
      await page.getByRole("button", { name: "Use a recovery code instead" }).click();
      await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      await page.getByText("That recovery code didn't work. Check it, or use another one: each works only once.").waitFor(SLOW);
      expect(new URL(page.url()).pathname).toBe("/auth/code");
      await screenshot(page, "mfa-375-code-page-reused");
    });
  });
});
