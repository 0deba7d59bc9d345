import { flushCompileCache } from "node:module";
import { ConfigError, createBus, createLogger, createRedis, runService, startTelemetry } from "@amia/kit";
import { createBff } from "./app.ts";
import { loadInternalKeys } from "./auth/internal-keys.ts";
import { bffConfig, parseBffEnv, type TBffEnv } from "./env.ts";

/**
 * The BFF process. Wired by hand on the kit's createService/runService rather than bootService,
 * for two reasons: its config has local defaults of its own (the OIDC provider, the services),
 * and on shutdown the open notification streams must end before the server stops taking
 * requests, or the drain would wait on them.
 */
let env: TBffEnv;
try {
  env = parseBffEnv();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const logger = createLogger("bff", env.LOG_LEVEL);
process.on("unhandledRejection", (reason) => {
  logger.fatal({ err: reason }, "unhandled rejection; exiting");
  process.exit(1);
});
const stopTelemetry = startTelemetry("bff", env, logger);

const redis = createRedis({ url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX });
const subscriber = createRedis({ url: env.REDIS_URL });
const bus = createBus({ brokers: env.KAFKA_BROKERS, clientId: "bff", logger, topicPrefix: env.KAFKA_TOPIC_PREFIX });
const keys = await loadInternalKeys(env, logger);
const bff = createBff({ config: bffConfig(env), logger, redis, subscriber, bus, keys });

const running = await runService({
  app: bff.app,
  port: env.PORT,
  host: env.HOST,
  logger,
  exitProcess: false,
  onShutdown: [async () => bus.close(), async () => subscriber.quit(), async () => redis.quit(), stopTelemetry],
});
// After the server listens, without waiting: the live-notification consumer joins its group in
// the background (retrying while the broker is away); everything else answers meanwhile.
void bff.start();
// Node writes its compile cache (NODE_COMPILE_CACHE) only at a clean exit; a crashed BFF's next
// start would compile everything again (the kit's bootService does the same for each service).
flushCompileCache();

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    logger.info({ signal }, "shutting down");
    // Streams first: they never end on their own, and the drain would wait for them.
    bff
      .stop()
      .then(() => running.stop())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
  });
}
