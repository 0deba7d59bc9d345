import { createEvent, type Bus } from "@amia/kit";
import type { TAiFeature } from "@amia/contracts";
import type { Logger } from "pino";

/**
 * One model call's tokens → `ai-usage.recorded`, published straight to the bus. No outbox: the
 * agent owns no data, so there is no local write that must commit together with the event; a
 * publish that fails loses one usage record (logged), never a user's data. Offline answers make
 * no model call and are not recorded (they cost nothing; docs/decisions.md).
 */
export interface UsageRecorder {
  record: (call: { userId: string; requestId: string; feature: TAiFeature; model: string; promptTokens: number; completionTokens: number }) => Promise<void>;
}

export function busUsageRecorder(bus: Pick<Bus, "publish">, logger: Logger): UsageRecorder {
  return {
    async record(call) {
      const event = createEvent("agent", "ai-usage.recorded", {
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
          occurred_at: new Date().toISOString(),
        },
      });
      try {
        await bus.publish([event]);
      } catch (error) {
        logger.error({ err: error, requestId: call.requestId }, "could not publish ai-usage.recorded");
      }
    },
  };
}
