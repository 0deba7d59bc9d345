import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newUser } from "./support/browser.ts";
import { screenshot } from "./support/screenshots.ts";

// Proves the harness: the stack is up, Chromium drives it, screenshots land in e2e/.artifacts/.
describe("e2e harness", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("serves the web app with a document title", async () => {
    const { context, page } = await newUser(browser);
    try {
      const response = await page.goto(new URL("/", baseUrl).href);
      expect(response?.ok()).toBe(true);
      expect((await page.title()).trim()).not.toBe("");
      await screenshot(page, "smoke-home");
    } finally {
      await context.close();
    }
  });
});
