import kafkajs, { type Consumer, type ConsumerConfig, type EachMessageHandler, type IHeaders, type Kafka, type KafkaMessage } from "kafkajs";
import type { Logger } from "pino";
import { ZDomainEventSchema, type TDomainEvent, type TEventOf, type TTopic } from "@amia/contracts";
import { SpanKind } from "@opentelemetry/api";
import { acceptRequestId, runWithRequestId } from "../request-context.ts";
import { metricsFor } from "../telemetry/metrics.ts";
import { contextFromCarrier, inSpan, TRACEPARENT } from "../telemetry/tracing.ts";
import { messagingAttributes, type RawConsumerOptions, type RawMessage } from "./bus.ts";
import { DEFAULT_HANDLER_BACKOFF, handlerRetryDelayMs, type HandlerBackoff } from "./handler-backoff.ts";
import { isInvalidEventError } from "./invalid-event.ts";
import { isRetriableKafkaError, retryTransient } from "./retry-transient.ts";
import { topicsOfHandlers } from "./subscriptions.ts";

export interface MessageMeta {
  topic: string;
  partition: number;
  offset: string;
}

export type EventHandlers = {
  [T in TDomainEvent["type"]]?: (event: TEventOf<T>, meta: MessageMeta) => Promise<void>;
};

export interface BusConsumerOptions {
  /** The consumer group: one per service and purpose ("notifications.from-relationships"). */
  groupId: string;
  /** One per event type handled; the topics subscribed follow from them (subscriptions.ts). */
  handlers: EventHandlers;
  /** How the wait between attempts of a failing handler grows (tests shorten it). */
  backoff?: Partial<HandlerBackoff>;
  /** A new group starts from the oldest message, so a service added later still sees history. */
  fromBeginning?: boolean;
}

export interface BusConsumer {
  /**
   * Joins the group in the background, retrying until it succeeds (a broker that is down, a
   * dead member whose session has not expired yet). Resolves once the group has been joined, or
   * once the consumer is stopped; never rejects. Callers that must not wait (a process's start)
   * do not await it.
   */
  start: () => Promise<void>;
  /** Ends any retry wait, leaves the group; a message whose handler had not succeeded is not committed. */
  stop: () => Promise<void>;
}

/** A consumer of catalogue events: the logical topics it reads, derived from its handlers. */
export interface EventConsumer extends BusConsumer {
  topics: readonly TTopic[];
}

interface ConsumerDeps {
  logger: Logger;
  topicName: (topic: string) => string;
  publishRaw: (physicalTopic: string, messages: RawMessage[]) => Promise<void>;
  /** Creates the logical topics (and their dead-letter topics) if missing. */
  ensureTopics: (topics: string[]) => Promise<void>;
  /** The service the group belongs to: its tracer makes the consumer spans, its metrics count retries. */
  service: string;
}

/** Wire names of the headers a dead-lettered message carries; the `npm run dlq` tool reads them. */
export const DLQ_HEADER = {
  reason: "dlq-reason",
  error: "dlq-error",
  originalTopic: "dlq-original-topic",
  originalPartition: "dlq-original-partition",
  originalOffset: "dlq-original-offset",
  failedAt: "dlq-failed-at",
  consumerGroup: "dlq-consumer-group",
} as const;

/** Why a message was parked: a wire value in the DLQ headers. */
export type TDeadLetterReason = "invalid_json" | "invalid_event" | "rejected_by_handler";

/**
 * Validates every message against the contracts and dispatches it by `type`. What can never be
 * handled — a message that does not parse, or one its handler refuses with `InvalidEventError` —
 * is parked on `<topic>.dlq` with the reason in its headers at once. Any other failure is taken
 * to be passing (the database or broker down, a timeout): the handler is tried again with capped,
 * jittered exponential backoff for as long as it takes, heartbeating meanwhile, so an outage
 * delays events but never parks (or loses) them. The partition waits behind that event, which
 * keeps per-aggregate order; the lag metric and a log line per retry make the wait visible.
 */
