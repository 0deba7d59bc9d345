import { createLogger, loadConfig } from "@amia/kit";
import { createIntrospectionAccountLookup, localProviderSubjectForEmail } from "./account-lookup.ts";
import { GOOGLE_STAND_IN_LOCAL_DEFAULTS, ZGoogleStandInEnvSchema } from "./env.ts";
import { createGoogleStandIn } from "./stand-in.ts";

// The local Google (OAuth token endpoint + Calendar v3) for `npm start` and compose: state is in
// memory and lost on restart; anything can sign in. Never expose it beyond your machine.
const NAME = "google-stand-in";
const env = loadConfig(NAME, ZGoogleStandInEnvSchema, process.env, GOOGLE_STAND_IN_LOCAL_DEFAULTS);
const logger = createLogger(NAME, env.LOG_LEVEL);

// The sign-in provider says whose a new refresh token is, so a second sign-in finds the same calendar.
const accountOf = env.GOOGLE_STAND_IN_INTROSPECTION_URL
  ? createIntrospectionAccountLookup({ url: env.GOOGLE_STAND_IN_INTROSPECTION_URL, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET, logger })
  : undefined;

// With accounts known, an invited email finds its account's calendar by the provider's sub for that email.
const standIn = await createGoogleStandIn({
  port: env.PORT,
  host: env.HOST,
  refreshTokens: env.GOOGLE_STAND_IN_REFRESH_TOKENS,
  ...(accountOf ? { accountOf, accountOfEmail: localProviderSubjectForEmail } : {}),
});
logger.info({ port: standIn.port, host: env.HOST, introspection_url: env.GOOGLE_STAND_IN_INTROSPECTION_URL ?? null }, "listening");

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    logger.info({ signal }, "shutting down");
    void standIn.close().then(() => process.exit(0));
  });
}
