import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { ARTIFACTS_DIR } from "./stack.ts";

export const SCREENSHOTS_DIR = join(ARTIFACTS_DIR, "screenshots");

/** Saves a full-page PNG to e2e/.artifacts/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const safeName = name.replace(/[^A-Za-z0-9._-]+/g, "-");
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const path = join(SCREENSHOTS_DIR, `${safeName}.png`);
  // From the top: a full-page capture of a scrolled page paints the sticky header mid-page.
  await page.evaluate("window.scrollTo(0, 0)");
  await page.screenshot({ path, fullPage: true });
  return path;
}
