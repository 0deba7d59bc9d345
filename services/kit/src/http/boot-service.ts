import { flushCompileCache } from "node:module";
import type { Hono } from "hono";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { z } from "zod";
import { remoteJwks, serviceAuth, type ServiceAuth } from "../auth/internal-jwt.ts";
import { createBus, type Bus } from "../bus/bus.ts";
import { loadConfig, type TNodeEnv } from "../config.ts";
import { createLogger } from "../logger.ts";
import { reportOutboxBacklog } from "../bus/outbox.ts";
import { connectMongo, type MongoConnection } from "../mongo/connect.ts";
import { startTelemetry } from "../telemetry/start.ts";
import { createRedis, pingRedis } from "../redis/connect.ts";
import { createService, type ReadinessCheck, type ServiceEnv } from "./create-service.ts";
import type { ServiceModuleFactory } from "./service-module.ts";
import { runService, type RunningService } from "./run-service.ts";

/** What a process's environment must at least hold for bootService to wire it. */
interface BaseEnv {
  NODE_ENV: TNodeEnv;
  LOG_LEVEL: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  HOST: string;
  PORT: number;
  BODY_LIMIT_BYTES: number;
  MONGO_URL?: string;
  MONGO_DB?: string | undefined;
  KAFKA_BROKERS?: string[];
  KAFKA_TOPIC_PREFIX?: string;
  REDIS_URL?: string;
  INTERNAL_JWKS_URL?: string;
  INTERNAL_JWT_ISSUER?: string;
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
}

export interface ServiceParts<Env> {
  env: Env;
  logger: Logger;
  app: Hono<ServiceEnv>;
  /** Present when the environment names a MongoDB (MONGO_URL in the schema). */
  mongo: MongoConnection | undefined;
  /** Present when the environment names Kafka brokers. */
  bus: Bus | undefined;
  /** Present when the environment names a Redis. */
  redis: Redis | undefined;
  /** Internal auth for routes acting for a signed-in user / for a service; present when INTERNAL_JWKS_URL is set. */
  auth: ServiceAuth | undefined;
}

export interface BootServiceOptions<Schema extends z.ZodType<BaseEnv>> {
  name: string;
  envSchema: Schema;
  /** Outside production only: what unset variables fall back to (default: the local stack's infrastructure). */
  localDefaults?: Readonly<Record<string, string>>;
  /** A domain service: needs MongoDB, Kafka and internal auth in its config; mounted at "/". */
  module?: ServiceModuleFactory;
  /** The variables to read (default: process.env); tests pass their own. */
  environment?: NodeJS.ProcessEnv;
  /** Exit on SIGTERM/SIGINT and on an unhandled rejection (default true; false in tests). */
  exitProcess?: boolean;
  /** Anything else to wire; returns what to stop, in order, at shutdown. */
  configure?: (parts: ServiceParts<z.output<Schema>>) => Promise<Array<() => Promise<unknown>> | void>;
}

/**
 * One wiring for every service process: config parsed once (exit non-zero naming the bad
 * variable), JSON logger, the dependencies the config names, /healthz and /readyz over them,
 * internal auth, and graceful shutdown that closes them all.
 */
