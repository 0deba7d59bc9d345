import { pino, type Logger, type LevelWithSilent } from "pino";
import { currentRequestId } from "./request-context.ts";

export type { Logger };

/** JSON logs, one line each, carrying the service name and the current request id. */
export function createLogger(service: string, level: LevelWithSilent = "info"): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { request_id: requestId } : {};
    },
  });
}
