import type { Consumer, EachMessageHandler, IHeaders, Kafka, KafkaMessage } from "kafkajs";
import type { Logger } from "pino";
import { ZDomainEventSchema, type TDomainEvent, type TEventOf } from "@amia/contracts";
import { SpanKind } from "@opentelemetry/api";
import { acceptRequestId, runWithRequestId } from "../request-context.ts";
import { contextFromCarrier, inSpan, TRACEPARENT } from "../telemetry/tracing.ts";
import { messagingAttributes, type RawConsumerOptions, type RawMessage } from "./bus.ts";
import { isRetriableKafkaError, retryTransient } from "./retry-transient.ts";

export interface MessageMeta {
  topic: string;
  partition: number;
  offset: string;
}

export type EventHandlers = {
  [T in TDomainEvent["type"]]?: (event: TEventOf<T>, meta: MessageMeta) => Promise<void>;
};

export interface RetryPolicy {
  attempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

export interface BusConsumerOptions {
  /** The consumer group: one per service and purpose ("notifications.from-relationships"). */
  groupId: string;
  /** Logical topic names; the bus adds its prefix. */
  topics: string[];
  handlers: EventHandlers;
  retry?: Partial<RetryPolicy>;
  /** A new group starts from the oldest message, so a service added later still sees history. */
  fromBeginning?: boolean;
}

export interface BusConsumer {
  /** Connects, subscribes and resolves once the group has been joined. */
  start: () => Promise<void>;
  /** Leaves the group after in-flight messages finish; offsets are committed. */
  stop: () => Promise<void>;
}

interface ConsumerDeps {
  logger: Logger;
  topicName: (topic: string) => string;
  publishRaw: (physicalTopic: string, messages: RawMessage[]) => Promise<void>;
  /** The service the group belongs to: its tracer makes the consumer spans. */
  service: string;
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 5, initialDelayMs: 200, maxDelayMs: 5_000 };

/**
 * Validates every message against the contracts, dispatches it by `type`, retries a failing
 * handler with backoff, and parks what still fails (or never parsed) on `<topic>.dlq` with the
 * reason in its headers: a failed message is never acknowledged with only a log line.
 */
export function createBusConsumer(kafka: Kafka, options: BusConsumerOptions, deps: ConsumerDeps): BusConsumer {
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const logger = deps.logger.child({ component: "consumer", group: options.groupId });
  const consumer = kafka.consumer(consumerConfig(options.groupId));

  const deadLetter = async (topic: string, message: KafkaMessage, partition: number, reason: string, error: string) => {
    const headers: IHeaders = {
      ...message.headers,
      "dlq-reason": reason,
      "dlq-error": error.slice(0, 2_000),
      "dlq-original-topic": topic,
      "dlq-original-partition": String(partition),
      "dlq-original-offset": message.offset,
      "dlq-failed-at": new Date().toISOString(),
      "dlq-consumer-group": options.groupId,
    };
    await deps.publishRaw(topic + ".dlq", [{ key: message.key?.toString() ?? "", value: message.value ?? "", headers }]);
  };

  const handle = async (topic: string, partition: number, message: KafkaMessage, heartbeat: () => Promise<void>) => {
    const meta: MessageMeta = { topic, partition, offset: message.offset };
    const parsed = parseEvent(message.value);
    if (!parsed.ok) {
      logger.error({ ...meta, reason: parsed.reason, error: parsed.error }, "poison message parked on the dead-letter topic");
      await deadLetter(topic, message, partition, parsed.reason, parsed.error);
      return;
    }
    const event = parsed.event;
    const handler = options.handlers[event.type] as ((e: TDomainEvent, m: MessageMeta) => Promise<void>) | undefined;
    if (!handler) return;
    const requestId = acceptRequestId(message.headers?.["x-request-id"]?.toString()) ?? event.id;
    // Continues the trace of the publish (and so of the write that caused the event).
    const parent = contextFromCarrier({ [TRACEPARENT]: message.headers?.[TRACEPARENT]?.toString() });
    const span = { service: deps.service, name: `process ${topic}`, kind: SpanKind.CONSUMER, parent, attributes: { ...messagingAttributes(topic, event, "process"), "messaging.consumer.group.name": options.groupId, "messaging.destination.partition.id": String(partition), "messaging.kafka.offset": Number(message.offset) } };
    await inSpan(span, () => runWithRequestId(requestId, async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          await handler(event, meta);
          return;
        } catch (error) {
          const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
          if (attempt >= retry.attempts) {
            logger.error({ ...meta, event_id: event.id, type: event.type, attempts: attempt, err: error }, "handler kept failing; event parked on the dead-letter topic");
            await deadLetter(topic, message, partition, "handler_failed", text);
            return;
          }
          const delay = Math.min(retry.initialDelayMs * 2 ** (attempt - 1), retry.maxDelayMs);
          logger.warn({ ...meta, event_id: event.id, type: event.type, attempt, delay_ms: delay, err: error }, "handler failed, retrying");
          await new Promise((resolve) => setTimeout(resolve, delay));
          await heartbeat();
        }
      }
    }));
  };

  return startable(consumer, options.topics.map(deps.topicName), options.fromBeginning ?? true, logger, ({ topic, partition, message, heartbeat }) =>
    handle(topic, partition, message, heartbeat),
  );
}