export async function bootService<Schema extends z.ZodType<BaseEnv>>(options: BootServiceOptions<Schema>): Promise<RunningService> {
  const { name } = options;
  const env = loadConfig(name, options.envSchema, options.environment ?? process.env, options.localDefaults);
  const logger = createLogger(name, env.LOG_LEVEL);
  const exitProcess = options.exitProcess ?? true;
  // A promise nobody awaited failed: the process's state is unknown, so log why and exit for the
  // supervisor (npm start, compose, the cluster) to restart it, as Node itself would.
  if (exitProcess) {
    process.on("unhandledRejection", (reason) => {
      logger.fatal({ err: reason }, "unhandled rejection; exiting");
      process.exit(1);
    });
  }
  const stopTelemetry = startTelemetry(name, env, logger);

  const mongo = env.MONGO_URL ? await connectMongo({ url: env.MONGO_URL, dbName: env.MONGO_DB ?? name, logger }) : undefined;
  const bus = env.KAFKA_BROKERS
    ? createBus({ brokers: env.KAFKA_BROKERS, clientId: name, logger, topicPrefix: env.KAFKA_TOPIC_PREFIX ?? "" })
    : undefined;
  const redis = env.REDIS_URL ? createRedis({ url: env.REDIS_URL }) : undefined;
  // Readiness rule (docs/decisions.md "Readiness"): a service cannot answer without its database
  // (and Redis, where its config names one: calendar's jobs); it can without the broker, as
  // every write waits in its outbox and consumers catch up, so Kafka is reported, not required.
  const readiness: ReadinessCheck[] = [];
  if (mongo) readiness.push({ name: "mongodb", check: mongo.ping });
  if (bus) readiness.push({ name: "kafka", check: bus.ping, isRequired: false });
  if (redis) readiness.push({ name: "redis", check: () => pingRedis(redis) });
  if (mongo) reportOutboxBacklog(name, mongo.db);

  const app = createService({ name, logger, readiness, bodyLimitBytes: env.BODY_LIMIT_BYTES });
  const auth = env.INTERNAL_JWKS_URL
    ? serviceAuth({ keys: remoteJwks(env.INTERNAL_JWKS_URL), audience: name, issuer: env.INTERNAL_JWT_ISSUER ?? "amia-bff" })
    : undefined;

  const stopSteps = (await options.configure?.({ env, logger, app, mongo, bus, redis, auth })) ?? [];
  let backgroundWork: BackgroundStart | undefined;
  if (options.module) {
    if (!mongo || !bus || !auth) throw new Error(`${name}: a service module needs MONGO_URL, KAFKA_BROKERS and INTERNAL_JWKS_URL in its config schema`);
    const module = await options.module({ db: mongo.db, bus, logger, auth });
    app.route("/", module.routes);
    backgroundWork = startInBackground(module.start, logger);
    stopSteps.unshift(async () => {
      backgroundWork?.cancel();
      await module.stop();
    });
  }
  // HTTP first: a restarted process answers at once. Its consumers join their groups meanwhile
  // (after a SIGKILL, that waits for the dead member's session to expire), and the outbox relay
  // publishes whatever requests write in the meantime once it runs.
  const running = await runService({
    app,
    port: env.PORT,
    host: env.HOST,
    logger,
    exitProcess,
    onShutdown: [
      ...stopSteps,
      async () => bus?.close(),
      async () => mongo?.close(),
      async () => redis?.quit(),
      stopTelemetry,
    ],
  });
  backgroundWork?.begin();
  // With NODE_COMPILE_CACHE set (npm start, the benchmarks and the fault suite set it), Node keeps
  // the compiled code of every module loaded so far, so the next start skips type stripping and
  // compiling. Node writes it only at a clean exit: a SIGKILLed process would never have written
  // it. Without the variable this does nothing.
  flushCompileCache();
  return running;
}

export interface BackgroundStart {
  /** Runs `start`, again after a pause each time it fails, until it succeeds or is cancelled. */
  begin: () => void;
  cancel: () => void;
  /** Resolves once `start` has succeeded (tests). */
  done: Promise<void>;
}

/** The longest pause between two attempts to start a module's background work. */
const MAX_START_RETRY_DELAY_MS = 10_000;

/**
 * A module's background work (its consumers, its relay) started without holding up the server.
 * Consumers retry their own joins; what can still fail here is ensuring the topics the module
 * writes while the broker is unreachable, so the whole start is tried again until it works.
 */
export function startInBackground(start: () => Promise<void>, logger: Logger): BackgroundStart {
  let isCancelled = false;
  let succeeded: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (succeeded = resolve));
  let timer: NodeJS.Timeout | undefined;
  const attempt = (count: number) => {
    if (isCancelled) return;
    start().then(
      () => {
        logger.info({ attempts: count }, "background work started");
        succeeded();
      },
      (error: unknown) => {
        const delay = Math.min(500 * 2 ** (count - 1), MAX_START_RETRY_DELAY_MS);
        logger.warn({ err: error, attempt: count, delay_ms: delay }, "background work (consumers, relay) could not start yet; retrying");
        timer = setTimeout(() => attempt(count + 1), delay);
      },
    );
  };
  return {
    begin: () => attempt(1),
    cancel() {
      isCancelled = true;
      clearTimeout(timer);
    },
    done,
  };
}
