import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eventually } from "@amia/kit/testing";
import { createIdentityService } from "../../services/identity/src/app.ts";
import { createNotificationsService } from "../../services/notifications/src/app.ts";
import { createRelationshipsService } from "../../services/relationships/src/app.ts";
import { NOTIFICATION_EVENT, NOTIFICATIONS_STREAM_PATH } from "./routes/notifications-stream.ts";
import { SseReader } from "./testing/sse-reader.ts";
import { startTestBff, type TestBff } from "./testing/test-bff.ts";
import type { TestBrowser } from "./testing/test-browser.ts";
import { createWorld, type World } from "./testing/world.ts";

const HEARTBEAT_MS = 300;
let world: World;
let secondReplica: TestBff;
let signingKey: string;

beforeEach(async () => {
  // Two BFF replicas, as in production: one signing key, one Redis, one consumer group.
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  signingKey = JSON.stringify({ ...(await exportJWK(privateKey)), kid: `test-${randomUUID()}` });
  world = await createWorld({
    label: "bff-live",
    services: { identity: createIdentityService, relationships: createRelationshipsService, notifications: createNotificationsService },
    env: { INTERNAL_JWT_PRIVATE_JWK: signingKey },
    heartbeatMs: HEARTBEAT_MS,
  });
  secondReplica = await startTestBff({ label: "bff-live-2", names: world.harness.names, env: () => ({ INTERNAL_JWT_PRIVATE_JWK: signingKey }), heartbeatMs: HEARTBEAT_MS });
});
afterEach(async () => {
  await secondReplica.close();
  await world.close();
});

const emailOf = (name: string) => `${name.split(" ")[0]!.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;

async function openStream(browser: TestBrowser, replicaUrl = browser.origin): Promise<SseReader> {
  const response = await browser.navigate(new URL(NOTIFICATIONS_STREAM_PATH, replicaUrl));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  return new SseReader(response);
}

async function signedInPerson(name: string): Promise<{ browser: TestBrowser; id: string; email: string }> {
  const email = emailOf(name);
  const browser = await world.signedIn(email, name);
  const id = (await browser.json("GET", "/api/v1/auth/session")).body.user.id as string;
  // Relationships learns people from identity's user.registered.
  await eventually(async () => (await world.services.relationships!.db.collection("users").countDocuments({ _id: id as never })) === 1);
  return { browser, id, email };
}

describe("live notifications", () => {
  it("pushes 'accepted your request' to the requester's open stream when the other person approves, on whichever replica it is open", async () => {
    const ana = await signedInPerson("Ana Silva");
    const bruno = await signedInPerson("Bruno Costa");
    // Bruno's stream on one replica, Ana's on the other: only one replica consumes the topic,
    // so at least one of them gets its notification through the Redis fan-out.
    const brunoStream = await openStream(bruno.browser, world.bff.url);
    const anaStream = await openStream(ana.browser, secondReplica.url);

    // Given: Bruno asks Ana to connect.
    const sent = await bruno.browser.json("POST", "/api/v1/relationship-requests", { requested_email: ana.email });
    expect(sent.status).toBe(201);
    const requestId = sent.body.relationship_request.id as string;
    const received = await anaStream.next((event) => event.event === NOTIFICATION_EVENT);
    expect(JSON.parse(received.data!)).toMatchObject({ kind: "relationship_request_received", subject_id: requestId, is_read: false });

    // When: Ana approves it.
    const approved = await ana.browser.json("POST", `/api/v1/relationship-requests/${requestId}/approve`);
    expect(approved.status).toBe(200);

    // Then: Bruno's open stream receives the notification, as GET /notifications shows it.
    const pushed = await brunoStream.next((event) => event.event === NOTIFICATION_EVENT);
    const notification = JSON.parse(pushed.data!);
    expect(notification).toMatchObject({ kind: "relationship_request_accepted", subject_id: requestId, title: "Ana Silva accepted your request", is_read: false, is_deleted: false });
    const listed = await bruno.browser.json("GET", "/api/v1/notifications");
    expect(listed.body.notifications).toContainEqual(notification);
    // Each stream carries its own user's notifications only.
    expect(brunoStream.dataOf(NOTIFICATION_EVENT).map((item) => item.kind)).toEqual(["relationship_request_accepted"]);
    expect(anaStream.dataOf(NOTIFICATION_EVENT).map((item) => item.kind)).toEqual(["relationship_request_received"]);

    await brunoStream.cancel();
    await anaStream.cancel();
  });

  it("sends heartbeats, ends the stream when the session ends, and lets go of a stream the client closed", async () => {
    const carla = await signedInPerson("Carla Dias");
    const stream = await openStream(carla.browser);
    await stream.next((event) => event.comment === "heartbeat", 5_000);
    expect(world.bff.bff.openStreams.count()).toBe(1);

    // A client that goes away: its stream is released.
    const second = await openStream(carla.browser);
    expect(world.bff.bff.openStreams.count()).toBe(2);
    await second.cancel();
    await eventually(() => world.bff.bff.openStreams.count() === 1, 5_000);

    // Logging out (in another tab): the open stream ends at the next heartbeat.
    expect((await carla.browser.call("POST", "/api/v1/auth/logout")).status).toBe(204);
    await stream.ended(5_000);
    await eventually(() => world.bff.bff.openStreams.count() === 0, 5_000);
  });

  it("ends open streams when the BFF shuts down", async () => {
    const dora = await signedInPerson("Dora Lima");
    const stream = await openStream(dora.browser, secondReplica.url);
    expect(secondReplica.bff.openStreams.count()).toBe(1);

    await secondReplica.bff.stop();

    await stream.ended(5_000);
    expect(secondReplica.bff.openStreams.count()).toBe(0);
  });
});
