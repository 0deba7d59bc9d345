import { Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * Prometheus metrics, served as text on each process's own `/metrics` (createService), never
 * through the BFF's public /api. prom-client rather than the OTel metrics SDK: it writes the
 * Prometheus text format itself, computes gauges on scrape (consumer lag, pending outbox events,
 * queue depth are read when Prometheus asks, not polled), and needs no second HTTP server.
 *
 * One registry per service, like the tracers: services mounted together in one process (tests)
 * each answer with their own series. Series names are wire names: dashboards and alerts query
 * them; renaming one breaks those.
 */

/** OTel's recommended bucket boundaries for http.server.request.duration, in seconds. */
const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/** A gauge whose value is read on scrape from sources registered at run time. */
type ScrapeSource = () => Promise<Array<{ labels: Record<string, string | number>; value: number }>>;

export interface ServiceMetrics {
  registry: Registry;
  /** http.server.request.duration, in the Prometheus form OTel's exporter gives it. */
  httpDuration: Histogram<"http_request_method" | "http_route" | "http_response_status_code">;
  outboxPublishFailures: Counter;
  jobFailures: Counter<"queue" | "final">;
  /** A consumer's handler failed and will be tried again (not dead-lettered: only invalid events are). */
  consumerHandlerRetries: Counter<"group" | "topic">;
  /** Adds a source to a scrape-time gauge; returns its removal. */
  addSource: (gauge: ScrapeGaugeName, source: ScrapeSource) => () => void;
}

/** The gauges read on scrape; each is registered once per service, fed by any number of sources. */
export const SCRAPE_GAUGES = {
  kafka_consumer_lag: { help: "Messages not yet consumed: the partition's high watermark minus the group's committed offset", labels: ["group", "topic", "partition"] },
  outbox_documents_pending: { help: "Documents holding events the outbox has not yet published, per collection", labels: ["collection"] },
  outbox_documents_failed: { help: "Documents whose outbox publish failed for good (attempts spent); an operator retries them", labels: ["collection"] },
  job_queue_jobs: { help: "BullMQ jobs per queue and state (waiting, active, delayed, failed)", labels: ["queue", "state"] },
  notification_streams_open: { help: "Live notification streams (SSE) this process holds open", labels: [] },
  sessions_active: { help: "Signed-in sessions stored (not yet expired)", labels: [] },
} as const;
export type ScrapeGaugeName = keyof typeof SCRAPE_GAUGES;

const registries = new Map<string, ServiceMetrics>();

/** The metrics of one service, created on first use. */
export function metricsFor(service: string): ServiceMetrics {
  const existing = registries.get(service);
  if (existing) return existing;
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  const sources = new Map<ScrapeGaugeName, Set<ScrapeSource>>();

  /** A gauge appears once something feeds it: a service without streams shows no stream gauge. */
  const register = (name: ScrapeGaugeName) => {
    const { help, labels } = SCRAPE_GAUGES[name];
    new Gauge({
      name,
      help,
      labelNames: [...labels],
      registers: [registry],
      async collect() {
        this.reset();
        const results = await Promise.allSettled([...(sources.get(name) ?? [])].map((source) => source()));
        // A source that cannot answer now (Kafka unreachable) leaves its series out of this scrape
        // rather than failing the whole page.
        for (const result of results) {
          if (result.status !== "fulfilled") continue;
          for (const { labels: values, value } of result.value) this.set(values, value);
        }
      },
    });
  };

  const metrics: ServiceMetrics = {
    registry,
    httpDuration: new Histogram({
      name: "http_server_request_duration_seconds",
      help: "Duration of HTTP server requests (OTel http.server.request.duration)",
      labelNames: ["http_request_method", "http_route", "http_response_status_code"],
      buckets: HTTP_DURATION_BUCKETS,
      registers: [registry],
    }),
    outboxPublishFailures: new Counter({
      name: "outbox_publish_failures_total",
      help: "Failed publishes of one outbox document's events (the document counts an attempt and is retried after a backoff, or parked as failed)",
      registers: [registry],
    }),
    jobFailures: new Counter({
      name: "job_failures_total",
      help: "BullMQ job attempts that failed; final=true when no attempt is left",
      labelNames: ["queue", "final"],
      registers: [registry],
    }),
    consumerHandlerRetries: new Counter({
      name: "kafka_consumer_handler_retries_total",
      help: "Handler attempts that failed and will be retried after a backoff (an outage delays events; only invalid ones are dead-lettered)",
      labelNames: ["group", "topic"],
      registers: [registry],
    }),
    addSource(gauge, source) {
      if (!sources.has(gauge)) register(gauge);
      const set = sources.get(gauge) ?? new Set<ScrapeSource>();
      set.add(source);
      sources.set(gauge, set);
      return () => set.delete(source);
    },
  };
  registries.set(service, metrics);
  return metrics;
}

/** The Prometheus text of one service's registry, with its content type. */
export async function renderMetrics(service: string): Promise<{ body: string; contentType: string }> {
  const { registry } = metricsFor(service);
  return { body: await registry.metrics(), contentType: registry.contentType };
}
