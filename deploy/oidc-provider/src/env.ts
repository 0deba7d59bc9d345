import { z } from "zod";
import { envBoolean, envList, envPort, serviceEnvShape } from "@amia/kit";

/** Where the provider listens when neither OIDC_PROVIDER_PORT nor PORT says otherwise. */
export const DEFAULT_OIDC_PROVIDER_PORT = 4400;

/** An issuer is an origin plus an optional path, with no trailing slash, query or fragment. */
const envIssuer = z
  .url({ protocol: /^https?$/ })
  .refine((value) => !value.endsWith("/") && !/[?#]/.test(value), "must be an http(s) URL with no trailing slash, query or fragment");

/**
 * A private signing key as a JSON JWK: RSA (signs RS256) or EC P-256 (signs ES256). Unset, a
 * fresh RSA key is generated at start, so ID tokens of an earlier run no longer verify.
 */
const envSigningJwk = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "must be a JSON private JWK" });
      return z.NEVER;
    }
  })
  .pipe(
    z.union([
      z.looseObject({ kty: z.literal("RSA"), n: z.string(), e: z.string(), d: z.string() }),
      z.looseObject({ kty: z.literal("EC"), crv: z.literal("P-256"), x: z.string(), y: z.string(), d: z.string() }),
    ], { error: "must be a private RSA or EC P-256 JWK (with \"d\")" }),
  );

/** The local OIDC provider's whole configuration, parsed once at start-up. */
export const ZOidcProviderEnvSchema = z.object({
  NODE_ENV: serviceEnvShape.NODE_ENV,
  LOG_LEVEL: serviceEnvShape.LOG_LEVEL,
  HOST: serviceEnvShape.HOST,
  /** Set per process by npm start, docker-compose and the tests; OIDC_PROVIDER_PORT wins over it. */
  PORT: envPort.optional(),
  /** Defaults to PORT, else 4400. */
  OIDC_PROVIDER_PORT: envPort.optional(),
  /** Defaults to http://127.0.0.1:<the port it listens on>. Every token's `iss`: clients must use this exact value. */
  OIDC_PROVIDER_ISSUER: envIssuer.optional(),
  OIDC_CLIENT_ID: z.string().min(1).default("amia-web"),
  OIDC_CLIENT_SECRET: z.string().min(1).default("local-dev-secret"),
  OIDC_REDIRECT_URIS: envList
    .pipe(z.array(z.url({ protocol: /^https?$/ })))
    .default(["http://127.0.0.1:5173/api/v1/auth/callback", "http://127.0.0.1:3000/api/v1/auth/callback"]),
  OIDC_PROVIDER_SIGNING_KEY: envSigningJwk.optional(),
  /** The provider is a development stand-in: NODE_ENV=production refuses it unless this is "true". */
  OIDC_PROVIDER_ALLOW_IN_PRODUCTION: envBoolean.default(false),
});

export type TOidcProviderEnv = z.output<typeof ZOidcProviderEnvSchema>;

/** The port to listen on: the specific variable, then the per-process PORT, then 4400. */
export function listenPortOf(env: Pick<TOidcProviderEnv, "PORT" | "OIDC_PROVIDER_PORT">): number {
  return env.OIDC_PROVIDER_PORT ?? env.PORT ?? DEFAULT_OIDC_PROVIDER_PORT;
}

/**
 * Why this process must not start, or undefined when it may. Anyone can sign in as anyone here,
 * so a production deployment running it by mistake would let strangers in.
 */
export function productionRefusal(env: Pick<TOidcProviderEnv, "NODE_ENV" | "OIDC_PROVIDER_ALLOW_IN_PRODUCTION">): string | undefined {
  if (env.NODE_ENV !== "production" || env.OIDC_PROVIDER_ALLOW_IN_PRODUCTION) return undefined;
  return "OIDC_PROVIDER_ALLOW_IN_PRODUCTION is not \"true\": the local OIDC provider signs in anyone as any email, so it refuses to run with NODE_ENV=production. Use a real identity provider (Google), or set OIDC_PROVIDER_ALLOW_IN_PRODUCTION=true for a local demo.";
}
