import { createRemoteJWKSet, jwtVerify, SignJWT, errors as joseErrors, type CryptoKey, type JWTVerifyGetKey } from "jose";
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
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(header);
    if (!match?.[1]) throw new AppError("unauthorized", "Missing internal token");
    let principal: TInternalUser;
    try {
      principal = await verifyInternalToken(match[1], options);
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

export interface TokenMinterOptions {
  privateKey: CryptoKey;
  kid: string;
  alg: (typeof INTERNAL_JWT_ALGORITHMS)[number];
  issuer: string;
  ttlSeconds?: number;
}

/** Mints internal tokens (the BFF in production; tests through the testing helpers). */
export function createTokenMinter(options: TokenMinterOptions) {
  const ttl = Math.min(options.ttlSeconds ?? 60, INTERNAL_JWT_MAX_AGE_SECONDS);
  // An array audience is one token for several services (the agent calling services as the
  // user, docs/decisions.md); each service checks only that its own name is among them.
  return (user: TInternalUser, audience: string | string[]): Promise<string> =>
    new SignJWT(user.email ? { kind: user.kind, email: user.email } : { kind: user.kind })
      .setProtectedHeader({ alg: options.alg, kid: options.kid, typ: "JWT" })
      .setSubject(user.id)
      .setIssuer(options.issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${ttl}s`)
      .sign(options.privateKey);
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
