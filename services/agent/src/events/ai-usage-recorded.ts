import { createEvent } from "@amia/kit";
import type { TAiFeature, TEventOf } from "@amia/contracts";
import type { Logger } from "pino";
import type { UsageReportsStore } from "../store/usage-reports-store.ts";

/**
 * One model call's tokens → `ai-usage.recorded`, written to the user's usage-report outbox
 * (store/usage-reports-store.ts) and published from there: a publish that fails is retried, a
 * crash before it loses nothing, and the usage service counts a repeat once (a record's id is the
 * event's). Offline answers make no model call and are not recorded (they cost nothing;
 * docs/decisions.md).
 */
export interface UsageRecorder {
  record: (call: { userId: string; requestId: string; feature: TAiFeature; model: string; promptTokens: number; completionTokens: number }) => Promise<void>;
}

export function aiUsageRecorded(call: Parameters<UsageRecorder["record"]>[0], now = new Date()): TEventOf<"ai-usage.recorded"> {
  return createEvent("agent", "ai-usage.recorded", {
    subject: call.userId,
    actor_id: call.userId,
    data: {
      user_id: call.userId,
      request_id: call.requestId,
      feature: call.feature,
      model: call.model,
      prompt_tokens: call.promptTokens,
      completion_tokens: call.completionTokens,
      total_tokens: call.promptTokens + call.completionTokens,
      occurred_at: now.toISOString(),
    },
  });
}

export function outboxUsageRecorder(reports: UsageReportsStore, logger: Logger): UsageRecorder {
  return {
    async record(call) {
      const event = aiUsageRecorded(call);
      try {
        await reports.report(event);
      } catch (error) {
        // The answer has been given; only the database being unreachable ends up here.
        logger.error({ err: error, event_id: event.id, request_id: call.requestId, user_id: call.userId }, "could not store ai-usage.recorded; this model call goes unbilled");
      }
    },
  };
}
