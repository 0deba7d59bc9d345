import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TDomainEvent } from "@amia/contracts";
import { createOutbox } from "@amia/kit";
import { createTestHarness, eventually, quietLogger, type MountedService, type TestHarness } from "@amia/kit/testing";
import { createUsageService } from "../../usage/src/app.ts";
import { outboxUsageRecorder } from "./events/ai-usage-recorded.ts";
import { createUsageReportsStore, USAGE_REPORTS_COLLECTION } from "./store/usage-reports-store.ts";

/*
 * Usage is billing data: the agent writes each model call's `ai-usage.recorded` to its outbox
 * before publishing it, so neither a crash nor a broker that fails for a while loses it, and the
 * usage service (the real one, over Kafka) counts it once however often it is sent.
 */

let harness: TestHarness;
let usage: MountedService;
let agentDb: MountedService["db"];

beforeEach(async () => {
  harness = await createTestHarness("agent-usage-outbox");
  usage = await harness.mount("usage", createUsageService);
  // A database of the agent's own: the harness gives one to each mounted module (an empty one is enough here).
  agentDb = (await harness.mount("agent", async () => ({ routes: new Hono(), start: async () => {}, stop: async () => {} }))).db;
});
afterEach(() => harness.close());

const call = (userId: string) => ({ userId, requestId: randomUUID(), feature: "chat" as const, model: "gpt-4o-mini", promptTokens: 1_000, completionTokens: 100 });
const recordsOf = async (userId: string) => (await usage.as({ id: userId }).get("/api/v1/ai-usage")).body as { ai_usage_records: Array<{ metadata: { request_id: string } }>; total_count: number };

describe("agent: AI usage through the outbox", () => {
  it("survives a crash before the publish and a broker failing for a while, and is counted exactly once", async () => {
    const userId = randomUUID();
    // Given: process 1 records a model call and dies before publishing it (its outbox never ran).
    const crashed = createOutbox({ db: agentDb, publish: harness.bus.publish, logger: quietLogger() });
    const first = call(userId);
    await outboxUsageRecorder(createUsageReportsStore(agentDb, crashed), quietLogger()).record(first);
    expect(await agentDb.collection(USAGE_REPORTS_COLLECTION).findOne({ _id: userId as never })).toMatchObject({ outbox_state: "pending" });

    // When: process 2 starts while the broker first refuses, then takes a message but loses the answer
    // (so the outbox sends it again), then works.
    const sent: string[][] = [];
    let publishes = 0;
    const flakyPublish = async (events: readonly TDomainEvent[]) => {
      publishes++;
      if (publishes === 1) throw new Error("broker unreachable");
      await harness.bus.publish(events);
      sent.push(events.map((event) => event.id));
      if (publishes === 2) throw new Error("no answer from the broker");
    };
    const outbox = createOutbox({ db: agentDb, publish: flakyPublish, logger: quietLogger(), sweepIntervalMs: 100, retryBaseMs: 50 });
    outbox.start();
    try {
      // Then: the third attempt goes through and clears the outbox; the same event went out twice.
      await eventually(async () => publishes === 3 && (await agentDb.collection(USAGE_REPORTS_COLLECTION).findOne({ _id: userId as never }))?.outbox_state === undefined, 20_000);
      expect(sent).toHaveLength(2);
      expect(sent[0]).toEqual(sent[1]);

      // A later call by the same user (same partition) proves the repeat was read and absorbed.
      const second = call(userId);
      await outboxUsageRecorder(createUsageReportsStore(agentDb, outbox), quietLogger()).record(second);
      await eventually(async () => (await recordsOf(userId)).ai_usage_records.some((record) => record.metadata.request_id === second.requestId), 20_000);
      // Then: the usage service holds each call once.
      expect((await recordsOf(userId)).total_count).toBe(2);
      expect((await recordsOf(userId)).ai_usage_records.map((record) => record.metadata.request_id).sort()).toEqual([first.requestId, second.requestId].sort());
      await eventually(async () => (await agentDb.collection(USAGE_REPORTS_COLLECTION).findOne({ _id: userId as never }))?.outbox_state === undefined);
    } finally {
      await outbox.stop();
    }
  });
});
