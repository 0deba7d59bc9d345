import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newUser, signIn, type User } from "./support/browser.ts";

/**
 * Issue 14: a create whose answer is lost after the server made it. The first answer the browser
 * gets is replaced by a 503 (as when a service is killed after its write); the web app retries
 * the same submission with the same Idempotency-Key, and the server answers it with the request
 * it already made. One request, and the person is told it was sent.
 */

const baseUrl = inject("baseUrl");
const run = randomUUID().slice(0, 8);
const ana = { email: `ana-retry-${run}@example.com`, name: `Ana Retry ${run}` };
const SLOW = { timeout: 30_000 };

let browser: Browser;
let anaUser: User;

beforeAll(async () => {
  browser = await launchBrowser();
  anaUser = await newUser(browser);
});

afterAll(async () => {
  await browser?.close();
});

describe("a create retried after its answer was lost", () => {
  it("sends one relationship request, with one key for both tries", async () => {
    const { page } = anaUser;
    await signIn(page, baseUrl, ana);
    const keys: Array<string | undefined> = [];
    await page.route("**/api/v1/relationship-requests", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      keys.push(route.request().headers()["idempotency-key"]);
      // The request reaches the server, which makes the request; only its answer is lost.
      const response = await route.fetch();
      if (keys.length === 1) {
        return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "The relationships service is unavailable", code: "upstream_unavailable" }) });
      }
      return route.fulfill({ response });
    });

    await page.getByRole("button", { name: "Relationships" }).click();
    const dialog = page.getByRole("dialog");
    const invitee = `nobody-yet-${run}@example.com`;
    await dialog.getByLabel("Email").fill(invitee);
    await dialog.getByRole("button", { name: "Send Request" }).click();
    await page.getByText("Relationship request sent").waitFor(SLOW);

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\w.:-]{16,128}$/);
    expect(keys[1]).toBe(keys[0]);
    const sent = (await (await page.request.get(new URL("/api/v1/relationship-requests/sent", baseUrl).href)).json()) as { total_count: number; relationship_requests: Array<{ requested_email: string }> };
    expect(sent.total_count).toBe(1);
    expect(sent.relationship_requests[0]!.requested_email).toBe(invitee);
  });
});
