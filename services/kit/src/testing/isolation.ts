import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { pino, type Logger } from "pino";

/** URLs of the real Kafka, MongoDB-wire database and Redis the integration globalSetup found. */
export interface TestInfra {
  kafkaBrokers: string[];
  mongoUrl: string;
  redisUrl: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    infra: TestInfra;
  }
}

/**
 * Inside vitest, what the integration globalSetup found. Outside it (benchmark scripts), the
 * environment's KAFKA_BROKERS / MONGO_URL / REDIS_URL, or the local stack's addresses.
 */
export function testInfra(): TestInfra {
  let provided: TestInfra | undefined;
  try {
    provided = inject("infra");
  } catch {
    provided = undefined;
  }
  return (
    provided ?? {
      kafkaBrokers: (process.env.KAFKA_BROKERS ?? "127.0.0.1:9092").split(",").map((broker) => broker.trim()),
      mongoUrl: process.env.MONGO_URL ?? "mongodb://127.0.0.1:27017/",
      redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    }
  );
}

export interface TestNames {
  id: string;
  /** A database name no other test uses. */
  dbName: string;
  /** A topic prefix no other test uses. */
  topicPrefix: string;
  /** A Redis key prefix no other test uses. */
  redisPrefix: string;
}

/** Fresh names per test so tests never share state on the shared servers. */
export function uniqueTestNames(label: string): TestNames {
  const id = `${label.replace(/[^a-z0-9]/gi, "").slice(0, 20).toLowerCase()}_${randomBytes(4).toString("hex")}`;
  return { id, dbName: `t_${id}`, topicPrefix: `t.${id}.`, redisPrefix: `t:${id}` };
}

export function quietLogger(): Logger {
  return pino({ level: "silent" });
}

/** A logger that keeps every line it writes (one JSON text each), for tests of what gets logged. */
export function capturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  return { logger: pino({ level: "info" }, { write: (line: string) => void lines.push(line) }), lines };
}

/**
 * Polls `probe` until it returns a value other than undefined, null or false (so a `findOne`
 * that finds nothing keeps waiting), or fails after `timeoutMs`.
 */
export async function eventually<T>(probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 20_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`Condition not met within ${timeoutMs} ms`, { cause: lastError });
}