export function createRawConsumer(kafka: Kafka, options: RawConsumerOptions, parentLogger: Logger): BusConsumer {
  const logger = parentLogger.child({ component: "raw-consumer", group: options.groupId });
  const consumer = kafka.consumer(consumerConfig(options.groupId));
  return startable(consumer, options.physicalTopics, true, logger, async ({ topic, partition, message }) => {
    const headers = Object.fromEntries(
      Object.entries(message.headers ?? {}).map(([name, value]) => [name, Array.isArray(value) ? value.join(",") : (value?.toString() ?? "")]),
    );
    await options.onMessage({ topic, partition, offset: message.offset, key: message.key?.toString(), value: message.value?.toString("utf8") ?? "", headers });
  });
}

/**
 * A fetch long-polls the broker for at most this long. The broker answers as soon as a message
 * arrives, so it does not delay delivery; it bounds how long a graceful stop waits (kafkajs's
 * default of 5 s made every shutdown take 5 s).
 */
const FETCH_MAX_WAIT_MS = 500;

function consumerConfig(groupId: string) {
  return { groupId, allowAutoTopicCreation: false, maxWaitTimeInMs: FETCH_MAX_WAIT_MS };
}

/** Connect, subscribe, run; `start` resolves once the group has been joined. */
function startable(consumer: Consumer, topics: string[], fromBeginning: boolean, logger: Logger, eachMessage: EachMessageHandler): BusConsumer {
  let running: Promise<void> | undefined;
  return {
    start() {
      running ??= (async () => {
        const joined = new Promise<void>((resolve) => {
          const remove = consumer.on(consumer.events.GROUP_JOIN, () => {
            remove();
            resolve();
          });
        });
        await consumer.connect();
        await subscribeWhenTopicsAreServed(consumer, topics, fromBeginning);
        await consumer.run({ eachMessage });
        await joined;
        logger.info({ topics }, "consumer joined its group");
      })();
      return running;
    },
    async stop() {
      await consumer.disconnect();
    },
  };
}

/**
 * A topic another process created a moment ago can still be unknown to the broker's metadata
 * ("does not host this topic-partition"); kafkajs does not retry that on subscribe, so we do.
 */
function subscribeWhenTopicsAreServed(consumer: Consumer, topics: string[], fromBeginning: boolean): Promise<void> {
  return retryTransient(() => consumer.subscribe({ topics, fromBeginning }), isRetriableKafkaError);
}

type ParseResult = { ok: true; event: TDomainEvent } | { ok: false; reason: "invalid_json" | "invalid_event"; error: string };

function parseEvent(value: Buffer | null): ParseResult {
  let json: unknown;
  try {
    json = JSON.parse(value?.toString("utf8") ?? "");
  } catch (error) {
    return { ok: false, reason: "invalid_json", error: error instanceof Error ? error.message : String(error) };
  }
  const result = ZDomainEventSchema.safeParse(json);
  if (!result.success) {
    const error = result.error.issues.map((issue) => `${issue.path.join(".") || "(message)"}: ${issue.message}`).join("; ");
    return { ok: false, reason: "invalid_event", error };
  }
  return { ok: true, event: result.data as TDomainEvent };
}
