import { spawn } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { subjectForEmail } from "./accounts.ts";
import { createLocalOidcProvider, GOOGLE_CALENDAR_SCOPES, type LocalOidcProvider } from "./provider.ts";
import { CookieJar, fetchWithJar, pkcePair, redirectTarget, signInAtLocalProvider } from "./testing.ts";

/**
 * The provider driven over real HTTP as a browser and a confidential client would: no mocks,
 * manual redirects, a cookie jar. Needs no Kafka, MongoDB or Redis.
 */

const CLIENT = { client_id: "test-web", client_secret: "test-secret", redirect_uris: ["http://127.0.0.1:5999/api/v1/auth/callback"] };
const REDIRECT_URI = CLIENT.redirect_uris[0]!;
/** Another client of the same provider: it must learn nothing about CLIENT's tokens. */
const OTHER_CLIENT = { client_id: "test-other", client_secret: "other-secret", redirect_uris: ["http://127.0.0.1:5998/callback"] };

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  introspection_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
  scopes_supported: string[];
  code_challenge_methods_supported: string[];
  id_token_signing_alg_values_supported: string[];
  response_types_supported: string[];
}

interface TokenResponse {
  access_token?: string;
  id_token?: string;
  refresh_token?: string;
  scope?: string;
  token_type?: string;
  error?: string;
  error_description?: string;
}

let provider: LocalOidcProvider;
let discovery: Discovery;

beforeAll(async () => {
  provider = await createLocalOidcProvider({ port: 0, clients: [CLIENT, OTHER_CLIENT] });
  discovery = (await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json()) as Discovery;
});
afterAll(async () => provider?.close());

interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  verifier: string;
}

function authorizationRequest(overrides: Record<string, string | undefined> = {}): AuthorizationRequest {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(16).toString("base64url");
  const nonce = randomBytes(16).toString("base64url");
  const url = new URL(discovery.authorization_endpoint);
  const params: Record<string, string | undefined> = {
    client_id: CLIENT.client_id,
    response_type: "code",
    redirect_uri: REDIRECT_URI,
    scope: "openid email profile",
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...overrides,
  };
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return { url, state, nonce, verifier };
}

async function exchangeCode(code: string, verifier: string, auth: "basic" | "post" = "basic"): Promise<{ status: number; body: TokenResponse }> {
  const body = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
  const headers: Record<string, string> = {};
  if (auth === "basic") headers.authorization = `Basic ${Buffer.from(`${CLIENT.client_id}:${CLIENT.client_secret}`).toString("base64")}`;
  else {
    body.set("client_id", CLIENT.client_id);
    body.set("client_secret", CLIENT.client_secret);
  }
  const response = await fetch(discovery.token_endpoint, { method: "POST", headers, body });
  return { status: response.status, body: (await response.json()) as TokenResponse };
}

async function signedInCode(email: string, name?: string, overrides: Record<string, string | undefined> = {}) {
  const request = authorizationRequest(overrides);
  const jar = new CookieJar();
  const back = await signInAtLocalProvider({ jar, authorizationUrl: request.url, email, ...(name === undefined ? {} : { name }) });
  return { ...request, back, code: back.searchParams.get("code") ?? "", jar };
}

