import * as oidc from "openid-client";
import type { Logger } from "@amia/kit";
import { isLoopbackHost } from "../env.ts";

/**
 * The OpenID Connect client side of sign-in (openid-client): discovery of the issuer,
 * authorization code flow with PKCE (S256), `state` and `nonce`; the ID token is verified
 * against the issuer's JWKS by the library. Google in production, the local provider
 * (deploy/oidc-provider) in development and tests: the same code for both.
 */

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scopes: readonly string[];
  timeoutMs: number;
  logger: Logger;
}

export interface AuthorizationRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** What the callback learns about the person, from the verified ID token (and userinfo when it says less). */
export interface SignedInIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  /** The provider's tokens: handed to the calendar service (issue 6), never to the browser. */
  accessToken: string;
  refreshToken: string | undefined;
  /** When the access token expires (epoch ms), when the provider said. */
  accessTokenExpiresAtMs: number | undefined;
}

export interface OidcClient {
  /** Fresh secrets for one sign-in attempt. */
  newAuthorizationRequest: () => AuthorizationRequest;
  /** Where to send the browser for this attempt. */
  authorizationUrl: (request: AuthorizationRequest) => Promise<URL>;
  /** Redeems the code from the callback URL; throws when state, nonce, PKCE or the ID token do not check out. */
  redeem: (callbackUrl: URL, request: AuthorizationRequest) => Promise<SignedInIdentity>;
}

export function createOidcClient(options: OidcClientOptions): OidcClient {
  const issuerUrl = new URL(options.issuer);
  let configuration: Promise<oidc.Configuration> | undefined;

  /** Discovered on first use (and again after a failure), so the BFF starts while the provider is down. */
  const discover = (): Promise<oidc.Configuration> => {
    configuration ??= oidc
      .discovery(issuerUrl, options.clientId, { redirect_uris: [options.redirectUri] }, oidc.ClientSecretBasic(options.clientSecret), {
        // Plain http only for a loopback issuer (the local provider); the config refuses any other.
        ...(issuerUrl.protocol === "http:" && isLoopbackHost(issuerUrl.hostname) ? { execute: [oidc.allowInsecureRequests] } : {}),
        timeout: Math.ceil(options.timeoutMs / 1000),
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    newAuthorizationRequest: () => ({ state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() }),

    async authorizationUrl(request) {
      const config = await discover();
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: options.scopes.join(" "),
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: "S256",
        state: request.state,
        nonce: request.nonce,
        // Google: a refresh token for Calendar (offline), and asked every time so it is issued again (DESIGN.md "Scopes").
        access_type: "offline",
        prompt: "consent",
      });
    },

    async redeem(callbackUrl, request) {
      const config = await discover();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: request.state,
        expectedNonce: request.nonce,
        pkceCodeVerifier: request.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error("the provider returned no ID token");
      let email = typeof claims.email === "string" ? claims.email : undefined;
      let emailVerified = claims.email_verified === true;
      let name = typeof claims.name === "string" ? claims.name : undefined;
      if (!email) {
        // Some providers put profile claims only in userinfo when an access token is issued.
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = typeof info.email === "string" ? info.email : undefined;
        emailVerified = info.email_verified === true;
        name ??= typeof info.name === "string" ? info.name : undefined;
      }
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email,
        emailVerified,
        name,
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        accessTokenExpiresAtMs: typeof tokens.expires_in === "number" ? Date.now() + tokens.expires_in * 1_000 : undefined,
      };
    },
  };
}
