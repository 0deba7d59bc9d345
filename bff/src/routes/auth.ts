import { Hono, type Context } from "hono";
import type { Logger } from "@amia/kit";
import { ZUpsertUserOnSignInResponseSchema, ZUserProfileResponseSchema, type TUpsertUserOnSignInBody } from "@amia/contracts";
import { CALLBACK_ERROR, callbackErrorLocation, describeOidcError, sessionError } from "../auth/callback-errors.ts";
import { safeReturnTo, type LoginAttempts } from "../auth/login-attempts.ts";
import type { OidcClient, SignedInIdentity } from "../auth/oidc-client.ts";
import { toSessionUser } from "../auth/session-user.ts";
import type { BffConfig } from "../env.ts";
import { clientIpOf } from "../security/client-ip.ts";
import { rateLimit, type RateLimiter } from "../security/rate-limit.ts";
import { clearSessionCookie, requireSession, SESSION_MISSING, sessionIdOf, setSessionCookie, type BffEnv } from "../sessions/session-middleware.ts";
import type { SessionStore } from "../sessions/session-store.ts";
import { relayResponse } from "../upstream/forward.ts";
import type { UpstreamClient } from "../upstream/upstream-client.ts";

/** The BFF's service identity towards identity's internal routes. */
const BFF_PRINCIPAL = { id: "bff", kind: "service" } as const;

export interface AuthRoutesDeps {
  config: BffConfig;
  sessions: SessionStore;
  attempts: LoginAttempts;
  oidc: OidcClient;
  upstream: UpstreamClient;
  limiter: RateLimiter;
  logger: Logger;
}

/** A failed step of the callback, with the message the SPA shows. */
class SignInFailure extends Error {}

/**
 * Sign-in (OpenID Connect authorization code + PKCE, state, nonce), the session, and sign-out:
 * GET /api/v1/auth/login → the provider → GET /api/v1/auth/callback → the SPA's /auth/callback.
 */
