import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter, type SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { traceOutgoingFetch } from "./fetch-spans.ts";
import {
  context,
  createContextKey,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type SpanKind,
  type Tracer,
} from "@opentelemetry/api";

/**
 * Traces, instrumented by hand at our own seams (the HTTP middleware of createService, outgoing
 * fetch, the bus, the outbox, BullMQ jobs): no auto-instrumentation, whose require hooks do not
 * see ESM loaded through Node 24's type stripping and then do nothing, silently.
 *
 * Off unless started: until `startTracing` runs, every tracer is the API's no-op and no SDK
 * code runs. Each service gets its own tracer provider (its own `service.name` resource), all
 * feeding the same processors, so services mounted together in one process (the tests) still
 * show as separate services in a trace.
 */

/** Wire name of the W3C Trace Context header (HTTP, Kafka headers, outbox events, job data). */
export const TRACEPARENT = "traceparent";

/** Instrumentation scope of every span we make. */
const SCOPE = "@amia/kit";

interface TracingState {
  processors: SpanProcessor[];
  providers: Map<string, BasicTracerProvider>;
}

let state: TracingState | undefined;

export interface TracingOptions {
  /** OTLP/HTTP base URL (OTEL_EXPORTER_OTLP_ENDPOINT); spans go to `<endpoint>/v1/traces`. */
  endpoint?: string | undefined;
  /** Where spans go instead (tests: an InMemorySpanExporter), exported one by one. */
  exporter?: SpanExporter | undefined;
}

/**
 * Turns tracing on for this process when there is somewhere to send spans; otherwise does
 * nothing and says so (false). A second call adds its exporter to the first's.
 */
export function startTracing(options: TracingOptions): boolean {
  const processors: SpanProcessor[] = [];
  if (options.exporter) processors.push(new SimpleSpanProcessor(options.exporter));
  if (options.endpoint) {
    const url = `${options.endpoint.replace(/\/+$/, "")}/v1/traces`;
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url })));
  }
  if (processors.length === 0) return false;
  if (!state) {
    traceOutgoingFetch();
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    state = { processors: [], providers: new Map() };
  }
  // Providers made before keep the processor list they were given by reference, so they see these too.
  state.processors.push(...processors);
  return true;
}

/** Sends what is buffered and stops exporting (graceful shutdown). */
export async function stopTracing(): Promise<void> {
  if (!state) return;
  await Promise.allSettled(state.processors.map((processor) => processor.shutdown()));
}

/** Sends what is buffered now (tests read the exporter after this). */
export async function flushTracing(): Promise<void> {
  if (!state) return;
  await Promise.allSettled(state.processors.map((processor) => processor.forceFlush()));
}

/** The tracer of one service: spans carry `service.name` = `service`. A no-op while tracing is off. */
export function tracerFor(service: string): Tracer {
  if (!state) return trace.getTracer(SCOPE);
  let provider = state.providers.get(service);
  if (!provider) {
    provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ "service.name": service }),
      spanProcessors: [fanOut(state.processors)],
    });
    state.providers.set(service, provider);
  }
  return provider.getTracer(SCOPE);
}

/**
 * The service a queue, consumer group or producer name belongs to: our names begin with their
 * service's name ("calendar.sync", "calendar-sync", "notifications.builder").
 */
export function serviceOfName(name: string): string {
  return name.split(/[.:-]/, 1)[0] || name;
}

/** The active span's context as a `traceparent` value, or undefined when no span is active. */
export function currentTraceparent(active: Context = context.active()): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(active, carrier);
  return carrier[TRACEPARENT];
}

/** The context a `traceparent` (and `tracestate`) names; the root context when absent or malformed. */
export function contextFromCarrier(carrier: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(ROOT_CONTEXT, carrier);
}

/** Adds the active context's `traceparent` to outgoing headers. */
export function injectTraceHeaders(headers: Record<string, string> | Headers, active: Context = context.active()): void {
  const carrier: Record<string, string> = {};
  propagation.inject(active, carrier);
  for (const [name, value] of Object.entries(carrier)) {
    if (headers instanceof Headers) headers.set(name, value);
    else headers[name] = value;
  }
}

/** The ids logs carry when a span is active (`trace_id`, `span_id`: wire names log queries use). */
export function activeTraceIds(): { trace_id: string; span_id: string } | undefined {
  const span = trace.getSpan(context.active());
  if (!span) return undefined;
  const spanContext = span.spanContext();
  return isSpanContextValid(spanContext) ? { trace_id: spanContext.traceId, span_id: spanContext.spanId } : undefined;
}

/** Context key: which service the active work belongs to (its outgoing calls' spans are that service's). */
const SERVICE_KEY = createContextKey("amia.service");

/** The service the active span belongs to, when one is active. */
export function activeService(active: Context = context.active()): string | undefined {
  return active.getValue(SERVICE_KEY) as string | undefined;
}

export interface SpanRequest {
  /** The service doing the work: its tracer makes the span. */
  service: string;
  name: string;
  kind: SpanKind;
  attributes?: Attributes;
  /** The parent; by default the active context. */
  parent?: Context;
}

/**
 * Runs `fn` inside a new active span; a throw marks the span failed (and is rethrown), and the
 * span ends when `fn` settles.
 */
export async function inSpan<T>(request: SpanRequest, fn: (span: Span) => Promise<T>): Promise<T> {
  const { service, name, kind, attributes = {}, parent = context.active() } = request;
  return tracerFor(service).startActiveSpan(name, { kind, attributes }, parent.setValue(SERVICE_KEY, service), async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      markFailed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

export function markFailed(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/** One processor handing each span to every processor of the live list (which startTracing may grow). */
function fanOut(processors: SpanProcessor[]): SpanProcessor {
  return {
    onStart: (span, parent) => processors.forEach((processor) => processor.onStart(span, parent)),
    onEnd: (span) => processors.forEach((processor) => processor.onEnd(span)),
    forceFlush: async () => void (await Promise.all(processors.map((processor) => processor.forceFlush()))),
    shutdown: async () => void (await Promise.all(processors.map((processor) => processor.shutdown()))),
  };
}

/** Re-exported so services name span kinds without depending on the OTel API themselves. */
export { SpanKind } from "@opentelemetry/api";
