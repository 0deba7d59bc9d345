import { z } from "zod";
import { envBoolean, envPort, envPositiveInt, envServiceUrls, kafkaEnvShape, LOCAL_DEFAULTS, parseConfig, redisEnvShape, serviceEnvShape } from "@amia/kit";
import type { ServiceName } from "./routes/catalogue.ts";

/**
 * The BFF's whole configuration, parsed once at start-up (STYLE.md §7). Outside production the
 * variables below default to the local stack (`BFF_LOCAL_DEFAULTS`); in production nothing that
 * names a place or a secret is defaulted, so a missing one is named and the process exits.
 */

/**
 * A host name that names this machine: localhost and any name under it (RFC 6761 reserves
 * `.localhost` for loopback; docker-compose.yml's issuer is `oidc.localhost`, a network alias
 * inside compose), ::1 and 127.0.0.0/8. Plain http is allowed only to these.
 */
export const isLoopbackHost = (hostname: string) =>
  hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);

/** An origin such as https://amia.example (no path, query or fragment). */
const envOrigin = z.url().refine((value) => {
  // zod runs the refinement on a value z.url() already refused: that one must not throw here.
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "https:" || url.protocol === "http:") && url.pathname === "/" && !url.search && !url.hash;
}, "must be an origin such as https://amia.example (scheme, host and port only)");

const envHttpUrl = z.url().refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), "must be an http(s) URL");

/** A JSON-valued variable, then checked by `schema`. */
function envJson<S extends z.ZodType>(schema: S) {
  return z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "must be JSON" });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** A private signing key: EC P-256 (ES256) or Ed25519 (EdDSA), with the `kid` services look it up by. */
export const ZPrivateJwkSchema = z.union([
  z.object({ kty: z.literal("EC"), crv: z.literal("P-256"), x: z.string(), y: z.string(), d: z.string(), kid: z.string().min(1), alg: z.literal("ES256").optional() }),
  z.object({ kty: z.literal("OKP"), crv: z.literal("Ed25519"), x: z.string(), d: z.string(), kid: z.string().min(1), alg: z.literal("EdDSA").optional() }),
], { error: "must be an ES256 (EC P-256) or EdDSA (Ed25519) private JWK with a kid" });
export type TPrivateJwk = z.infer<typeof ZPrivateJwkSchema>;

/** A previous key's public half, still published while tokens it signed may be in flight. */
export const ZPublicJwkSchema = z
  .object({ kty: z.enum(["EC", "OKP"]), crv: z.string(), x: z.string(), y: z.string().optional(), kid: z.string().min(1), alg: z.string().optional() })
  .loose()
  .refine((jwk) => !("d" in jwk), "must be a public key (no \"d\")");
export type TPublicJwk = z.infer<typeof ZPublicJwkSchema>;