export function authRoutes(deps: AuthRoutesDeps) {
  const { config, sessions, attempts, oidc, upstream, limiter, logger } = deps;
  const { env, publicOrigin } = config;
  const routes = new Hono<BffEnv>();
  const cookieOptions = { isSecure: config.isSecureCookie, maxAgeSeconds: env.SESSION_ABSOLUTE_SECONDS };
  const noStore = (c: Context) => c.header("cache-control", "no-store");

  const loginRateLimit = rateLimit(
    limiter,
    [{ name: "login:ip", limit: env.RATE_LIMIT_LOGIN_PER_MINUTE, windowMs: 60_000, keyOf: (c) => clientIpOf(c, env.TRUST_PROXY) }],
    "sign-in attempts",
  );

  routes.get("/api/v1/auth/login", loginRateLimit, async (c) => {
    noStore(c);
    const request = oidc.newAuthorizationRequest();
    let location: URL;
    try {
      location = await oidc.authorizationUrl(request);
    } catch (error) {
      logger.error({ err: error, issuer: env.OIDC_ISSUER }, "sign-in: the identity provider could not be discovered");
      return c.redirect(callbackErrorLocation(publicOrigin, sessionError("the sign-in provider is unavailable; please try again shortly")), 302);
    }
    await attempts.save(request.state, { code_verifier: request.codeVerifier, nonce: request.nonce, return_to: safeReturnTo(c.req.query("return_to")) });
    return c.redirect(location.href, 302);
  });

  routes.get("/api/v1/auth/callback", async (c) => {
    noStore(c);
    const fail = (message: string) => c.redirect(callbackErrorLocation(publicOrigin, message), 302);
    const state = c.req.query("state");
    const attempt = state ? await attempts.take(state) : undefined;
    if (!state || !attempt) {
      // An attempt already used, in a browser signed in by it: Back after signing in returned to
      // the provider, which sent the browser here again. Nothing to redeem: on to the app, where
      // the SPA's callback goes to the dashboard in place of this history entry.
      const current = sessionIdOf(c);
      if (current && (await sessions.read(current))) return c.redirect(`${publicOrigin}/auth/callback`, 302);
      return fail(CALLBACK_ERROR.noSession);
    }

    // The provider redirected to OIDC_REDIRECT_URI (on the SPA's origin): rebuild that URL, with
    // this request's query, as the redirect_uri the code was issued for.
    const callbackUrl = new URL(config.redirectUri);
    callbackUrl.search = new URL(c.req.url).search;
    let identity: SignedInIdentity;
    try {
      identity = await oidc.redeem(callbackUrl, { state, nonce: attempt.nonce, codeVerifier: attempt.code_verifier });
    } catch (error) {
      logger.warn({ err: error }, "sign-in refused");
      return fail(sessionError(describeOidcError(error)));
    }

    try {
      if (!identity.subject || !identity.email) throw new SignInFailure(CALLBACK_ERROR.noUser);
      const user = await upsertUser({
        issuer: identity.issuer,
        subject: identity.subject,
        provider: env.OIDC_PROVIDER_NAME,
        email: identity.email,
        email_verified: identity.emailVerified,
        name: identity.name ?? null,
        full_name: identity.name ?? null,
      }, c.var.requestId);
      // The provider's tokens go to the calendar service (encrypted at rest there), never to the
      // browser. A failure to store them does not fail the sign-in: the user is signed in, and
      // calendar sync says "not connected" until the next sign-in stores them.
      await storeGoogleTokens(user.id, identity, c.var.requestId);
      // A new session id at every sign-in, and the old session (if any) ended: no fixation.
      const previous = sessionIdOf(c);
      if (previous) await sessions.destroy(previous);
      const session = await sessions.create({ id: user.id, email: user.email });
      setSessionCookie(c, session.id, cookieOptions);
      const next = attempt.return_to ? `?return_to=${encodeURIComponent(attempt.return_to)}` : "";
      return c.redirect(`${publicOrigin}/auth/callback${next}`, 302);
    } catch (error) {
      if (error instanceof SignInFailure) return fail(error.message);
      logger.error({ err: error }, "sign-in failed after the provider vouched for the user");
      return fail(CALLBACK_ERROR.fallback);
    }
  });

  routes.get("/api/v1/auth/session", requireSession(sessions), async (c) => {
    noStore(c);
    const session = c.var.session;
    const answer = await upstream.call({
      service: "identity",
      method: "GET",
      path: "/api/v1/users/me",
      principal: { id: session.user_id, email: session.email, kind: "user" },
      requestId: c.var.requestId,
      signal: c.req.raw.signal,
    });
    if (answer.status === 404) {
      // The user is gone: so is the session.
      await sessions.destroy(session.id);
      clearSessionCookie(c, config.isSecureCookie);
      return c.json(SESSION_MISSING, 401);
    }
    if (answer.status !== 200) return relayResponse("identity", answer);
    const profile = ZUserProfileResponseSchema.parse(JSON.parse(new TextDecoder().decode(answer.body))).user;
    return c.json({ user: toSessionUser(profile) });
  });

  routes.post("/api/v1/auth/logout", async (c) => {
    const id = sessionIdOf(c);
    if (id) await sessions.destroy(id);
    clearSessionCookie(c, config.isSecureCookie);
    return c.body(null, 204);
  });

  async function storeGoogleTokens(userId: string, identity: SignedInIdentity, requestId: string): Promise<void> {
    try {
      const { status } = await upstream.json({
        service: "calendar",
        method: "PUT",
        path: `/internal/users/${encodeURIComponent(userId)}/google-tokens`,
        principal: BFF_PRINCIPAL,
        requestId,
        body: JSON.stringify({
          access_token: identity.accessToken,
          refresh_token: identity.refreshToken ?? null,
          expires_at: identity.accessTokenExpiresAtMs === undefined ? null : new Date(identity.accessTokenExpiresAtMs).toISOString(),
        }),
        contentType: "application/json",
      });
      if (status !== 204) throw new Error(`calendar answered ${status}`);
    } catch (error) {
      // SPEC.md section 8's text, logged only (never the tokens).
      logger.error({ err: error, user_id: userId }, "Failed to store Google tokens");
    }
  }

  async function upsertUser(body: TUpsertUserOnSignInBody, requestId: string) {
    const { status, body: answer } = await upstream.json({
      service: "identity",
      method: "POST",
      path: "/internal/users/sign-in",
      principal: BFF_PRINCIPAL,
      requestId,
      body: JSON.stringify(body),
      contentType: "application/json",
    });
    if (status !== 200 && status !== 201) throw new Error(`identity refused the sign-in upsert: ${status} ${JSON.stringify(answer)}`);
    return ZUpsertUserOnSignInResponseSchema.parse(answer).user;
  }

  return routes;
}
