import { createLogger, loadConfig } from "@amia/kit";
import { ZGoogleStandInEnvSchema } from "./env.ts";
import { createGoogleStandIn } from "./stand-in.ts";

// The local Google (OAuth token endpoint + Calendar v3) for `npm start` and compose: state is in
// memory and lost on restart; anything can sign in. Never expose it beyond your machine.
const NAME = "google-stand-in";
const env = loadConfig(NAME, ZGoogleStandInEnvSchema);
const logger = createLogger(NAME, env.LOG_LEVEL);

const standIn = await createGoogleStandIn({ port: env.PORT, host: env.HOST, refreshTokens: env.GOOGLE_STAND_IN_REFRESH_TOKENS });
logger.info({ port: standIn.port, host: env.HOST }, "listening");

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    logger.info({ signal }, "shutting down");
    void standIn.close().then(() => process.exit(0));
  });
}
