/**
 * Runs `attempt` until it succeeds, retrying with a growing pause (up to 1 s) while the error
 * is transient and the time budget lasts. For broker states that settle within seconds, such as
 * a topic whose leader is still being elected.
 */
export async function retryTransient<T>(attempt: () => Promise<T>, isTransient: (error: unknown) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isTransient(error) || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(100 * tries, 1_000)));
    }
  }
}

/** kafkajs marks errors worth retrying; ours below add the same flag. */
export function isRetriableKafkaError(error: unknown): boolean {
  const { retriable, type } = error as { retriable?: boolean; type?: string };
  return retriable === true || type === "UNKNOWN_TOPIC_OR_PARTITION" || type === "LEADER_NOT_AVAILABLE";
}
