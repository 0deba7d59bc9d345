import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TEventOf, TNotification } from "@amia/contracts";
import { createTestHarness, eventually, type MountedService, type TestHarness } from "@amia/kit/testing";
import { usageServiceWith } from "../../services/usage/src/app.ts";
import { DEFAULT_CREDITS_POLICY } from "../../services/usage/src/env.ts";
import { modelCall } from "../../services/usage/src/testing/model-calls.ts";
import { createNotificationsService } from "../../services/notifications/src/app.ts";

/**
 * The agent's model calls use up a user's monthly AI credits, and the user hears of it: usage
 * (records, credits, threshold events) -> notifications, over the real Kafka and MongoDB-wire
 * database. The agent is stood in for by the `ai-usage.recorded` events it publishes.
 */
let harness: TestHarness;
let usage: MountedService;
let notifications: MountedService;

beforeEach(async () => {
  harness = await createTestHarness("ai-credits");
  // "This month" is March 2026 for the usage service; the calls below happen in it.
  usage = await harness.mount("usage", usageServiceWith({ credits: DEFAULT_CREDITS_POLICY, now: () => new Date("2026-03-20T09:00:00.000Z") }));
  notifications = await harness.mount("notifications", createNotificationsService);
});
afterEach(() => harness.close());

/** A chat answer with gpt-4o costing `credits` of the default $0.001 credits (400 input tokens each). */
const answerCosting = (user: { id: string }, credits: number): TEventOf<"ai-usage.recorded"> =>
  modelCall(user, { model: "gpt-4o", prompt_tokens: credits * 400, completion_tokens: 0, total_tokens: credits * 400 });

const titlesOf = async (user: { id: string }) =>
  ((await notifications.as(user).get("/api/v1/notifications")).body.notifications as TNotification[]).map((notification) => notification.title);

describe("flow: AI credits", () => {
  it("tells a Free user at 80% and at 100% of the month's credits, once each", async () => {
    const ana = { id: randomUUID() };

    // When Ana's assistant answers use 8 of her 10 credits
    const crossing = answerCosting(ana, 5);
    await harness.bus.publish([answerCosting(ana, 3), crossing]);

    // Then she is told, and sees the balance
    await eventually(async () => (await titlesOf(ana)).length === 1);
    expect(await titlesOf(ana)).toEqual(["You have used 80% of your AI credits this month"]);
    expect((await usage.as(ana).get("/api/v1/ai-usage/credits")).body).toMatchObject({ plan: "free", credits_used: 8, credits_left: 2, is_over_budget: false });

    // When the crossing call is delivered again and another uses the rest
    await harness.bus.publish([crossing, answerCosting(ana, 2)]);

    // Then one more notification, saying until when the assistant is offline; nothing twice
    await eventually(async () => (await titlesOf(ana)).length === 2);
    expect(await titlesOf(ana)).toEqual([
      "You have used all your AI credits this month; the assistant works offline until April 1",
      "You have used 80% of your AI credits this month",
    ]);
    expect((await usage.as(ana).get("/api/v1/ai-usage/credits")).body).toMatchObject({ credits_used: 10, credits_left: 0, is_over_budget: true });
  });
});
