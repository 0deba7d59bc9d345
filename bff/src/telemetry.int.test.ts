import { randomUUID } from "node:crypto";
import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGoogleStandIn, type GoogleStandIn } from "@amia/google-stand-in";
import { flushTracing, SpanKind, startTracing, stopTracing } from "@amia/kit";
import { eventually } from "@amia/kit/testing";
import { calendarServiceForTests } from "../../services/calendar/src/testing/calendar-service.ts";
import { createEventsService } from "../../services/events/src/app.ts";
import { createIdentityService } from "../../services/identity/src/app.ts";
import { createNotificationsService } from "../../services/notifications/src/app.ts";
import { createRelationshipsService } from "../../services/relationships/src/app.ts";
import type { TestBrowser } from "./testing/test-browser.ts";
import { createWorld, type World } from "./testing/world.ts";

/*
 * One user action, one trace: a reviewer approves through the real BFF; the events service
 * records it (its outbox keeps the trace context), the relay publishes to Kafka, the calendar
 * and notifications services consume, the calendar's BullMQ job calls Google. The services run
 * in this process (createWorld), each with its own tracer provider and `service.name`, all
 * exporting to one in-memory exporter; they reach each other over HTTP and Kafka, as deployed.
 */

const exporter = new InMemorySpanExporter();
let world: World;
let google: GoogleStandIn;

beforeAll(async () => {
  startTracing({ exporter });
  google = await createGoogleStandIn();
  world = await createWorld({
    label: "telemetry",
    services: {
      identity: createIdentityService,
      relationships: createRelationshipsService,
      events: createEventsService,
      notifications: createNotificationsService,
      calendar: calendarServiceForTests(google),
    },
  });
}, 120_000);
afterAll(async () => {
  await world?.close();
  await google?.close();
  await stopTracing();
});

const serviceOf = (span: ReadableSpan) => String(span.resource.attributes["service.name"]);
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

async function person(name: string): Promise<{ browser: TestBrowser; email: string }> {
  const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  return { browser: await world.signedIn(email, name), email };
}

