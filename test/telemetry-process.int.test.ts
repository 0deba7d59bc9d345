import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBus } from "@amia/kit";
import { eventually, quietLogger, testInfra, uniqueTestNames } from "@amia/kit/testing";

/*
 * The telemetry of a real process, as `npm start` and the cluster run it: Node 24 running our
 * TypeScript by type stripping, as ESM. Hand instrumentation has no require hook to miss, but
 * the outgoing-fetch spans rest on undici's diagnostics channels and the OTLP exporter on its
 * own HTTP client, so this checks that spans really leave the process. A tiny OTLP/HTTP
 * collector (JSON, as @opentelemetry/exporter-trace-otlp-http sends) stands in for the backend;
 * it also answers the BFF's OpenID discovery with a 404, so sign-in makes one outgoing call.
 */

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  service: string;
}

let collector: Server;
let collectorUrl: string;
const received: OtlpSpan[] = [];
let bff: ChildProcess;
let bffUrl: string;
const stdout: string[] = [];
let stderr = "";
const names = uniqueTestNames("telemetry-process");

/** OTLP JSON ids are hex; some exporters write base64. */
const hex = (id: string) => (/^[0-9a-f]+$/.test(id) ? id : Buffer.from(id, "base64").toString("hex"));

beforeAll(async () => {
  collector = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method === "POST" && request.url === "/v1/traces") {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        for (const resourceSpans of body.resourceSpans ?? []) {
          const service = resourceSpans.resource.attributes.find((attribute: { key: string }) => attribute.key === "service.name")?.value.stringValue;
          for (const scope of resourceSpans.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              received.push({ ...span, traceId: hex(span.traceId), spanId: hex(span.spanId), parentSpanId: span.parentSpanId ? hex(span.parentSpanId) : undefined, service });
            }
          }
        }
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
        return;
      }
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((done) => collector.listen(0, "127.0.0.1", done));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;

  const infra = testInfra();
  bff = spawn(process.execPath, ["src/main.ts"], {
    cwd: resolve(REPO, "bff"),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "development",
      PORT: "0",
      KAFKA_BROKERS: infra.kafkaBrokers.join(","),
      KAFKA_TOPIC_PREFIX: names.topicPrefix,
      REDIS_URL: infra.redisUrl,
      REDIS_KEY_PREFIX: names.redisPrefix,
      OIDC_ISSUER: `${collectorUrl}/issuer`,
      OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let pending = "";
  bff.stdout!.on("data", (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    const lines = pending.split("\n");
    pending = lines.pop()!;
    stdout.push(...lines.filter(Boolean));
  });
  bff.stderr!.on("data", (chunk: Buffer) => void (stderr += chunk.toString("utf8")));
  const listening = await eventually(() => stdout.map((line) => JSON.parse(line)).find((line) => line.msg === "listening"), 60_000);
  bffUrl = `http://127.0.0.1:${listening.port}`;
  // Ready: its fan-out consumer has joined Kafka (where kafkajs's warning used to appear).
  await eventually(async () => (await fetch(`${bffUrl}/readyz`)).status === 200, 60_000);
}, 120_000);

afterAll(async () => {
  if (bff && bff.exitCode === null) {
    bff.kill("SIGTERM");
    await once(bff, "exit");
  }
  collector?.close();
  const bus = createBus({ brokers: testInfra().kafkaBrokers, clientId: names.id, logger: quietLogger(), topicPrefix: names.topicPrefix });
  await bus.deleteOwnTopics().catch(() => undefined);
  await bus.close();
});

describe("a real BFF process (Node 24, type stripping, ESM)", () => {
  it("exports its spans over OTLP/HTTP: the caller's trace continued, and its outgoing call a child with traceparent", async () => {
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const login = await fetch(`${bffUrl}/api/v1/auth/login`, { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` }, redirect: "manual" });
    expect(login.status).toBeGreaterThanOrEqual(300);

    // The batch processor sends within about five seconds.
    const spans = await eventually(() => {
      const inTrace = received.filter((span) => span.traceId === traceId);
      return inTrace.length >= 2 && inTrace;
    }, 30_000);
    const server = spans.find((span) => span.name === "GET /api/v1/auth/login");
    expect(server).toMatchObject({ service: "bff", parentSpanId: "00f067aa0ba902b7", kind: 2 });
    // The OpenID discovery request: a client span (kind 3) under the server span.
    expect(spans.find((span) => span.kind === 3)).toMatchObject({ service: "bff", parentSpanId: server!.spanId, name: "GET" });
  });

  it("serves Prometheus text on /metrics, writes only JSON lines, and no warning", async () => {
    const metrics = await fetch(`${bffUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^http_server_request_duration_seconds_count\{service="bff",http_request_method="GET",http_route="\/api\/v1\/auth\/login",http_response_status_code="30\d"\} 1$/m);

    bff.kill("SIGTERM");
    await once(bff, "exit");
    expect(stdout.length).toBeGreaterThan(3);
    for (const line of stdout) expect(() => JSON.parse(line), line).not.toThrow();
    expect(stdout.map((line) => JSON.parse(line).msg)).toContain("stopped");
    expect(stderr).toBe("");
  });
});
