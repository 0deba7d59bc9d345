import type { Bus, ReceivedRawMessage } from "./bus.ts";
import { DLQ_SUFFIX, HEADER } from "./bus.ts";
import { DLQ_HEADER } from "./consumer.ts";

/**
 * Inspecting and replaying a dead-letter topic (`npm run dlq`). A replay republishes the parked
 * message, as it was, to its original topic — every consumer there is idempotent by event id,
 * so one that had handled it changes nothing — and then appends a marker to the dead-letter
 * topic naming the message it replayed, so the topic stays an append-only record and the same
 * message is not replayed twice. A message that fails again is parked again, as a new entry.
 */

/** Wire names of a replay marker's headers; the tool reads them back, so never rename one. */
export const DLQ_REPLAY_HEADER = {
  /** `<partition>:<offset>` of the dead letter this marker says was replayed. */
  replayOf: "dlq-replay-of",
  replayedAt: "dlq-replayed-at",
} as const;

export interface DeadLetter {
  /** Where it sits in the dead-letter topic: `<partition>:<offset>`, its identity for replays. */
  position: string;
  key: string | undefined;
  value: string;
  headers: Record<string, string>;
  eventId: string | undefined;
  eventType: string | undefined;
  reason: string | undefined;
  error: string | undefined;
  originalTopic: string | undefined;
  originalPartition: string | undefined;
  originalOffset: string | undefined;
  failedAt: string | undefined;
  consumerGroup: string | undefined;
  /** When it was replayed, if it was. */
  replayedAt: string | undefined;
}

/** The dead letters of a logical topic ("users" → "<prefix>users.dlq"), oldest first per partition. */
export async function listDeadLetters(bus: Bus, topic: string): Promise<DeadLetter[]> {
  const messages = await bus.readTopic(deadLetterTopic(bus, topic));
  const replayed = new Map<string, string>();
  for (const message of messages) {
    const of = message.headers[DLQ_REPLAY_HEADER.replayOf];
    if (of) replayed.set(of, message.headers[DLQ_REPLAY_HEADER.replayedAt] ?? "");
  }
  return messages.filter((message) => !message.headers[DLQ_REPLAY_HEADER.replayOf]).map((message) => deadLetterOf(message, replayed));
}

export interface ReplayResult {
  replayed: DeadLetter[];
  /** Matching dead letters left alone because they had been replayed before. */
  alreadyReplayed: DeadLetter[];
}

/**
 * Republishes every dead letter of `topic` not replayed yet (or only those of one event id) to
 * its original topic, each followed by its marker. A crash between the two would replay that
 * one message once more next time: harmless, as consumers are idempotent by event id.
 */
export async function replayDeadLetters(bus: Bus, topic: string, options: { eventId?: string } = {}): Promise<ReplayResult> {
  const matching = (await listDeadLetters(bus, topic)).filter((letter) => options.eventId === undefined || letter.eventId === options.eventId);
  const result: ReplayResult = { replayed: [], alreadyReplayed: [] };
  for (const letter of matching) {
    if (letter.replayedAt !== undefined) {
      result.alreadyReplayed.push(letter);
      continue;
    }
    const originalTopic = letter.originalTopic ?? bus.topicName(topic);
    await bus.publishRaw(originalTopic, [{ key: letter.key ?? "", value: letter.value, headers: withoutDeadLetterHeaders(letter.headers) }]);
    const replayedAt = new Date().toISOString();
    await bus.publishRaw(deadLetterTopic(bus, topic), [
      { key: letter.key ?? "", value: "", headers: { [DLQ_REPLAY_HEADER.replayOf]: letter.position, [DLQ_REPLAY_HEADER.replayedAt]: replayedAt } },
    ]);
    result.replayed.push({ ...letter, replayedAt });
  }
  return result;
}

function deadLetterTopic(bus: Bus, topic: string): string {
  return bus.topicName(topic) + DLQ_SUFFIX;
}

function deadLetterOf(message: ReceivedRawMessage, replayed: Map<string, string>): DeadLetter {
  const position = `${message.partition}:${message.offset}`;
  const { headers } = message;
  return {
    position,
    key: message.key,
    value: message.value,
    headers,
    eventId: headers[HEADER.eventId] ?? fieldInside(message.value, "id"),
    eventType: headers[HEADER.eventType] ?? fieldInside(message.value, "type"),
    reason: headers[DLQ_HEADER.reason],
    error: headers[DLQ_HEADER.error],
    originalTopic: headers[DLQ_HEADER.originalTopic],
    originalPartition: headers[DLQ_HEADER.originalPartition],
    originalOffset: headers[DLQ_HEADER.originalOffset],
    failedAt: headers[DLQ_HEADER.failedAt],
    consumerGroup: headers[DLQ_HEADER.consumerGroup],
    replayedAt: replayed.get(position),
  };
}

/** A message published raw (no headers) may still carry its id and type in its JSON. */
function fieldInside(value: string, field: "id" | "type"): string | undefined {
  try {
    const found = (JSON.parse(value) as Record<string, unknown>)[field];
    return typeof found === "string" ? found : undefined;
  } catch {
    return undefined;
  }
}

function withoutDeadLetterHeaders(headers: Record<string, string>): Record<string, string> {
  const dlqHeaders = new Set<string>(Object.values(DLQ_HEADER));
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !dlqHeaders.has(name)));
}
