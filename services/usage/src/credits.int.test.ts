import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TAiUsageRecordedData, TEventOf } from "@amia/contracts";
import { createTestHarness, eventually, type MountedService, type TestHarness } from "@amia/kit/testing";
import { usageServiceWith } from "./app.ts";
import { modelCall, recordAll } from "./testing/model-calls.ts";

type TThresholdReached = TEventOf<"ai-credits.threshold-reached">;

const ana = { id: randomUUID() };
const bob = { id: randomUUID() };
const pria = { id: randomUUID() }; // on Pro

/** "This month" for the service: March 2026. */
const NOW = new Date("2026-03-20T12:00:00.000Z");

let harness: TestHarness;
let usage: MountedService;
let announced: TThresholdReached[];

beforeEach(async () => {
  harness = await createTestHarness("usage-credits");
  usage = await harness.mount(
    "usage",
    usageServiceWith({
      credits: { creditUsd: 0.001, creditsPerMonth: { free: 10, pro: 100 }, proUserIds: new Set([pria.id]) },
      now: () => NOW,
    }),
  );
  announced = [];
  await harness.bus
    .consumer({ groupId: "observer", handlers: { "ai-credits.threshold-reached": async (event) => void announced.push(event) } })
    .start();
});
afterEach(() => harness.close());

/**
 * One model call costing `credits` credits ($0.001 each): gpt-4o input is $2.50 a million
 * tokens, so 400 prompt tokens are one credit.
 */
function callCosting(user: { id: string }, credits: number, data: Partial<TAiUsageRecordedData> = {}): TEventOf<"ai-usage.recorded"> {
  const promptTokens = Math.round(credits * 400);
  return modelCall(user, { model: "gpt-4o", prompt_tokens: promptTokens, completion_tokens: 0, total_tokens: promptTokens, ...data });
}

const records = () => usage.db.collection<{ _id: string }>("ai_usage_records");
const record = (...events: TEventOf<"ai-usage.recorded">[]) => recordAll(harness.bus, records(), events);

/** Every announcement so far about `user`, as [threshold, credits used]. */
const announcementsOf = (user: { id: string }) => announced.filter((event) => event.data.user_id === user.id).map((event) => [event.data.threshold, event.data.credits_used]);
/** Until `user` has had `count` announcements. One partition per topic in tests, so anything published before them has arrived too. */
const untilAnnounced = (user: { id: string }, count: number) => eventually(() => announcementsOf(user).length >= count);
const credits = (user: { id: string }) => usage.as(user).get("/api/v1/ai-usage/credits");

describe("usage: AI credits", () => {
  it("announces 80% once and 100% once per month, never again for a redelivered call", async () => {
    // Given Ana on Free (10 credits) uses 7: nothing to say yet
    await record(callCosting(ana, 3), callCosting(ana, 4));

    // When a call takes her to 8 of 10
    const crossing = callCosting(ana, 1);
    await record(crossing);

    // Then one announcement: 80%, with what a notification needs
    await untilAnnounced(ana, 1);
    expect(announced[0]!.data).toEqual({
      user_id: ana.id,
      period: "2026-03",
      period_end: "2026-04-01T00:00:00.000Z",
      threshold: 80,
      plan: "free",
      credits_used: 8,
      credits_per_month: 10,
    });
    expect(announced[0]!).toMatchObject({ type: "ai-credits.threshold-reached", subject: ana.id, producer: "usage" });

    // When that call is delivered again, then another takes her past 10
    await harness.bus.publish([crossing]);
    await record(callCosting(ana, 2.5));

    // Then one more: 100%, and nothing more for the redelivery
    await untilAnnounced(ana, 2);
    expect(announcementsOf(ana)).toEqual([[80, 8], [100, 10.5]]);
    expect(await credits(ana)).toEqual({
      status: 200,
      body: {
        plan: "free",
        credits_per_month: 10,
        credits_used: 10.5,
        credits_left: 0,
        period_start: "2026-03-01T00:00:00.000Z",
        period_end: "2026-04-01T00:00:00.000Z",
        is_over_budget: true,
      },
    });

    // When Ana is redelivered both crossings and uses more, and Bob then crosses 80% (the
    // last word on the topic, so everything before it has been handled)
    await harness.bus.publish([crossing, callCosting(ana, 1)]);
    await record(callCosting(bob, 9));
    await untilAnnounced(bob, 1);

    // Then Ana was told nothing more
    expect(announcementsOf(ana)).toEqual([[80, 8], [100, 10.5]]);
    expect(announcementsOf(bob)).toEqual([[80, 9]]);
  });

  it("shows each user's plan, credits used and left this month", async () => {
    // Given Pria on Pro uses 8 credits and a fraction; Ana's February does not count in March
    await record(
      callCosting(pria, 8),
      callCosting(pria, 0.75),
      callCosting(ana, 12, { occurred_at: "2026-02-28T23:59:59.999Z" }),
      callCosting(ana, 1.25, { occurred_at: "2026-03-01T00:00:00.000Z" }),
    );

    // Then
    expect((await credits(pria)).body).toMatchObject({ plan: "pro", credits_per_month: 100, credits_used: 8.75, credits_left: 91.25, is_over_budget: false });
    expect((await credits(ana)).body).toMatchObject({ plan: "free", credits_per_month: 10, credits_used: 1.25, credits_left: 8.75, is_over_budget: false });
    expect((await credits({ id: randomUUID() })).body).toEqual({
      plan: "free",
      credits_per_month: 10,
      credits_used: 0,
      credits_left: 10,
      period_start: "2026-03-01T00:00:00.000Z",
      period_end: "2026-04-01T00:00:00.000Z",
      is_over_budget: false,
    });
    expect((await usage.anonymous.get("/api/v1/ai-usage/credits")).status).toBe(401);

    // When Pria reaches 80 of her 100
    await record(callCosting(pria, 71.25));

    // Then she hears of 80% of Pro's budget; Ana's February (12 credits) was announced to nobody
    await untilAnnounced(pria, 1);
    expect(announced.map((event) => [event.data.user_id, event.data.plan, event.data.threshold, event.data.credits_used, event.data.credits_per_month])).toEqual([
      [pria.id, "pro", 80, 80, 100],
    ]);
  });

  it("still announces a threshold when the service stopped between storing the call and announcing it", async () => {
    // Given a call that crosses 80% was stored, but the service stopped before announcing it
    // (its usage event was never acknowledged, so Kafka delivers it again)
    await record(callCosting(ana, 7.5));
    const crossing = callCosting(ana, 1);
    await records().insertOne({
      _id: crossing.id,
      user_id: ana.id,
      created_at: crossing.data.occurred_at,
      cost: 0.001,
      price_table_version: "test",
      priced_as: "gpt-4o",
      usage: { prompt_tokens: 400, completion_tokens: 0, total_tokens: 400, model: "gpt-4o" },
      metadata: { model: "gpt-4o", request_id: crossing.data.request_id, feature: "chat" },
    } as never);

    // When it is delivered again
    await harness.bus.publish([crossing]);

    // Then the announcement is made, once
    await untilAnnounced(ana, 1);
    expect(announcementsOf(ana)).toEqual([[80, 8.5]]);
  });
});