describe("telemetry across the BFF, the services and Kafka", () => {
  let approveTraceId: string;

  it("follows 'create a request → the reviewer approves → calendar sync' as one connected trace", async () => {
    const ana = await person("Ana");
    const bruno = await person("Bruno");
    const asked = await ana.browser.json("POST", "/api/v1/relationship-requests", { requested_email: bruno.email });
    expect(asked.status).toBe(201);
    expect((await bruno.browser.json("POST", `/api/v1/relationship-requests/${asked.body.relationship_request.id}/approve`)).status).toBe(200);
    const brunoId = (await bruno.browser.json("GET", "/api/v1/auth/session")).body.user.id as string;

    // The events service learns of the relationship from Kafka: until then the reviewer is refused.
    const lunch = {
      title: "Lunch with Sarah",
      start_date: { date_time: "2026-03-11T12:00", time_zone: "Europe/Lisbon" },
      end_date: { date_time: "2026-03-11T13:00", time_zone: "Europe/Lisbon" },
      approvers: [{ user_id: brunoId, required: true }],
    };
    const created = await eventually(async () => {
      const answer = await ana.browser.json("POST", "/api/v1/event-requests", lunch);
      return answer.status === 201 && answer;
    });
    const id = created.body.event_request.id as string;

    const approved = await bruno.browser.json("POST", `/api/v1/event-requests/${id}/approvals/approve`, {});
    expect(approved.status).toBe(200);
    await eventually(() => google.calls().some((call) => call.method === "POST" && call.path.endsWith("/events") && call.status === 200));

    // The trace begins at the BFF's server span of the approval.
    await flushTracing();
    const root = exporter.getFinishedSpans().find((span) => span.name === "POST /api/v1/event-requests/:id/approvals/approve" && serviceOf(span) === "bff");
    expect(root, "the BFF's span of the approval").toBeDefined();
    expect(root!.kind).toBe(SpanKind.SERVER);
    expect(parentOf(root!)).toBeUndefined();
    approveTraceId = root!.spanContext().traceId;

    // Spans reach the exporter as they end, a parent after its children (the sync job's after its
    // Google call): wait until the Google call's span is in, and every span's parent with it.
    const spansOfTrace = () => exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === approveTraceId);
    const orphansIn = (spans: ReadableSpan[]) => {
      const ids = new Set(spans.map((span) => span.spanContext().spanId));
      return spans.filter((span) => span !== root && !ids.has(parentOf(span) ?? "")).map((span) => `${serviceOf(span)}: ${span.name}`);
    };
    const isComplete = (spans: ReadableSpan[]) =>
      spans.some((span) => span.name === "google.calendar events.insert") && spans.some((span) => serviceOf(span) === "notifications") && orphansIn(spans).length === 0;
    for (const startedAt = Date.now(); !isComplete(spansOfTrace()) && Date.now() - startedAt < 20_000; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await flushTracing();
    }
    const trace = spansOfTrace();

    // Connected: every span but the root has its parent in the same trace.
    const orphans = orphansIn(trace);
    expect(orphans).toEqual([]);
    expect([...new Set(trace.map(serviceOf))]).toEqual(expect.arrayContaining(["bff", "events", "notifications", "calendar"]));

    const byId = new Map(trace.map((span) => [span.spanContext().spanId, span]));
    const parent = (span: ReadableSpan) => byId.get(parentOf(span) ?? "");
    const chainOf = (span: ReadableSpan): string[] => {
      const chain: string[] = [];
      for (let at: ReadableSpan | undefined = span; at; at = parent(at)) chain.unshift(`${serviceOf(at)} ${SpanKind[at.kind]} ${at.name}`);
      return chain;
    };

    // BFF → events over HTTP (a client span carrying traceparent, the service's server span).
    const eventsServer = trace.find((span) => serviceOf(span) === "events" && span.kind === SpanKind.SERVER)!;
    expect(chainOf(eventsServer)).toEqual([
      "bff SERVER POST /api/v1/event-requests/:id/approvals/approve",
      "bff CLIENT POST",
      "events SERVER POST /api/v1/event-requests/:id/approvals/approve",
    ]);

    // Kafka: the relay's publish continues the approval's trace, and each consumer continues the publish.
    const published = trace.find((span) => span.kind === SpanKind.PRODUCER && span.attributes["amia.event.type"] === "event-request.approved")!;
    expect(serviceOf(published)).toBe("events");
    expect(parent(published)).toBe(eventsServer);
    const consumers = trace.filter((span) => span.kind === SpanKind.CONSUMER && parent(span) === published);
    expect(new Set(consumers.map(serviceOf))).toEqual(new Set(["calendar", "notifications"]));

    // The calendar's consumer enqueues the sync job, whose run continues the trace and calls Google.
    const googleCall = trace.find((span) => span.name === "google.calendar events.insert")!;
    expect(chainOf(googleCall).slice(3)).toEqual([
      "events PRODUCER publish event-requests",
      "calendar CONSUMER process " + consumers.find((span) => serviceOf(span) === "calendar")!.attributes["messaging.destination.name"],
      "calendar CONSUMER process calendar-sync",
      "calendar INTERNAL google.calendar events.insert",
    ]);
    expect(trace.some((span) => parent(span) === googleCall && span.kind === SpanKind.CLIENT && span.attributes["http.response.status_code"] === 200)).toBe(true);
  }, 120_000);

  it("exposes the named series on /metrics of every process, without a session", async () => {
    // Every service has served a request through the BFF (the notifications service: this one).
    const carla = await person("Carla");
    expect((await carla.browser.json("GET", "/api/v1/notifications")).status).toBe(200);
    const scrape = async (url: string) => {
      const response = await fetch(`${url}/metrics`);
      expect(response.status, url).toBe(200);
      return response.text();
    };
    const httpDuration = /^http_server_request_duration_seconds_bucket\{[^}]*http_request_method="[A-Z]+"[^}]*http_route="[^"]+"[^}]*http_response_status_code="20\d"/m;

    const bff = await scrape(world.bff.url);
    expect(bff).toMatch(httpDuration);
    expect(bff).toMatch(/^notification_streams_open\{service="bff"\} \d+$/m);
    expect(bff).toMatch(/^sessions_active\{service="bff"\} [1-9]\d*$/m);
    expect(bff).toMatch(/^kafka_consumer_lag\{group="[^"]*bff\.notifications-fanout",topic="[^"]+",partition="0",service="bff"\} \d+$/m);

    for (const name of ["events", "calendar", "notifications"] as const) {
      const text = await scrape(world.services[name]!.served.url);
      expect(text, name).toMatch(httpDuration);
      expect(text, name).toMatch(new RegExp(`^kafka_consumer_lag\\{group="[^"]*${name}\\.[^"]+",topic="[^"]+",partition="0",service="${name}"\\} \\d+$`, "m"));
      expect(text, name).toMatch(new RegExp(`^outbox_documents_pending\\{collection="[^"]+",service="${name}"\\} \\d+$`, "m"));
      expect(text, name).toMatch(/^outbox_publish_failures_total\{service="[^"]+"\} 0$/m);
    }
    const calendar = await scrape(world.services.calendar!.served.url);
    expect(calendar).toMatch(/^job_queue_jobs\{queue="calendar-sync",state="waiting",service="calendar"\} \d+$/m);
    expect(calendar).toMatch(/^job_queue_jobs\{queue="calendar-sync",state="failed",service="calendar"\} 0$/m);
    expect(calendar).toContain("# TYPE job_failures_total counter");
  }, 60_000);
});
