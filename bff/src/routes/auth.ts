import { Hono, type Context } from "hono";
import { validate, type Logger } from "@amia/kit";
import {
  ZFactorChallengeResponseSchema,
  ZFactorProofBodySchema,
  ZUpsertUserOnSignInResponseSchema,
  ZUserProfileResponseSchema,
  type TMfaVerifyResponse,
  type TUpsertUserOnSignInBody,
} from "@amia/contracts";
import { CALLBACK_ERROR, callbackErrorLocation, describeOidcError, MFA_SIGN_IN_EXPIRED, sessionError } from "../auth/callback-errors.ts";
import { LOGIN_ATTEMPT_TTL_SECONDS, safeReturnTo, type LoginAttempts } from "../auth/login-attempts.ts";
import type { OidcClient, SignedInIdentity } from "../auth/oidc-client.ts";
import { PENDING_SIGN_IN_TTL_SECONDS, type PendingSignIns } from "../auth/pending-sign-ins.ts";
import {
  BINDING_COOKIE,
  clearSignInCookie,
  matchesHash,
  newCookieSecret,
  PENDING_MFA_COOKIE,
  readSignInCookie,
  secretHash,
  setSignInCookie,
} from "../auth/sign-in-cookies.ts";
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
  pendingSignIns: PendingSignIns;
  oidc: OidcClient;
  upstream: UpstreamClient;
  limiter: RateLimiter;
  logger: Logger;
}

/** A failed step of the callback, with the message the SPA shows. */
class SignInFailure extends Error {}

/** Where the SPA asks for the second factor's code. */
export const SPA_CODE_PAGE = "/auth/code";

/**
 * Sign-in (OpenID Connect authorization code + PKCE, state, nonce, and the state bound to the
 * browser that asked for it), the second factor, the session, and sign-out:
 * GET /api/v1/auth/login → the provider → GET /api/v1/auth/callback → the SPA's /auth/callback,
 * or, for a user with a second factor, the SPA's /auth/code → POST /api/v1/auth/mfa/verify.
 * No session is created, changed or ended until every check of the sign-in has passed.
 */
