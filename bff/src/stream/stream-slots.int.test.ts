import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eventually } from "@amia/kit/testing";
import { createIdentityService } from "../../../services/identity/src/app.ts";
import { NOTIFICATIONS_STREAM_PATH } from "../routes/notifications-stream.ts";
import { SseReader } from "../testing/sse-reader.ts";
import { startTestBff, type TestBff } from "../testing/test-bff.ts";
import type { TestBrowser } from "../testing/test-browser.ts";
import { createWorld, type World } from "../testing/world.ts";

const HEARTBEAT_MS = 300;
const LIMIT = "2";
let world: World;
let secondReplica: TestBff;

beforeEach(async () => {
  // Two replicas sharing one Redis and one signing key, as in production.
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  const signingKey = JSON.stringify({ ...(await exportJWK(privateKey)), kid: `test-${randomUUID()}` });
  const env = { INTERNAL_JWT_PRIVATE_JWK: signingKey, NOTIFICATION_STREAMS_PER_USER: LIMIT };
  world = await createWorld({ label: "bff-stream-cap", services: { identity: createIdentityService }, env, heartbeatMs: HEARTBEAT_MS });
  secondReplica = await startTestBff({ label: "bff-stream-cap-2", names: world.harness.names, env: () => env, heartbeatMs: HEARTBEAT_MS });
});
afterEach(async () => {
  await secondReplica.close();
  await world.close();
});

const open = (browser: TestBrowser, replicaUrl: string) => browser.navigate(new URL(NOTIFICATIONS_STREAM_PATH, replicaUrl));

async function openStream(browser: TestBrowser, replicaUrl: string): Promise<SseReader> {
  const response = await open(browser, replicaUrl);
  expect(response.status).toBe(200);
  return new SseReader(response);
}

const heartbeatsOf = (stream: SseReader) => stream.received.filter((event) => event.comment === "heartbeat").length;

describe("open notification streams per user", () => {
  it("refuses one past the limit, counted across replicas, until one closes; each user counts alone", async () => {
    const ana = await world.signedIn(`ana-${randomUUID().slice(0, 8)}@example.com`, "Ana Silva");
    const bruno = await world.signedIn(`bruno-${randomUUID().slice(0, 8)}@example.com`, "Bruno Costa");
    const first = await openStream(ana, world.bff.url);
    const second = await openStream(ana, secondReplica.url);
    // Past the slots' expiry (three heartbeats): the heartbeats keep them held.
    await eventually(() => heartbeatsOf(first) >= 5 && heartbeatsOf(second) >= 5, 10_000);

    const refused = await open(ana, world.bff.url);

    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await refused.json()).toEqual({
      message: "You have 2 live notification streams open (one per tab), the most at once; close one and try again in 1 second",
      code: "rate_limited",
      details: { limit: "notification_streams", retry_after_seconds: 1 },
    });
    expect((await open(ana, secondReplica.url)).status).toBe(429);
    // Someone else's streams are theirs to count.
    const brunos = await openStream(bruno, world.bff.url);

    // Closing a stream (the tab went away) gives its slot back, whichever replica held it.
    await second.cancel();
    const replacement = await eventually(async () => {
      const response = await open(ana, world.bff.url);
      if (response.status === 200) return new SseReader(response);
      await response.body?.cancel();
      return undefined;
    }, 5_000);
    expect((await open(ana, secondReplica.url)).status).toBe(429);

    for (const stream of [first, replacement, brunos]) await stream.cancel();
  });
});