export function createBusConsumer(kafka: Kafka, options: BusConsumerOptions, deps: ConsumerDeps): EventConsumer {
  const backoff = { ...DEFAULT_HANDLER_BACKOFF, ...options.backoff };
  const logger = deps.logger.child({ component: "consumer", group: options.groupId });
  const topics = topicsOfHandlers(options.handlers);
  const retries = metricsFor(deps.service).consumerHandlerRetries;
  const stopping = new AbortController();

  const deadLetter = async (topic: string, message: KafkaMessage, partition: number, reason: TDeadLetterReason, error: string) => {
    const headers: IHeaders = {
      ...message.headers,
      [DLQ_HEADER.reason]: reason,
      [DLQ_HEADER.error]: error.slice(0, 2_000),
      [DLQ_HEADER.originalTopic]: topic,
      [DLQ_HEADER.originalPartition]: String(partition),
      [DLQ_HEADER.originalOffset]: message.offset,
      [DLQ_HEADER.failedAt]: new Date().toISOString(),
      [DLQ_HEADER.consumerGroup]: options.groupId,
    };
    await deps.publishRaw(topic + ".dlq", [{ key: message.key?.toString() ?? "", value: message.value ?? "", headers }]);
  };

  const handle = async (topic: string, partition: number, message: KafkaMessage, heartbeat: () => Promise<void>) => {
    // A stopping consumer takes no new message: throwing leaves its offset uncommitted.
    if (stopping.signal.aborted) throw consumerStopping();
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
          await whileHeartbeating(heartbeat, () => handler(event, meta));
          if (attempt > 1) logger.info({ ...meta, event_id: event.id, type: event.type, attempts: attempt }, "handler succeeded after retrying");
          return;
        } catch (error) {
          if (isInvalidEventError(error)) {
            logger.error({ ...meta, event_id: event.id, type: event.type, err: error }, "handler refused the event; parked on the dead-letter topic");
            await deadLetter(topic, message, partition, "rejected_by_handler", `${error.name}: ${error.message}`);
            return;
          }
          if (stopping.signal.aborted) throw consumerStopping();
          const delay = handlerRetryDelayMs(attempt, backoff);
          retries.inc({ group: options.groupId, topic });
          // One line per retry: with the wait capped, at most a couple a minute per partition.
          logger.warn({ ...meta, event_id: event.id, type: event.type, attempt, delay_ms: delay, err: error }, "handler failed; retrying (not dead-lettered: only invalid events are)");
          await sleepWhileHeartbeating(delay, heartbeat, stopping.signal);
        }
      }
    }));
  };

  const runner = startable({
    kafka,
    groupId: options.groupId,
    physicalTopics: topics.map(deps.topicName),
    fromBeginning: options.fromBeginning ?? true,
    logger,
    stopping,
    // The consumer never creates topics on the fly (allowAutoTopicCreation: false): the topics
    // its handlers need are ensured here, so none can be left out.
    prepare: () => deps.ensureTopics([...topics]),
    eachMessage: ({ topic, partition, message, heartbeat }) => handle(topic, partition, message, heartbeat),
  });
  return { ...runner, topics };
}

export function createRawConsumer(kafka: Kafka, options: RawConsumerOptions, parentLogger: Logger): BusConsumer {
  const logger = parentLogger.child({ component: "raw-consumer", group: options.groupId });
  return startable({
    kafka,
    groupId: options.groupId,
    physicalTopics: options.physicalTopics,
    fromBeginning: true,
    logger,
    stopping: new AbortController(),
    prepare: async () => undefined,
    eachMessage: async ({ topic, partition, message }) => {
      const headers = Object.fromEntries(
        Object.entries(message.headers ?? {}).map(([name, value]) => [name, Array.isArray(value) ? value.join(",") : (value?.toString() ?? "")]),
      );
      await options.onMessage({ topic, partition, offset: message.offset, key: message.key?.toString(), value: message.value?.toString("utf8") ?? "", headers });
    },
  });
}

/**
 * A fetch long-polls the broker for at most this long. The broker answers as soon as a message
 * arrives, so it does not delay delivery; it bounds how long a graceful stop waits (kafkajs's
 * default of 5 s made every shutdown take 5 s).
 */
const FETCH_MAX_WAIT_MS = 500;

/**
 * Group membership timing. A member that stops heartbeating (a process killed with SIGKILL) is
 * dropped after SESSION_TIMEOUT_MS; until then a rebalance — and so a restarted replica's join —
 * waits for it. kafkajs's default of 30 s made a restarted service wait 22–27 s; 10 s is well
 * above the broker's minimum (6 s) and a heartbeat every 2 s (a fifth of it) rides out a pause.
 * Our handlers heartbeat while they run and while they wait to retry, so a slow handler or an
 * outage is not mistaken for a dead member. Rebalance: how long members get to rejoin.
 */
export const CONSUMER_GROUP_TIMING = { sessionTimeout: 10_000, heartbeatInterval: 2_000, rebalanceTimeout: 30_000 } as const;

