import { ConfigError, createLogger, loadConfig } from "@amia/kit";
import { listenPortOf, productionRefusal, ZOidcProviderEnvSchema } from "./env.ts";
import { createLocalOidcProvider } from "./provider.ts";

const NAME = "oidc-provider";
const env = loadConfig(NAME, ZOidcProviderEnvSchema);
const refusal = productionRefusal(env);
if (refusal) {
  process.stderr.write(`${new ConfigError(NAME, [refusal]).message}\n`);
  process.exit(1);
}

const logger = createLogger(NAME, env.LOG_LEVEL);
process.on("unhandledRejection", (reason) => {
  logger.fatal({ err: reason }, "unhandled rejection; exiting");
  process.exit(1);
});

const provider = await createLocalOidcProvider({
  port: listenPortOf(env),
  host: env.HOST,
  ...(env.OIDC_PROVIDER_ISSUER ? { issuer: env.OIDC_PROVIDER_ISSUER } : {}),
  clients: [{ client_id: env.OIDC_CLIENT_ID, client_secret: env.OIDC_CLIENT_SECRET, redirect_uris: env.OIDC_REDIRECT_URIS }],
  ...(env.OIDC_PROVIDER_SIGNING_KEY ? { signingKey: env.OIDC_PROVIDER_SIGNING_KEY } : {}),
  logger,
});
logger.info({ port: provider.port, host: env.HOST, issuer: provider.issuer, client_id: env.OIDC_CLIENT_ID }, "listening");

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    logger.info({ signal }, "shutting down");
    provider.close().then(
      () => {
        logger.info("stopped");
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
