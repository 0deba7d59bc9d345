import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepAliveClient } from "@amia/kit/testing";
import { createIdentityService } from "../../services/identity/src/app.ts";
import { createRelationshipsService } from "../../services/relationships/src/app.ts";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "./security/csrf.ts";
import type { TestBrowser } from "./testing/test-browser.ts";
import { createWorld, type World } from "./testing/world.ts";

/**
 * Issue 13 point 2: one user's requests must never break a connection another user's requests
 * travel on — neither the BFF's pooled connections to a service nor a client's own keep-alive
 * connection to the BFF.
 */
let world: World;
let zed: TestBrowser;
let yara: TestBrowser;

beforeAll(async () => {
  world = await createWorld({
    label: "shared-connections",
    services: { identity: createIdentityService, relationships: createRelationshipsService },
    // Zed writes thousands of times here; the per-user write limit is another test's subject.
    env: { RATE_LIMIT_WRITES_PER_MINUTE: "1000000" },
  });
  zed = await world.signedIn(`zed-${randomUUID().slice(0, 8)}@example.com`, "Zed");
  yara = await world.signedIn(`yara-${randomUUID().slice(0, 8)}@example.com`, "Yara");
});
afterAll(async () => world?.close());

/** A JSON body of about `bytes` bytes. */
const bodyOf = (bytes: number) => ({ note: "x".repeat(bytes - 12) });
const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describe("large bodies and other people's calls", () => {
  it("1,000 GETs by one user all succeed while another sends 250 KB bodies to routes that do not read them", async () => {
    const yaraStatuses: number[] = [];
    const zedStatuses: number[] = [];
    let isYaraDone = false;
    let remaining = 1_000;

    const yaraWorker = async () => {
      while (remaining > 0) {
        remaining -= 1;
        const response = await yara.call("GET", "/api/v1/relationships");
        await response.arrayBuffer();
        yaraStatuses.push(response.status);
      }
    };
    const zedWorker = async () => {
      // Approve and reject take no body; each is about someone else's request (Zed's own ids do not exist).
      for (let i = 0; !isYaraDone; i += 1) {
        const response = await zed.call("POST", `/api/v1/relationship-requests/${randomUUID()}/${i % 2 ? "approve" : "reject"}`, bodyOf(250 * 1024));
        await response.arrayBuffer();
        zedStatuses.push(response.status);
      }
    };
    const zeds = Array.from({ length: 2 }, zedWorker);
    await Promise.all(Array.from({ length: 4 }, yaraWorker));
    isYaraDone = true;
    await Promise.all(zeds);

    expect(tally(yaraStatuses)).toEqual({ 200: 1_000 });
    expect(zedStatuses.length).toBeGreaterThan(10);
    expect(tally(zedStatuses)).toEqual({ 404: zedStatuses.length });
  }, 180_000);

  it("a 300 KB body gets a 413, and the next request on the same connection is answered", async () => {
    const client = keepAliveClient();
    try {
      const headers = { cookie: zed.jar.header(world.bff.url)!, origin: world.bff.url, [CSRF_HEADER]: CSRF_HEADER_VALUE, "content-type": "application/json" };
      const refused = await client.send("POST", `${world.bff.url}/api/v1/relationship-requests/${randomUUID()}/approve`, { headers, body: JSON.stringify(bodyOf(300 * 1024)) });
      const next = await client.send("GET", `${world.bff.url}/api/v1/relationships`, { headers: { cookie: headers.cookie } });

      expect([refused.status, JSON.parse(refused.text).code]).toEqual([413, "payload_too_large"]);
      expect([next.status, next.reusedConnection]).toEqual([200, true]);
    } finally {
      client.close();
    }
  });
});

describe("bodies that are not JSON", () => {
  const sendAs = (browser: TestBrowser, method: string, path: string, contentType: string, body: string) =>
    fetch(`${world.bff.url}${path}`, {
      method,
      headers: { cookie: browser.jar.header(world.bff.url)!, origin: world.bff.url, [CSRF_HEADER]: CSRF_HEADER_VALUE, "content-type": contentType },
      body,
    });

  it("PATCH /relationships/:id with a text/plain body is a 415 naming the type", async () => {
    const answer = await sendAs(yara, "PATCH", `/api/v1/relationships/${randomUUID()}`, "text/plain", "{}");
    expect([answer.status, await answer.json()]).toEqual([415, { message: "Send the body as JSON (content-type: application/json), not text/plain", code: "unsupported_media_type" }]);
  });

  it("a form body on a JSON route is a 415, and a body-less request with no content type is answered as before", async () => {
    const form = await sendAs(yara, "POST", "/api/v1/relationship-requests", "application/x-www-form-urlencoded", "requested_email=someone%40example.com");
    expect([form.status, ((await form.json()) as { code: string }).code]).toEqual([415, "unsupported_media_type"]);
    expect(await yara.json("GET", "/api/v1/relationship-requests/sent")).toMatchObject({ status: 200, body: { relationship_requests: [] } });

    const bodiless = await yara.json("POST", `/api/v1/relationship-requests/${randomUUID()}/approve`);
    expect([bodiless.status, bodiless.body.code]).toEqual([404, "not_found"]);
  });
});
