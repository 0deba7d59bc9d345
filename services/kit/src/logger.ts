import { pino, type DestinationStream, type Logger, type LevelWithSilent } from "pino";
import { currentRequestId } from "./request-context.ts";
import { activeTraceIds } from "./telemetry/tracing.ts";

export type { Logger };

/**
 * JSON logs, one line each, carrying the service name, the current request id and, inside a
 * traced span, `trace_id` and `span_id` (so a log line leads to its trace and back).
 */
export function createLogger(service: string, level: LevelWithSilent = "info", destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const requestId = currentRequestId();
      return { ...(requestId ? { request_id: requestId } : {}), ...activeTraceIds() };
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