export function consumerConfig(groupId: string): ConsumerConfig {
  return { groupId, allowAutoTopicCreation: false, maxWaitTimeInMs: FETCH_MAX_WAIT_MS, ...CONSUMER_GROUP_TIMING };
}

/** The longest wait between two joining attempts while the broker cannot be reached. */
const MAX_JOIN_RETRY_DELAY_MS = 10_000;

interface StartableOptions {
  kafka: Kafka;
  groupId: string;
  physicalTopics: string[];
  fromBeginning: boolean;
  logger: Logger;
  stopping: AbortController;
  prepare: () => Promise<void>;
  eachMessage: EachMessageHandler;
}

/**
 * Connect, subscribe, run — in the background, again and again until the group is joined, and
 * again should kafkajs give up on a crash it does not restart from itself.
 */
function startable(options: StartableOptions): BusConsumer {
  const { kafka, groupId, physicalTopics, fromBeginning, logger, stopping } = options;
  let consumer: Consumer | undefined;
  let joining: Promise<void> | undefined;
  const stopped = new Promise<void>((resolve) => stopping.signal.addEventListener("abort", () => resolve(), { once: true }));

  const join = async (): Promise<void> => {
    for (let attempt = 1; !stopping.signal.aborted; attempt++) {
      const current = kafka.consumer(consumerConfig(groupId));
      consumer = current;
      try {
        const joined = new Promise<void>((resolve) => {
          const remove = current.on(current.events.GROUP_JOIN, () => {
            remove();
            resolve();
          });
        });
        current.on(current.events.CRASH, ({ payload }) => {
          // kafkajs restarts itself after retriable crashes; after any other it stays down.
          if (payload.restart || stopping.signal.aborted || consumer !== current) return;
          logger.error({ err: payload.error }, "consumer crashed and kafkajs will not restart it; joining again");
          joining = join();
        });
        const steps = (async () => {
          await options.prepare();
          await current.connect();
          await retryTransient(() => current.subscribe({ topics: physicalTopics, fromBeginning }), isRetriableKafkaError);
          await current.run({ eachMessage: options.eachMessage });
          await joined;
        })();
        // kafkajs spends up to a minute on its own retries against an absent broker: a stop
        // does not wait for them, and whatever they open later is closed again.
        await Promise.race([steps, stopped]);
        if (stopping.signal.aborted) {
          steps.then(() => current.disconnect()).catch(() => undefined);
          return;
        }
        logger.info({ topics: physicalTopics, attempts: attempt }, "consumer joined its group");
        return;
      } catch (error) {
        await current.disconnect().catch(() => undefined);
        if (stopping.signal.aborted) return;
        const delay = Math.min(250 * 2 ** (attempt - 1), MAX_JOIN_RETRY_DELAY_MS);
        logger.warn({ err: error, attempt, delay_ms: delay }, "consumer could not join its group yet; retrying");
        await sleep(delay, stopping.signal).catch(() => undefined);
      }
    }
  };

  return {
    start() {
      joining ??= join();
      return joining;
    },
    async stop() {
      // First end every retry wait, so a handler stuck behind an outage lets go of its message
      // (uncommitted) and kafkajs's own stop, which waits for the handler, returns promptly.
      stopping.abort();
      await consumer?.disconnect();
      await joining;
    },
  };
}

/** Thrown out of a handler's retry loop on stop; a KafkaJSError, so kafkajs does not log it as a handler failure. */
function consumerStopping(): Error {
  // kafkajs is CommonJS and adds its error classes to its exports in a way Node's ESM loader
  // cannot see as named exports: read from the default export, here, so that a process that
  // consumes nothing (the web server) does not load kafkajs for this module.
  return new kafkajs.KafkaJSError("consumer stopping; the message stays uncommitted", { retriable: false });
}

/** Runs `work`, heartbeating meanwhile, so a handler slower than the session timeout keeps its partitions. */
async function whileHeartbeating<T>(heartbeat: () => Promise<void>, work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => void heartbeat().catch(() => undefined), CONSUMER_GROUP_TIMING.heartbeatInterval);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/**
 * Waits `ms`, heartbeating. A heartbeat that fails (the group is rebalancing) ends the wait with
 * that error: kafkajs then rejoins and the message comes again, to whoever owns it now.
 */
async function sleepWhileHeartbeating(ms: number, heartbeat: () => Promise<void>, signal: AbortSignal): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const left = until - Date.now();
    if (left <= 0) return;
    try {
      await sleep(Math.min(left, CONSUMER_GROUP_TIMING.heartbeatInterval), signal);
    } catch {
      throw consumerStopping();
    }
    await heartbeat();
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
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