export function authRoutes(deps: AuthRoutesDeps) {
  const { config, sessions, attempts, pendingSignIns, oidc, upstream, limiter, logger } = deps;
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
    // The binding: the callback redeems this attempt only in a browser holding this cookie. One
    // value per browser: a second tab starting a sign-in keeps it, so both attempts stay good.
    const binding = readSignInCookie(c, BINDING_COOKIE) ?? newCookieSecret();
    setSignInCookie(c, BINDING_COOKIE, binding, { isSecure: config.isSecureCookie, maxAgeSeconds: LOGIN_ATTEMPT_TTL_SECONDS });
    await attempts.save(request.state, {
      code_verifier: request.codeVerifier,
      nonce: request.nonce,
      return_to: safeReturnTo(c.req.query("return_to")),
      browser_binding: secretHash(binding),
    });
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
    // Login CSRF (RFC 9700 §4.7): an attempt started in another browser (someone's callback
    // link, opened here) or one whose cookie is gone is redeemed by nobody, and whatever
    // session this browser has stays as it is.
    const binding = readSignInCookie(c, BINDING_COOKIE);
    if (!matchesHash(binding, attempt.browser_binding)) {
      logger.warn({ reason: binding ? "binding_mismatch" : "binding_missing" }, "sign-in refused: the callback is not for the browser that started it");
      return fail(CALLBACK_ERROR.otherBrowser);
    }
    clearSignInCookie(c, BINDING_COOKIE, config.isSecureCookie);

    // The provider redirected to OIDC_REDIRECT_URI (on the SPA's origin): rebuild that URL, with
    // this request's query, as the redirect_uri the code was issued for.
    const callbackUrl = new URL(config.redirectUri);
    callbackUrl.search = new URL(c.req.url).search;
    let identity: SignedInIdentity;
    try {
      identity = await oidc.redeem(callbackUrl, { state, nonce: attempt.nonce, codeVerifier: attempt.code_verifier });
    } catch (error) {
      // An expected refusal (cancelled, a replayed code, a bad nonce): one line, no stack.
      const reason = describeOidcError(error);
      logger.warn({ reason }, "sign-in refused");
      return fail(sessionError(reason));
    }

    try {
      if (!identity.subject || !identity.email) throw new SignInFailure(CALLBACK_ERROR.noUser);
      const { user, factors } = await upsertUser({
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
      if (factors.some((factor) => factor.status === "verified")) {
        // A second factor: no session yet. The sign-in waits (5 minutes) for its code, bound
        // to this browser by its own cookie; the SPA's code page asks for it.
        const pendingId = await pendingSignIns.create({ user_id: user.id, email: user.email, return_to: attempt.return_to });
        setSignInCookie(c, PENDING_MFA_COOKIE, pendingId, { isSecure: config.isSecureCookie, maxAgeSeconds: PENDING_SIGN_IN_TTL_SECONDS });
        return c.redirect(`${publicOrigin}${SPA_CODE_PAGE}`, 302);
      }
      await startSession(c, { id: user.id, email: user.email });
      const next = attempt.return_to ? `?return_to=${encodeURIComponent(attempt.return_to)}` : "";
      return c.redirect(`${publicOrigin}/auth/callback${next}`, 302);
    } catch (error) {
      if (error instanceof SignInFailure) return fail(error.message);
      logger.error({ err: error }, "sign-in failed after the provider vouched for the user");
      return fail(CALLBACK_ERROR.fallback);
    }
  });

  /**
   * The second step of a sign-in with a second factor: the pending sign-in's cookie and a code
   * (or a recovery code), checked by identity (which counts wrong codes per user: 429 with
   * Retry-After). Then, and only then, the session.
   */
  routes.post("/api/v1/auth/mfa/verify", loginRateLimit, validate("json", ZFactorProofBodySchema), async (c) => {
    noStore(c);
    const pendingId = readSignInCookie(c, PENDING_MFA_COOKIE);
    const pending = pendingId ? await pendingSignIns.read(pendingId) : undefined;
    const expired = () => {
      clearSignInCookie(c, PENDING_MFA_COOKIE, config.isSecureCookie);
      return c.json(MFA_SIGN_IN_EXPIRED, 401);
    };
    if (!pendingId || !pending) return expired();

    const answer = await upstream.call({
      service: "identity",
      method: "POST",
      path: `/internal/users/${encodeURIComponent(pending.user_id)}/factors/challenge`,
      principal: BFF_PRINCIPAL,
      requestId: c.var.requestId,
      body: JSON.stringify(c.req.valid("json")),
      contentType: "application/json",
      signal: c.req.raw.signal,
    });
    if (answer.status === 404) {
      // The factor was turned off meanwhile: this sign-in is stale; a new one needs no code.
      await pendingSignIns.take(pendingId);
      return expired();
    }
    if (answer.status !== 200) {
      // A wrong code (400 naming the field) or too many (429): said to the browser as identity said it.
      logger.info({ user_id: pending.user_id, status: answer.status }, "sign-in: second factor refused");
      return relayResponse("identity", answer);
    }
    const { method } = ZFactorChallengeResponseSchema.parse(JSON.parse(new TextDecoder().decode(answer.body)));
    // Of two right codes sent at once, one makes the session.
    const taken = await pendingSignIns.take(pendingId);
    if (!taken) return expired();
    clearSignInCookie(c, PENDING_MFA_COOKIE, config.isSecureCookie);
    await startSession(c, { id: taken.user_id, email: taken.email });
    // SPEC.md section 4's auth event; identity has recorded it on the factor.
    logger.info({ user_id: taken.user_id, method }, "auth event: MFA challenge verified");
    return c.json({ return_to: taken.return_to } satisfies TMfaVerifyResponse);
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

  /**
   * A new session id at every sign-in, and the old session (if any) ended: no fixation. Called
   * only once a sign-in has passed every check, so a refused one leaves the browser as it was.
   */
  async function startSession(c: Context, user: { id: string; email: string }): Promise<void> {
    const previous = sessionIdOf(c);
    if (previous) await sessions.destroy(previous);
    const session = await sessions.create(user);
    setSessionCookie(c, session.id, cookieOptions);
  }

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
    return ZUpsertUserOnSignInResponseSchema.parse(answer);
  }

  return routes;
}
