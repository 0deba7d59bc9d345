import type { Redis } from "ioredis";
import { createBus, createRedis, type Bus, type Logger } from "@amia/kit";
import { quietLogger, serveOverHttp, testInfra, uniqueTestNames, type TestNames } from "@amia/kit/testing";
import { createBff, type Bff } from "../app.ts";
import { loadInternalKeys, type InternalKeys } from "../auth/internal-keys.ts";
import { bffConfig, parseBffEnv, type BffConfig } from "../env.ts";
import { JWKS_PATH } from "../routes/jwks.ts";

/** Where nothing listens: a service "down" (connection refused at once). */
export const UNREACHABLE_URL = "http://127.0.0.1:9";

export interface TestBffOptions {
  label: string;
  /** Share a harness's names (its topic prefix) so the BFF reads the topics its services write. */
  names?: TestNames;
  /**
   * Environment on top of the test defaults, given the BFF's URL (known before the BFF is built:
   * an OIDC provider needs it for its redirect URI, services for the JWKS URL).
   */
  env?: (bffUrl: string) => Promise<Record<string, string>> | Record<string, string>;
  heartbeatMs?: number;
  /**
   * Wait until the live-notification consumer has joined its group (default true, so a test's
   * first push is not missed); false when Kafka is meant to be away.
   */
  waitForConsumers?: boolean;
  /** Where the BFF logs; silent by default. */
  logger?: Logger;
}

export interface TestBff {
  url: string;
  jwksUrl: string;
  config: BffConfig;
  bff: Bff;
  keys: InternalKeys;
  /** Redis with the BFF's key prefix: what the BFF itself sees. */
  redis: Redis;
  close: () => Promise<void>;
}

/**
 * The real BFF (createBff, as main.ts builds it) on the real Redis and Kafka, served over HTTP
 * on a free port, with PUBLIC_ORIGIN = its own URL (no SPA in front) and every service
 * unreachable unless `env` says where it is.
 */
export async function startTestBff(options: TestBffOptions): Promise<TestBff> {
  const infra = testInfra();
  const ownsNames = !options.names;
  const names = options.names ?? uniqueTestNames(options.label);
  let bff: Bff | undefined;
  const served = await serveOverHttp((request, env) => {
    if (!bff) return new Response("starting", { status: 503 });
    return bff.app.fetch(request, env);
  });
  const overrides = (await options.env?.(served.url)) ?? {};
  const env = parseBffEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_ORIGIN: served.url,
    REDIS_URL: infra.redisUrl,
    REDIS_KEY_PREFIX: `${names.redisPrefix}:`,
    KAFKA_BROKERS: infra.kafkaBrokers.join(","),
    KAFKA_TOPIC_PREFIX: names.topicPrefix,
    OIDC_ISSUER: UNREACHABLE_URL,
    ...Object.fromEntries(["IDENTITY", "RELATIONSHIPS", "EVENTS", "NOTIFICATIONS", "AGENT", "USAGE", "CALENDAR", "RECIPES"].map((name) => [`${name}_URL`, UNREACHABLE_URL])),
    ...overrides,
  });
  const logger = options.logger ?? quietLogger();
  const redis = createRedis({ url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX });
  const subscriber = createRedis({ url: env.REDIS_URL });
  const bus: Bus = createBus({ brokers: env.KAFKA_BROKERS, clientId: `bff-${names.id}`, logger, topicPrefix: env.KAFKA_TOPIC_PREFIX });
  const keys = await loadInternalKeys(env, logger);
  const config = bffConfig(env);
  bff = createBff({ config, logger, redis, subscriber, bus, keys, ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}) });
  if (options.waitForConsumers === false) void bff.start();
  else await bff.start();
  const started = bff;

  return {
    url: served.url,
    jwksUrl: `${served.url}${JWKS_PATH}`,
    config,
    bff: started,
    keys,
    redis,
    async close() {
      await started.stop();
      await served.close();
      if (ownsNames) await bus.deleteOwnTopics().catch(() => undefined);
      await bus.close();
      // ioredis does not prefix KEYS patterns (and answers with full names); del() prefixes again.
      const leftovers = await redis.keys(`${env.REDIS_KEY_PREFIX}*`).catch(() => [] as string[]); // none to remove when Redis was never there
      if (leftovers.length > 0) await redis.del(...leftovers.map((key) => key.slice(env.REDIS_KEY_PREFIX.length)));
      await Promise.allSettled([subscriber.quit(), redis.quit()]);
    },
  };
}
