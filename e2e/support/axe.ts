/**
 * Accessibility checks with axe-core inside the page: the brief's rule is zero "serious" (or
 * "critical") violations, so a test can `expect(await seriousViolations(page)).toEqual([])`.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

export interface AxeViolation {
  id: string;
  impact: "serious" | "critical";
  help: string;
  /** One CSS selector path per failing element. */
  targets: string[];
}

/** Runs axe on the page as it is now; returns its serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  const isLoaded = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe !== "undefined");
  if (!isLoaded) await injectAxe(page, axeSource);
  const violations = await page.evaluate(async () => {
    interface AxeResult {
      violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
    }
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResult> } }).axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, { resultTypes: ["violations"] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map((part) => (Array.isArray(part) ? part.join(" >>> ") : String(part))).join(" ")),
    }));
  });
  return violations.filter((violation): violation is AxeViolation => violation.impact === "serious" || violation.impact === "critical");
}

/**
 * A <script> tag with axe's source; on a page whose Content-Security-Policy forbids inline
 * scripts (the local sign-in provider's, say) the tag does not run, so evaluate the source through
 * the DevTools protocol instead, which CSP does not govern.
 */
async function injectAxe(page: Page, source: string): Promise<void> {
  try {
    await page.addScriptTag({ content: source });
  } catch {
    // Refused by CSP: fall through to the check below.
  }
  const isLoaded = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe !== "undefined");
  if (!isLoaded) await page.evaluate(source);
}