describe("local OIDC provider", () => {
  it("publishes discovery with PKCE S256, the scopes the BFF asks for and an RS256 JWKS", async () => {
    expect(discovery.issuer).toBe(provider.issuer);
    expect(provider.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(discovery.code_challenge_methods_supported).toEqual(["S256"]);
    expect(discovery.response_types_supported).toEqual(["code"]);
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(["openid", "email", "profile", "offline_access", ...GOOGLE_CALENDAR_SCOPES]));
    const jwks = (await (await fetch(discovery.jwks_uri)).json()) as { keys: Array<{ kty: string; alg: string; d?: string }> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256" });
    expect(jwks.keys[0]!.d).toBeUndefined();
  });

  it("signs a person in through the form and issues an ID token with their email, name and the nonce", async () => {
    // Given an authorization request with PKCE, state and nonce
    const request = authorizationRequest();
    const jar = new CookieJar();

    // When the browser opens it, it lands on the sign-in page
    const first = await fetchWithJar(jar, request.url);
    const pageUrl = redirectTarget(first, request.url);
    expect(pageUrl.origin).toBe(provider.issuer);
    const page = await fetchWithJar(jar, pageUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toMatch(/<input id="email" name="email" type="email"[^>]* required/);
    expect(html).not.toMatch(/<script|<link/);

    // ...and posting the form sends it back to the redirect URI with a code and the same state
    const form = new URLSearchParams({ email: "  Ada.Lovelace@Example.COM ", name: "Ada Lovelace", action: "sign-in" });
    let response = await fetchWithJar(jar, pageUrl, { method: "POST", body: form });
    let url = pageUrl;
    while (new URL(response.headers.get("location") ?? "", url).origin === provider.issuer) {
      url = redirectTarget(response, url);
      response = await fetchWithJar(jar, url);
    }
    const back = redirectTarget(response, url);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get("state")).toBe(request.state);
    expect(back.searchParams.get("iss")).toBe(provider.issuer);
    const code = back.searchParams.get("code");
    expect(code).toBeTruthy();

    // Then the code and verifier buy tokens, and the ID token verifies against the JWKS
    const tokens = await exchangeCode(code!, request.verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body.token_type).toBe("Bearer");
    expect(decodeProtectedHeader(tokens.body.id_token!).alg).toBe("RS256");
    const { payload } = await jwtVerify(tokens.body.id_token!, createRemoteJWKSet(new URL(discovery.jwks_uri)), {
      issuer: provider.issuer,
      audience: CLIENT.client_id,
    });
    expect(payload).toMatchObject({
      sub: subjectForEmail("ada.lovelace@example.com"),
      email: "ada.lovelace@example.com",
      email_verified: true,
      name: "Ada Lovelace",
      nonce: request.nonce,
    });
    expect(tokens.body.refresh_token).toBeUndefined();

    // ...the access token reads userinfo
    const userinfo = await fetch(discovery.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.body.access_token}` } });
    expect(await userinfo.json()).toMatchObject({ sub: payload.sub, email: "ada.lovelace@example.com", name: "Ada Lovelace" });

    // ...and the same code a second time is refused
    const replay = await exchangeCode(code!, request.verifier);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("invalid_grant");
  });

  it("gives the same person the same subject every time, and a blank name one made from the email", async () => {
    const first = await signedInCode("grace.hopper@example.com", "");
    const again = await signedInCode("GRACE.HOPPER@example.com", "");
    const firstTokens = await exchangeCode(first.code, first.verifier);
    const againTokens = await exchangeCode(again.code, again.verifier, "post");
    const keys = createRemoteJWKSet(new URL(discovery.jwks_uri));
    const a = (await jwtVerify(firstTokens.body.id_token!, keys)).payload;
    const b = (await jwtVerify(againTokens.body.id_token!, keys)).payload;
    expect(a.sub).toBe(b.sub);
    expect(a.name).toBe("Grace Hopper");
  });

  it("asks again on every sign-in, so one browser can try several people in turn", async () => {
    const jar = new CookieJar();
    const people: string[] = [];
    for (const email of ["alice@example.com", "bob@example.com"]) {
      const request = authorizationRequest();
      const back = await signInAtLocalProvider({ jar, authorizationUrl: request.url, email });
      const tokens = await exchangeCode(back.searchParams.get("code")!, request.verifier);
      const { payload } = await jwtVerify(tokens.body.id_token!, createRemoteJWKSet(new URL(discovery.jwks_uri)));
      people.push(String(payload.email));
    }
    expect(people).toEqual(["alice@example.com", "bob@example.com"]);
  });

  it("refuses a code with the wrong code_verifier", async () => {
    const { code } = await signedInCode("eve@example.com");
    const attempt = await exchangeCode(code, pkcePair().verifier);
    expect(attempt.status).toBe(400);
    expect(attempt.body.error).toBe("invalid_grant");
  });

  it("refuses a wrong client secret", async () => {
    const { code, verifier } = await signedInCode("mallory@example.com");
    const response = await fetch(discovery.token_endpoint, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${CLIENT.client_id}:wrong`).toString("base64")}` },
      body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, code_verifier: verifier }),
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as TokenResponse).error).toBe("invalid_client");
  });

  it("refuses a redirect_uri that is not registered, without redirecting there", async () => {
    const { url } = authorizationRequest({ redirect_uri: "http://127.0.0.1:6666/steal" });
    const response = await fetch(url, { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain("redirect_uri did not match any of the client&#39;s registered redirect_uris");
  });

  it("requires PKCE", async () => {
    const { url, state } = authorizationRequest({ code_challenge: undefined, code_challenge_method: undefined });
    const back = redirectTarget(await fetch(url, { redirect: "manual" }), url);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get("error")).toBe("invalid_request");
    expect(back.searchParams.get("error_description")).toMatch(/PKCE/);
    expect(back.searchParams.get("state")).toBe(state);
  });

  it("issues a refresh token for offline_access with prompt=consent, and the refresh token works", async () => {
    const { code, verifier } = await signedInCode("olive@example.com", "Olive", { scope: "openid email profile offline_access", prompt: "consent" });
    const tokens = await exchangeCode(code, verifier);
    expect(tokens.body.refresh_token).toBeTruthy();
    const refreshed = await fetch(discovery.token_endpoint, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${CLIENT.client_id}:${CLIENT.client_secret}`).toString("base64")}` },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.body.refresh_token! }),
    });
    expect(refreshed.status).toBe(200);
    const body = (await refreshed.json()) as TokenResponse;
    expect(body.access_token).toBeTruthy();
    expect(body.id_token).toBeTruthy();
  });

  it("accepts Google's way of asking (Calendar scope, access_type=offline, prompt=consent) and grants it", async () => {
    const scope = `openid email profile ${GOOGLE_CALENDAR_SCOPES[0]}`;
    const { code, verifier } = await signedInCode("gina@example.com", "Gina", { scope, access_type: "offline", prompt: "consent" });
    const tokens = await exchangeCode(code, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body.refresh_token).toBeTruthy();
    expect(tokens.body.scope?.split(" ")).toEqual(expect.arrayContaining(["openid", "email", "profile", GOOGLE_CALENDAR_SCOPES[0]]));
  });

  it("drops offline_access without prompt=consent, as the spec says, and still signs in", async () => {
    const { code, verifier } = await signedInCode("nora@example.com", "Nora", { scope: "openid email profile offline_access" });
    const tokens = await exchangeCode(code, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body.refresh_token).toBeUndefined();
  });

  it("introspects (RFC 7662) its own client's refresh tokens: the same sub for every sign-in of one person, nothing for garbage or another client", async () => {
    const notices = vi.spyOn(console, "info");
    try {
      // Given Ida signed in twice, so the client holds two different refresh tokens
      const offline = { scope: "openid email profile offline_access", prompt: "consent" };
      const tokensOf = async () => {
        const { code, verifier } = await signedInCode("Ida@Example.com", "Ida", offline);
        return (await exchangeCode(code, verifier)).body.refresh_token!;
      };
      const [first, second] = [await tokensOf(), await tokensOf()];
      expect(first).not.toBe(second);

      const introspect = async (token: string, client = CLIENT) => {
        const response = await fetch(discovery.introspection_endpoint, {
          method: "POST",
          headers: { authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString("base64")}` },
          body: new URLSearchParams({ token, token_type_hint: "refresh_token" }),
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };

      // When the client asks about each, then both are active and name the same person
      expect(discovery.introspection_endpoint).toBe(`${provider.issuer}/token/introspection`);
      const answers = [await introspect(first), await introspect(second)];
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ active: true, sub: subjectForEmail("ida@example.com"), client_id: CLIENT.client_id, iss: provider.issuer });
      }

      // ...garbage is inactive, another client learns nothing, and a wrong secret is refused
      expect(await introspect("not-a-token")).toEqual({ status: 200, body: { active: false } });
      expect(await introspect(first, OTHER_CLIENT)).toEqual({ status: 200, body: { active: false } });
      expect((await introspect(first, { ...CLIENT, client_secret: "wrong" })).status).toBe(401);

      // ...and oidc-provider's default (permissive) policy, which it asks you to replace, never ran
      expect(notices.mock.calls.flat().join("\n")).not.toContain("introspection.allowedPolicy");
    } finally {
      notices.mockRestore();
    }
  });

  it("sends access_denied and the state back when the person cancels", async () => {
    const request = authorizationRequest();
    const back = await signInAtLocalProvider({ jar: new CookieJar(), authorizationUrl: request.url, email: "", isCancelled: true });
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe(request.state);
  });

  it("sends a browser back on a finished sign-in's page (Back after signing in) to the client, with the state", async () => {
    const request = authorizationRequest();
    const jar = new CookieJar();
    const pageUrl = redirectTarget(await fetchWithJar(jar, request.url), request.url);
    expect((await fetchWithJar(jar, pageUrl)).status).toBe(200);
    // Signed in on that page: the browser follows the provider back to the client.
    let url = pageUrl;
    let response = await fetchWithJar(jar, pageUrl, { method: "POST", body: new URLSearchParams({ email: "back@example.com", action: "sign-in" }) });
    while (response.status >= 300 && response.status < 400) {
      url = redirectTarget(response, url);
      if (url.origin !== provider.issuer) break;
      response = await fetchWithJar(jar, url);
    }
    expect(url.searchParams.get("code")).toBeTruthy();

    const again = await fetchWithJar(jar, pageUrl);

    expect(again.status).toBe(303);
    const back = redirectTarget(again, pageUrl);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get("state")).toBe(request.state);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("code")).toBeNull();
    // A page it never showed is still an error page, not a redirect.
    expect((await fetchWithJar(new CookieJar(), new URL("/interaction/never-shown", provider.issuer))).status).toBe(400);
  });

  it("shows the form again with an accessible error for an invalid email", async () => {
    const request = authorizationRequest();
    const jar = new CookieJar();
    const pageUrl = redirectTarget(await fetchWithJar(jar, request.url), request.url);
    const response = await fetchWithJar(jar, pageUrl, { method: "POST", body: new URLSearchParams({ email: "not-an-email", name: "<b>x</b>" }) });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('aria-invalid="true" aria-describedby="email-error"');
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain("&#60;b&#62;x&#60;/b&#62;");
  });

  it("answers /healthz and /readyz", async () => {
    expect((await fetch(`${provider.issuer}/healthz`)).status).toBe(200);
    const ready = await fetch(`${provider.issuer}/readyz`);
    expect(await ready.json()).toMatchObject({ status: "ready", checks: {} });
  });
});

