import type { Logger } from "pino";
import { startTracing, stopTracing } from "./tracing.ts";

/**
 * What every process calls once at start (bootService, the BFF, the web server): tracing when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set. Metrics need no start: /metrics is served by createService.
 * Returns the shutdown step that sends the spans still buffered.
 */
export function startTelemetry(service: string, env: { OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined }, logger: Logger): () => Promise<void> {
  const isTracing = startTracing({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT });
  if (isTracing) logger.info({ service, otlp_endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT }, "tracing: exporting spans over OTLP/HTTP");
  return stopTracing;
}
