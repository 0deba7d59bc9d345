import type { ProcessSpec } from "./processes.ts";

/**
 * `npm start -- --observe`: Jaeger v2 (deploy/local/jaeger) beside the stack, and every process
 * told to send it its spans. The addresses are deploy/local/jaeger/config.yaml's (a test keeps
 * the two in step); all on 127.0.0.1, nothing leaves the machine.
 */
export const OBSERVER = {
  /** OTLP/HTTP: what each process's OTEL_EXPORTER_OTLP_ENDPOINT names (spans to <it>/v1/traces). */
  otlpEndpoint: "http://127.0.0.1:4318",
  /** Jaeger's query service: the UI, and the HTTP API at /api/traces. */
  queryUrl: "http://127.0.0.1:16686",
  /** Jaeger's health check (the healthcheckv2 extension). */
  healthUrl: "http://127.0.0.1:13133/status",
  config: "deploy/local/jaeger/config.yaml",
  build: "deploy/local/jaeger/build.sh",
} as const;

/**
 * The environment `npm start` gives one process: the supervisor's own, its port, and with
 * --observe the OTLP endpoint of the local Jaeger (over any endpoint set in the shell: --observe
 * asks for this viewer).
 */
export function processEnv(spec: Pick<ProcessSpec, "port">, base: NodeJS.ProcessEnv, isObserving: boolean): NodeJS.ProcessEnv {
  return { ...base, PORT: String(spec.port), ...(isObserving ? { OTEL_EXPORTER_OTLP_ENDPOINT: OBSERVER.otlpEndpoint } : {}) };
}
