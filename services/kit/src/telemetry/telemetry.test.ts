import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { InMemorySpanExporter } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createService } from "../http/create-service.ts";
import { createLogger } from "../logger.ts";
import { quietLogger } from "../testing/isolation.ts";
import { currentTraceparent, flushTracing, inSpan, SpanKind, startTracing, stopTracing } from "./tracing.ts";

const exporter = new InMemorySpanExporter();
beforeAll(() => startTracing({ exporter }));
afterAll(() => stopTracing());

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger("demo", "info", { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe("logs and traces", () => {
  it("puts the active span's trace_id and span_id on each log line, and none outside a span", async () => {
    const { logger, lines } = capture();
    logger.info("before");
    const ids = await inSpan({ service: "demo", name: "work", kind: SpanKind.INTERNAL }, async (span) => {
      logger.info("inside");
      return span.spanContext();
    });
    logger.info("after");

    expect(lines.map((line) => line.msg)).toEqual(["before", "inside", "after"]);
    expect(lines[1]).toMatchObject({ service: "demo", trace_id: ids.traceId, span_id: ids.spanId });
    expect(ids.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(lines[0]).not.toHaveProperty("trace_id");
    expect(lines[2]).not.toHaveProperty("span_id");
  });

  it("continues a caller's traceparent in a server span named by the route, and logs the request inside it", async () => {
    const { logger, lines } = capture();
    const app = createService({ name: "demo-http", logger });
    app.get("/things/:id", (c) => c.json({ id: c.req.param("id") }));
    const callerTrace = "0af7651916cd43dd8448eb211c80319c";
    const response = await app.request("/things/42", { headers: { traceparent: `00-${callerTrace}-b7ad6b7169203331-01` } });
    await flushTracing();

    expect(response.status).toBe(200);
    const span = exporter.getFinishedSpans().find((candidate) => candidate.name === "GET /things/:id");
    expect(span?.spanContext().traceId).toBe(callerTrace);
    expect(span?.parentSpanContext?.spanId).toBe("b7ad6b7169203331");
    expect(span?.kind).toBe(SpanKind.SERVER);
    expect(span?.resource.attributes["service.name"]).toBe("demo-http");
    expect(span?.attributes).toMatchObject({ "http.route": "/things/:id", "http.response.status_code": 200 });
    expect(lines.find((line) => line.msg === "request")).toMatchObject({ trace_id: callerTrace, span_id: span?.spanContext().spanId });
  });

  it("serves the request-duration histogram on /metrics by route and status, without a session", async () => {
    const app = createService({ name: "demo-metrics", logger: quietLogger() });
    app.get("/things/:id", (c) => c.json({ id: c.req.param("id") }));
    await app.request("/things/1");
    await app.request("/things/2");

    const response = await app.request("/metrics");
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(text).toMatch(/http_server_request_duration_seconds_count\{[^}]*http_request_method="GET"[^}]*http_route="\/things\/:id"[^}]*http_response_status_code="200"[^}]*\} 2/);
    expect(text).not.toContain('http_route="/things/1"');
  });

  it("gives no traceparent outside a span", () => {
    expect(currentTraceparent()).toBeUndefined();
  });
});

describe("kafkajs's negative timeout on Node 24", () => {
  /**
   * Node warns about a negative timeout once per process, so each case runs in a fresh Node:
   * kafkajs's request queue scheduling its re-check as a connection does (nothing pending,
   * nothing throttled), with and without our filter.
   */
  const runKafkajsQueue = (withFilter: boolean) => {
    const script = `
      ${withFilter ? `const { silenceKafkajsNegativeTimeout } = await import(${JSON.stringify(fileURLToPath(new URL("../bus/kafkajs-timeout-warning.ts", import.meta.url)))});
      silenceKafkajsNegativeTimeout();` : ""}
      const { createRequire } = await import("node:module");
      const RequestQueue = createRequire(${JSON.stringify(import.meta.url)})("kafkajs/src/network/requestQueue/index.js");
      const noop = () => undefined;
      const queue = new RequestQueue({ maxInFlightRequests: 1, requestTimeout: 1000, clientId: "test", broker: "test:9092", logger: { debug: noop, info: noop, warn: noop, error: noop } });
      queue.scheduleCheckPendingRequests();
      clearTimeout(queue.throttleCheckTimeoutId);
      process.emitWarning("a warning of our own", "OtherWarning");
    `;
    return spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }).stderr;
  };

  it("shows without the filter (the cause is real)", () => {
    expect(runKafkajsQueue(false)).toContain("TimeoutNegativeWarning");
  });

  it("is dropped by the filter, and other warnings still show", () => {
    const stderr = runKafkajsQueue(true);
    expect(stderr).not.toContain("TimeoutNegativeWarning");
    expect(stderr).toContain("OtherWarning: a warning of our own");
  });
});