export const ZBffEnvSchema = z
  .object({
    ...serviceEnvShape,
    ...redisEnvShape,
    ...kafkaEnvShape,
    PORT: envPort.default(3000),
    /** The SPA's origin; the browser reaches the BFF through it (same origin), so cookies, CSRF checks and redirects use it. */
    PUBLIC_ORIGIN: envOrigin,
    /** Honour X-Forwarded-For from the one reverse proxy in front (nginx) when counting requests per IP. */
    TRUST_PROXY: envBoolean.default(false),

    // Sign-in (OpenID Connect, by discovery of the issuer).
    OIDC_ISSUER: envHttpUrl,
    OIDC_CLIENT_ID: z.string().min(1),
    OIDC_CLIENT_SECRET: z.string().min(1),
    /** Defaults to `${PUBLIC_ORIGIN}/api/v1/auth/callback`; must be registered with the provider as is. */
    OIDC_REDIRECT_URI: envHttpUrl.optional(),
    OIDC_SCOPES: z
      .string()
      .default("openid email profile https://www.googleapis.com/auth/calendar.events")
      .transform((value) => value.split(/\s+/).filter(Boolean))
      .refine((scopes) => scopes.includes("openid"), "must include openid"),
    /** Stored as the user's `provider` (the session's app_metadata.provider); the local provider stands in for Google. */
    OIDC_PROVIDER_NAME: z.string().regex(/^[a-z0-9-]{1,32}$/, "lower-case letters, digits and - only").default("google"),

    // Sessions (Redis).
    /** A session unused this long ends (sliding: every request renews it). */
    SESSION_IDLE_SECONDS: envPositiveInt.default(24 * 60 * 60),
    /** A session ends this long after sign-in, however busy. */
    SESSION_ABSOLUTE_SECONDS: envPositiveInt.default(30 * 24 * 60 * 60),
    /**
     * How long a replica may answer from a session it read, without asking Redis again (ended
     * sessions are forgotten everywhere at once through Redis pub/sub; sessions/session-cache.ts); 0: never.
     */
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),

    // Internal JWTs the BFF signs for each upstream call.
    INTERNAL_JWT_ISSUER: z.string().min(1).default("amia-bff"),
    INTERNAL_JWT_PRIVATE_JWK: envJson(ZPrivateJwkSchema).optional(),
    INTERNAL_JWT_PREVIOUS_PUBLIC_JWKS: envJson(z.array(ZPublicJwkSchema)).default([]),
    /** Production refuses to start without INTERNAL_JWT_PRIVATE_JWK unless this says a per-start key is fine (one replica, a demo). */
    INTERNAL_JWT_ALLOW_EPHEMERAL_KEY: envBoolean.default(false),

    // The services the API forwards to: each one URL, or its replicas' URLs comma-separated
    // (balanced round-robin by the BFF itself: @amia/kit's balancer; `npm start -- --replicas`).
    IDENTITY_URL: envServiceUrls,
    RELATIONSHIPS_URL: envServiceUrls,
    EVENTS_URL: envServiceUrls,
    NOTIFICATIONS_URL: envServiceUrls,
    AGENT_URL: envServiceUrls,
    USAGE_URL: envServiceUrls,
    CALENDAR_URL: envServiceUrls,
    RECIPES_URL: envServiceUrls,
    /** Every upstream call gives up after this long (a stream: until its headers arrive). */
    UPSTREAM_TIMEOUT_MS: envPositiveInt.default(10_000),

    // Rate limits (sliding windows in Redis, shared by every replica; docs/decisions.md "Limits").
    RATE_LIMIT_LOGIN_PER_MINUTE: envPositiveInt.default(20),
    /** Per user; an IP may make CHAT_IP_ALLOWANCE times as many (people behind one NAT). */
    RATE_LIMIT_CHAT_PER_MINUTE: envPositiveInt.default(20),
    /** Every change (any route but GET) per user: one a second on average is far past what a person clicks. */
    RATE_LIMIT_WRITES_PER_MINUTE: envPositiveInt.default(60),
    /** Relationship requests sent per user: each one notifies someone else. */
    RATE_LIMIT_RELATIONSHIP_REQUESTS_PER_HOUR: envPositiveInt.default(10),
    /** Live notification streams one user may hold open at once, across replicas (a tab each). */
    NOTIFICATION_STREAMS_PER_USER: envPositiveInt.default(5),
  })
  .superRefine((env, ctx) => {
    // Runs even when OIDC_ISSUER failed its own check (then already named): never throw on it.
    const issuer = URL.canParse(env.OIDC_ISSUER) ? new URL(env.OIDC_ISSUER) : undefined;
    if (issuer && issuer.protocol !== "https:" && !isLoopbackHost(issuer.hostname)) {
      ctx.addIssue({ code: "custom", path: ["OIDC_ISSUER"], message: "must be https (plain http is allowed only for a loopback issuer)" });
    }
    if (env.NODE_ENV === "production" && !env.INTERNAL_JWT_PRIVATE_JWK && !env.INTERNAL_JWT_ALLOW_EPHEMERAL_KEY) {
      ctx.addIssue({ code: "custom", path: ["INTERNAL_JWT_PRIVATE_JWK"], message: "is required in production (or set INTERNAL_JWT_ALLOW_EPHEMERAL_KEY=true for a single-replica demo)" });
    }
    if (env.SESSION_IDLE_SECONDS > env.SESSION_ABSOLUTE_SECONDS) {
      ctx.addIssue({ code: "custom", path: ["SESSION_IDLE_SECONDS"], message: "must not exceed SESSION_ABSOLUTE_SECONDS" });
    }
  });

export type TBffEnv = z.output<typeof ZBffEnvSchema>;

/** Outside production only: the local stack `npm start` runs (deploy/local, deploy/oidc-provider). */
export const BFF_LOCAL_DEFAULTS: Readonly<Record<string, string>> = {
  ...LOCAL_DEFAULTS,
  PUBLIC_ORIGIN: "http://127.0.0.1:5173",
  OIDC_ISSUER: "http://127.0.0.1:4400",
  OIDC_CLIENT_ID: "amia-web",
  OIDC_CLIENT_SECRET: "local-dev-secret",
  IDENTITY_URL: "http://127.0.0.1:4001",
  RELATIONSHIPS_URL: "http://127.0.0.1:4002",
  EVENTS_URL: "http://127.0.0.1:4003",
  NOTIFICATIONS_URL: "http://127.0.0.1:4004",
  AGENT_URL: "http://127.0.0.1:4005",
  USAGE_URL: "http://127.0.0.1:4006",
  CALENDAR_URL: "http://127.0.0.1:4007",
  RECIPES_URL: "http://127.0.0.1:4008",
};

/** Parses the BFF's environment with its local defaults (throws a ConfigError naming what is wrong). */
export function parseBffEnv(env: Record<string, string | undefined> = process.env): TBffEnv {
  return parseConfig("bff", ZBffEnvSchema, env, BFF_LOCAL_DEFAULTS);
}

/** What the routes read: the parsed environment with the derived values resolved once. */
export interface BffConfig {
  env: TBffEnv;
  publicOrigin: string;
  redirectUri: string;
  /** The session cookie is Secure when the SPA is served over https. */
  isSecureCookie: boolean;
  /** Each service's replicas (one URL unless several are listed). */
  serviceUrls: Record<ServiceName, readonly string[]>;
}

export function bffConfig(env: TBffEnv): BffConfig {
  const publicOrigin = new URL(env.PUBLIC_ORIGIN).origin;
  return {
    env,
    publicOrigin,
    redirectUri: env.OIDC_REDIRECT_URI ?? `${publicOrigin}/api/v1/auth/callback`,
    isSecureCookie: publicOrigin.startsWith("https:"),
    serviceUrls: {
      identity: env.IDENTITY_URL,
      relationships: env.RELATIONSHIPS_URL,
      events: env.EVENTS_URL,
      notifications: env.NOTIFICATIONS_URL,
      agent: env.AGENT_URL,
      usage: env.USAGE_URL,
      calendar: env.CALENDAR_URL,
      recipes: env.RECIPES_URL,
    },
  };
}
