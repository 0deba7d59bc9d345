import { randomUUID } from "node:crypto";
import type { Collection } from "mongodb";
import type { TAiUsageRecordedData, TEventOf } from "@amia/contracts";
import { createEvent, type Bus } from "@amia/kit";
import { eventually } from "@amia/kit/testing";

/** One model call, as the agent reports it (tests only). */
export function modelCall(user: { id: string }, data: Partial<TAiUsageRecordedData> = {}): TEventOf<"ai-usage.recorded"> {
  return createEvent("agent", "ai-usage.recorded", {
    subject: user.id,
    actor_id: user.id,
    data: {
      user_id: user.id,
      request_id: randomUUID(),
      feature: "chat",
      model: "gpt-4o-mini",
      prompt_tokens: 1_000,
      completion_tokens: 1_000,
      total_tokens: 2_000,
      occurred_at: "2026-03-15T12:00:00.000Z",
      ...data,
    },
  });
}

/** Publishes and waits until the service has stored them all (a user's events stay in order). */
export async function recordAll(bus: Bus, records: Collection<{ _id: string }>, events: Array<TEventOf<"ai-usage.recorded">>): Promise<void> {
  await bus.publish(events);
  const ids = new Set(events.map((event) => event.id));
  await eventually(async () => (await records.countDocuments({ _id: { $in: [...ids] } })) === ids.size);
}
