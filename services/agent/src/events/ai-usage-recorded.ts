import { setTimeout as sleep } from "node:timers/promises";
import { createEvent, isDatabaseUnavailable, runWithRequestId } from "@amia/kit";
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

/** How a report that met a database outage is retried (in memory, in the background). */
export interface UsageRetry {
  /** Given up (logged as unbilled) after this long. */
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}
const USAGE_RETRY: UsageRetry = { windowMs: 10 * 60_000, firstDelayMs: 1_000, maxDelayMs: 30_000 };

export function outboxUsageRecorder(reports: UsageReportsStore, logger: Logger, retry: UsageRetry = USAGE_RETRY): UsageRecorder {
  const unbilled = (error: unknown, event: TEventOf<"ai-usage.recorded">) =>
    logger.error({ err: error, event_id: event.id, request_id: event.data.request_id, user_id: event.data.user_id }, "could not store ai-usage.recorded; this model call goes unbilled");
  // Billing is not the caller's write: it runs outside the request's context, so the caller's
  // deadline (a chat streamed past it) never refuses it.
  const store = (event: TEventOf<"ai-usage.recorded">) => runWithRequestId(event.data.request_id, () => reports.report(event));
  /** Until stored, or the window is over. A retry after a write that did land adds the same event id again: the usage service counts it once. */
  const retryUntilStored = async (event: TEventOf<"ai-usage.recorded">) => {
    const giveUpAt = Date.now() + retry.windowMs;
    for (let attempt = 1; ; attempt++) {
      await sleep(Math.min(retry.firstDelayMs * 2 ** (attempt - 1), retry.maxDelayMs));
      try {
        await store(event);
        logger.info({ event_id: event.id, attempts: attempt + 1 }, "ai-usage.recorded stored after the database came back");
        return;
      } catch (error) {
        if (!isDatabaseUnavailable(error) || Date.now() >= giveUpAt) return unbilled(error, event);
      }
    }
  };
  return {
    async record(call) {
      const event = aiUsageRecorded(call);
      try {
        await store(event);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) return unbilled(error, event);
        // The answer has been given and goes on; the report waits out the outage in memory (a
        // crash meanwhile still loses it — the one window left).
        logger.warn({ err: error, event_id: event.id, request_id: call.requestId, user_id: call.userId }, "database unavailable: ai-usage.recorded is retried until it is back");
        void retryUntilStored(event);
      }
    },
  };
}
