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
  const env = loadConfig(name, options.envSchema, process.env, options.localDefaults);
  const logger = createLogger(name, env.LOG_LEVEL);
  // A promise nobody awaited failed: the process's state is unknown, so log why and exit for the
  // supervisor (npm start, compose, the cluster) to restart it, as Node itself would.
  process.on("unhandledRejection", (reason) => {
    logger.fatal({ err: reason }, "unhandled rejection; exiting");
    process.exit(1);
  });
  const stopTelemetry = startTelemetry(name, env, logger);

  const mongo = env.MONGO_URL ? await connectMongo({ url: env.MONGO_URL, dbName: env.MONGO_DB ?? name, logger }) : undefined;
  const bus = env.KAFKA_BROKERS
    ? createBus({ brokers: env.KAFKA_BROKERS, clientId: name, logger, topicPrefix: env.KAFKA_TOPIC_PREFIX ?? "" })
    : undefined;
  const redis = env.REDIS_URL ? createRedis({ url: env.REDIS_URL }) : undefined;
  const readiness: ReadinessCheck[] = [];
  if (mongo) readiness.push({ name: "mongodb", check: mongo.ping });
  if (bus) readiness.push({ name: "kafka", check: bus.ping });
  if (redis) readiness.push({ name: "redis", check: () => pingRedis(redis) });
  if (mongo) reportOutboxBacklog(name, mongo.db);

  const app = createService({ name, logger, readiness, bodyLimitBytes: env.BODY_LIMIT_BYTES });
  const auth = env.INTERNAL_JWKS_URL
    ? serviceAuth({ keys: remoteJwks(env.INTERNAL_JWKS_URL), audience: name, issuer: env.INTERNAL_JWT_ISSUER ?? "amia-bff" })
    : undefined;

  const stopSteps = (await options.configure?.({ env, logger, app, mongo, bus, redis, auth })) ?? [];
  if (options.module) {
    if (!mongo || !bus || !auth) throw new Error(`${name}: a service module needs MONGO_URL, KAFKA_BROKERS and INTERNAL_JWKS_URL in its config schema`);
    const module = await options.module({ db: mongo.db, bus, logger, auth });
    app.route("/", module.routes);
    await module.start();
    stopSteps.unshift(module.stop);
  }
  return runService({
    app,
    port: env.PORT,
    host: env.HOST,
    logger,
    onShutdown: [
      ...stopSteps,
      async () => bus?.close(),
      async () => mongo?.close(),
      async () => redis?.quit(),
      stopTelemetry,
    ],
  });
}