describe("a provider with a signing key from config", () => {
  it("signs ID tokens ES256 with an EC P-256 key, publishing only its public half", async () => {
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const ecProvider = await createLocalOidcProvider({ port: 0, clients: [CLIENT], signingKey: privateKey.export({ format: "jwk" }) as JWK });
    try {
      const config = (await (await fetch(`${ecProvider.issuer}/.well-known/openid-configuration`)).json()) as Discovery;
      const jwks = (await (await fetch(config.jwks_uri)).json()) as { keys: Array<{ kty: string; alg: string; d?: string }> };
      expect(jwks.keys).toEqual([expect.objectContaining({ kty: "EC", alg: "ES256" })]);
      expect(jwks.keys[0]!.d).toBeUndefined();

      const request = authorizationRequest();
      const url = new URL(config.authorization_endpoint);
      url.search = request.url.search;
      const back = await signInAtLocalProvider({ jar: new CookieJar(), authorizationUrl: url, email: "ec@example.com" });
      const response = await fetch(config.token_endpoint, {
        method: "POST",
        headers: { authorization: `Basic ${Buffer.from(`${CLIENT.client_id}:${CLIENT.client_secret}`).toString("base64")}` },
        body: new URLSearchParams({ grant_type: "authorization_code", code: back.searchParams.get("code")!, redirect_uri: REDIRECT_URI, code_verifier: request.verifier }),
      });
      const tokens = (await response.json()) as TokenResponse;
      const { payload, protectedHeader } = await jwtVerify(tokens.id_token!, createRemoteJWKSet(new URL(config.jwks_uri)), { issuer: ecProvider.issuer });
      expect(protectedHeader.alg).toBe("ES256");
      expect(payload.email).toBe("ec@example.com");
    } finally {
      await ecProvider.close();
    }
  });
});

describe("the oidc-provider process", () => {
  it("refuses to start with NODE_ENV=production unless allowed, naming the variable", async () => {
    const child = spawn(process.execPath, ["src/main.ts"], {
      cwd: new URL("..", import.meta.url),
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/Invalid configuration for oidc-provider:\n {2}- OIDC_PROVIDER_ALLOW_IN_PRODUCTION/);
  });
});
