import { createRemoteJWKSet, decodeJwt, jwtVerify, SignJWT, errors as joseErrors, type CryptoKey, type JWTVerifyGetKey } from "jose";
import type { MiddlewareHandler } from "hono";
import { AppError } from "../errors.ts";

/**
 * Internal JWTs: the BFF signs one per upstream call for the signed-in user, with the target
 * service as audience, living a minute or two (DESIGN.md "Secrets"). Services trust nothing else.
 */

/**
 * Who a call acts for: a signed-in user (`id` is our user id), or a service acting for itself
 * (`id` is its name; e.g. the BFF upserting a user at sign-in, before that user has an id).
 * Claim values are wire names.
 */
export const PRINCIPAL_KINDS = ["user", "service"] as const;
export type TPrincipalKind = (typeof PRINCIPAL_KINDS)[number];

export interface TInternalUser {
  id: string;
  email?: string;
  kind: TPrincipalKind;
}

/** Signing algorithms we accept; never "none", never HMAC (services hold no shared secret). */
export const INTERNAL_JWT_ALGORITHMS = ["ES256", "EdDSA"] as const;
export const INTERNAL_JWT_MAX_AGE_SECONDS = 120;

export interface InternalAuthOptions {
  keys: JWTVerifyGetKey;
  audience: string;
  issuer: string;
}

export interface InternalAuthRouteOptions extends InternalAuthOptions {
  /** Which principals a route serves; any other valid token gets a 403. */
  allow: TPrincipalKind;
}

/** The BFF's published keys, fetched and cached by jose (refetched on an unknown `kid`). */
export function remoteJwks(url: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(url), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
}

export async function verifyInternalToken(token: string, options: InternalAuthOptions): Promise<TInternalUser> {
  const { payload } = await jwtVerify(token, options.keys, {
    audience: options.audience,
    issuer: options.issuer,
    algorithms: [...INTERNAL_JWT_ALGORITHMS],
    maxTokenAge: INTERNAL_JWT_MAX_AGE_SECONDS,
    requiredClaims: ["sub", "exp", "iat"],
  });
  if (!payload.sub) throw new AppError("unauthorized", "Internal token has no subject");
  const kind: TPrincipalKind = payload.kind === "service" ? "service" : "user";
  return typeof payload.email === "string" ? { id: payload.sub, email: payload.email, kind } : { id: payload.sub, kind };
}

/**
 * Middleware: a valid internal token for this service, or 401; a token for the wrong kind of
 * principal, 403. Sets `c.var.user`.
 */
export function internalAuth(options: InternalAuthRouteOptions): MiddlewareHandler<{ Variables: { user: TInternalUser } }> {
  const verified = createExpiringCache<TInternalUser>(TOKEN_CACHE_ENTRIES);
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(header);
    if (!match?.[1]) throw new AppError("unauthorized", "Missing internal token");
    let principal = verified.get(match[1]);
    if (!principal) try {
      principal = await verifyInternalToken(match[1], options);
      verified.set(match[1], principal, verifiedUntilMs(match[1]));
    } catch (error) {
      if (error instanceof AppError) throw error;
      const reason = error instanceof joseErrors.JOSEError ? error.code : "ERR_UNKNOWN";
      throw new AppError("unauthorized", "Invalid internal token", { reason });
    }
    if (principal.kind !== options.allow) {
      throw new AppError("forbidden", options.allow === "user" ? "This route acts for a signed-in user" : "This route is for internal services only");
    }
    c.set("user", principal);
    await next();
  };
}

/**
 * Signing and verifying an ES256 token each cost ~0.2 ms of CPU, paid on every hop of every
 * call. A token is a bearer credential valid until its `exp` whoever holds it, so the minter
 * hands the same one out again for the same principal and audience during the first half of its
 * life, and a service remembers a token it has verified until it expires (never longer than
 * the 2-minute age limit). The cost: a key dropped from the JWKS stops working at once only for
 * tokens not yet seen — at most a minute later for those already verified. Bounded, oldest out.
 */
const TOKEN_CACHE_ENTRIES = 10_000;

/** Until when a verified token may be trusted without checking again: its exp, capped by max age. */
function verifiedUntilMs(token: string): number {
  const claims = decodeJwt(token);
  const expMs = (claims.exp ?? 0) * 1000;
  const ageLimitMs = ((claims.iat ?? 0) + INTERNAL_JWT_MAX_AGE_SECONDS) * 1000;
  return Math.min(expMs, ageLimitMs);
}

/** A size-bounded map whose entries lapse at their own time (insertion order = eviction order). */
export function createExpiringCache<T>(maxEntries: number, now: () => number = Date.now) {
  const entries = new Map<string, { value: T; untilMs: number }>();
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() < entry.untilMs) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, value: T, untilMs: number) {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, untilMs });
    },
  };
}

export interface TokenMinterOptions {
  privateKey: CryptoKey;
  kid: string;
  alg: (typeof INTERNAL_JWT_ALGORITHMS)[number];
  issuer: string;
  ttlSeconds?: number;
  now?: () => number;
}

/** Mints internal tokens (the BFF in production; tests through the testing helpers). */
export function createTokenMinter(options: TokenMinterOptions) {
  const ttl = Math.min(options.ttlSeconds ?? 60, INTERNAL_JWT_MAX_AGE_SECONDS);
  const now = options.now ?? Date.now;
  const minted = createExpiringCache<string>(TOKEN_CACHE_ENTRIES, now);
  // An array audience is one token for several services (the agent calling services as the
  // user, docs/decisions.md); each service checks only that its own name is among them.
  return async (user: TInternalUser, audience: string | string[]): Promise<string> => {
    const key = JSON.stringify([user.kind, user.id, user.email ?? "", audience]);
    const reused = minted.get(key);
    if (reused) return reused;
    const issuedAt = Math.floor(now() / 1000);
    const token = await new SignJWT(user.email ? { kind: user.kind, email: user.email } : { kind: user.kind })
      .setProtectedHeader({ alg: options.alg, kid: options.kid, typ: "JWT" })
      .setSubject(user.id)
      .setIssuer(options.issuer)
      .setAudience(audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttl)
      .sign(options.privateKey);
    minted.set(key, token, issuedAt * 1000 + (ttl * 1000) / 2);
    return token;
  };
}

export type PrincipalMiddleware = MiddlewareHandler<{ Variables: { user: TInternalUser } }>;

/** The two guards a service mounts: routes acting for a signed-in user, and internal routes. */
export interface ServiceAuth {
  requireUser: PrincipalMiddleware;
  requireService: PrincipalMiddleware;
}

export function serviceAuth(options: InternalAuthOptions): ServiceAuth {
  return {
    requireUser: internalAuth({ ...options, allow: "user" }),
    requireService: internalAuth({ ...options, allow: "service" }),
  };
}
