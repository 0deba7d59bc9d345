import { createBus, createEvent } from "@amia/kit";
import { quietLogger } from "@amia/kit/testing";

/**
 * AI usage as the agent reports it (`ai-usage.recorded` on Kafka), so the profile's AI Usage tab
 * and the chat sidebar have records to show without a model answering real prompts (the e2e
 * stack runs the assistant offline, which costs nothing).
 */
export async function recordAiUsage(options: { brokers: string[]; userId: string; count: number; tag: string }): Promise<void> {
  const { brokers, userId, count, tag } = options;
  const bus = createBus({ brokers, clientId: `e2e-usage-${tag}`, logger: quietLogger(), topicPrefix: "" });
  try {
    const events = Array.from({ length: count }, (_, index) =>
      createEvent("agent", "ai-usage.recorded", {
        subject: userId,
        actor_id: userId,
        data: {
          user_id: userId,
          request_id: `e2e-${tag}-${index}`,
          feature: "chat",
          model: "gpt-4o-mini",
          prompt_tokens: 1_000 + index,
          completion_tokens: 200,
          total_tokens: 1_200 + index,
          occurred_at: new Date().toISOString(),
        },
      }),
    );
    await bus.publish(events);
  } finally {
    await bus.close();
  }
}
