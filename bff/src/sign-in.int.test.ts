import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ZSessionResponseSchema } from "@amia/contracts";
import { createIdentityService } from "../../services/identity/src/app.ts";
import { createRelationshipsService } from "../../services/relationships/src/app.ts";
import { capturingLogger } from "@amia/kit/testing";
import { CALLBACK_ERROR } from "./auth/callback-errors.ts";
import { loginAttemptKey } from "./auth/login-attempts.ts";
import { BINDING_COOKIE } from "./auth/sign-in-cookies.ts";
import { SESSION_COOKIE } from "./sessions/session-middleware.ts";
import { sessionKey } from "./sessions/session-store.ts";
import { createWorld, TEST_CLIENT, type World } from "./testing/world.ts";

let world: World;
let logs: ReturnType<typeof capturingLogger>;
beforeEach(async () => {
  logs = capturingLogger();
  world = await createWorld({ label: "bff-sign-in", services: { identity: createIdentityService, relationships: createRelationshipsService }, logger: logs.logger });
});
afterEach(() => world.close());

const emailOf = (name: string) => `${name.split(" ")[0]!.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
const callbackError = (landedAt: URL) => landedAt.searchParams.get("error");

describe("sign-in with the local OIDC provider, through real redirects", () => {
  it("signs in, answers the session and authenticated calls, and after logout answers 401", async () => {
    const browser = world.browser();
    const email = emailOf("Ana Silva");

    // Given: the login redirect asks the provider for a PKCE S256 code with state and nonce.
    const authorizationUrl = await browser.startSignIn("/events?tab=mine");
    expect(authorizationUrl.origin).toBe(world.provider.issuer);
    const asked = authorizationUrl.searchParams;
    expect(asked.get("response_type")).toBe("code");
    expect(asked.get("client_id")).toBe(TEST_CLIENT.client_id);
    expect(asked.get("redirect_uri")).toBe(`${world.bff.url}/api/v1/auth/callback`);
    expect(asked.get("code_challenge_method")).toBe("S256");
    expect(asked.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(asked.get("state")).toBeTruthy();
    expect(asked.get("nonce")).toBeTruthy();
    expect(asked.get("scope")?.split(" ")).toEqual(["openid", "email", "profile", "https://www.googleapis.com/auth/calendar.events"]);
    expect([asked.get("access_type"), asked.get("prompt")]).toEqual(["offline", "consent"]);

    // When: the person signs in at the provider and the browser follows it back to the BFF.
    const callbackUrl = await browser.atProvider(authorizationUrl, email, "Ana Silva");
    expect(callbackUrl.searchParams.get("code")).toBeTruthy();
    const callback = await browser.navigate(callbackUrl);

    // Then: a session cookie (HttpOnly, SameSite=Lax, Path=/; not Secure on plain http) and the SPA's callback page.
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe(`${world.bff.url}/auth/callback?return_to=${encodeURIComponent("/events?tab=mine")}`);
    const setCookie = callback.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    const sessionId = /^amia_session=([^;]+)/.exec(setCookie)![1]!;
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const session = await browser.json("GET", "/api/v1/auth/session");
    expect(session.status).toBe(200);
    expect(ZSessionResponseSchema.parse(session.body)).toEqual(session.body);
    expect(session.body.user).toMatchObject({
      email,
      user_metadata: { name: "Ana Silva", full_name: "Ana Silva" },
      app_metadata: { provider: "google" },
      email_confirmed_at: expect.any(String),
    });
    expect(session.body.user.last_sign_in_at).toBeTruthy();
    expect(JSON.stringify(session.body)).not.toMatch(/token/i);

    const me = await browser.json("GET", "/api/v1/users/me");
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: session.body.user.id, email, issuer: world.provider.issuer });
    const relationships = await browser.json("GET", "/api/v1/relationships");
    expect(relationships).toMatchObject({ status: 200, body: { relationships: [], total_count: 0 } });

    // Redis holds the session under a hash of its id: the id itself appears nowhere in it.
    const keys = await world.bff.redis.keys(`${world.bff.config.env.REDIS_KEY_PREFIX}*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((key) => key.includes(sessionId))).toBe(false);
    // It holds who the user is and when, and no provider token.
    const record = JSON.parse((await world.bff.redis.get(sessionKey(sessionId)))!);
    expect(Object.keys(record).sort()).toEqual(["created_at", "email", "last_seen_at", "user_id"]);
    expect(record).toMatchObject({ user_id: session.body.user.id, email });

    // When: logging out.
    const logout = await browser.call("POST", "/api/v1/auth/logout");
    expect(logout.status).toBe(204);
    expect(logout.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=;`) && /Max-Age=0/.test(line))).toBe(true);

    // Then: 401, and the old id is dead server-side too, not only forgotten by the browser.
    expect(await browser.json("GET", "/api/v1/auth/session")).toMatchObject({ status: 401, body: { message: "Auth session missing!", code: "unauthorized" } });
    const replayed = await fetch(`${world.bff.url}/api/v1/users/me`, { headers: { cookie: `${SESSION_COOKIE}=${sessionId}` } });
    expect(replayed.status).toBe(401);
    expect(await world.bff.redis.exists(sessionKey(sessionId))).toBe(0);
  });

  it("gives a new session id at every sign-in and ends the one the browser had", async () => {
    const browser = world.browser();
    const email = emailOf("Bruno Costa");
    const first = await browser.signIn(email, "Bruno Costa");
    expect(callbackError(first.landedAt)).toBeNull();
    const firstId = browser.jar.header(world.bff.url)!;

    await browser.signIn(email, "Bruno Costa");

    const secondId = browser.jar.header(world.bff.url)!;
    expect(secondId).not.toBe(firstId);
    expect((await fetch(`${world.bff.url}/api/v1/auth/session`, { headers: { cookie: firstId } })).status).toBe(401);
    expect((await browser.json("GET", "/api/v1/auth/session")).status).toBe(200);
  });

  it("refuses a tampered state: no session, and the SPA is told why", async () => {
    const browser = world.browser();
    const callbackUrl = await browser.atProvider(await browser.startSignIn(), emailOf("Carla Dias"));
    const tampered = new URL(callbackUrl);
    tampered.searchParams.set("state", `${callbackUrl.searchParams.get("state")!.slice(0, -2)}xy`);

    const landedAt = await browser.finishSignIn(tampered);

    expect(landedAt.pathname).toBe("/auth/callback");
    expect(callbackError(landedAt)).toBe("No session found after OAuth callback");
    expect(browser.hasSession()).toBe(false);
  });

  it("sends the browser that signed in on to the app when the provider sends it back with the used state (Back after sign-in)", async () => {
    const browser = world.browser();
    const { callbackUrl, landedAt } = await browser.signIn(emailOf("Elsa Moura"));
    expect(callbackError(landedAt)).toBeNull();
    const before = browser.jar.header(world.bff.url);

    const again = await browser.navigate(callbackUrl);

    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(`${world.bff.url}/auth/callback`);
    // Nothing redeemed, no new session: the one it had goes on.
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(browser.jar.header(world.bff.url)).toBe(before);
    expect((await browser.json("GET", "/api/v1/auth/session")).status).toBe(200);
  });

  it("refuses a replayed code: the same callback again, and the old code under a fresh state", async () => {
    const browser = world.browser();
    const { callbackUrl, landedAt } = await browser.signIn(emailOf("Dora Lima"));
    expect(callbackError(landedAt)).toBeNull();

    // The exact callback again: its state was single use.
    const attacker = world.browser();
    expect(callbackError(await attacker.finishSignIn(callbackUrl))).toBe("No session found after OAuth callback");

    // The old code with a state of the attacker's own (a real attempt, its own PKCE verifier): the provider refuses the code.
    const freshState = (await attacker.startSignIn()).searchParams.get("state")!;
    const replay = new URL(callbackUrl);
    replay.searchParams.set("state", freshState);
    const refused = callbackError(await attacker.finishSignIn(replay));
    expect(refused).toMatch(/^Session error: /);
    expect(attacker.hasSession()).toBe(false);
  });

  it("refuses an ID token whose nonce is not the one this attempt sent", async () => {
    const browser = world.browser();
    const authorizationUrl = await browser.startSignIn();
    // The attempt record holds the nonce the ID token must carry: change it, as if the token came from another attempt.
    const key = loginAttemptKey(authorizationUrl.searchParams.get("state")!);
    const attempt = JSON.parse((await world.bff.redis.get(key))!);
    await world.bff.redis.set(key, JSON.stringify({ ...attempt, nonce: "another-attempts-nonce" }), "EX", 600);

    const landedAt = await browser.finishSignIn(await browser.atProvider(authorizationUrl, emailOf("Eva Reis")));

    expect(callbackError(landedAt)).toMatch(/^Session error: .*nonce/);
    expect(browser.hasSession()).toBe(false);
  });

  it("tells the SPA when the person cancels at the provider", async () => {
    const browser = world.browser();
    const callbackUrl = await browser.atProvider(await browser.startSignIn(), emailOf("Fabio Nunes"), undefined, true);

    const landedAt = await browser.finishSignIn(callbackUrl);

    expect(callbackError(landedAt)).toBe("Session error: The user cancelled sign-in.");
    expect(browser.hasSession()).toBe(false);
  });

  it("tells the log a refused sign-in in one line, without a stack trace", async () => {
    const browser = world.browser();
    const callbackUrl = await browser.atProvider(await browser.startSignIn(), emailOf("Gil Rocha"), undefined, true);
    await browser.finishSignIn(callbackUrl);
    await world.browser().finishSignIn(await world.browser().atProvider(await browser.startSignIn(), emailOf("Gil Rocha")));

    const refusals = logs.lines.filter((line) => line.includes("sign-in refused"));
    expect(refusals).toHaveLength(2);
    for (const line of refusals) {
      expect(line.trimEnd()).not.toContain("\n");
      expect(line).not.toMatch(/"stack"|"err"|\bat [\w.]+ \(/);
      expect(JSON.parse(line)).toMatchObject({ level: 40, reason: expect.any(String) });
    }
  });
});

describe("sign-in is bound to the browser that started it (login CSRF, RFC 9700 §4.7)", () => {
  it("does not sign a signed-in victim in as the attacker who sent them a callback link: their own session goes on", async () => {
    // Given: Vera is signed in; Mallory signs in at the provider and keeps the final callback link.
    const vera = await world.signedIn(emailOf("Vera Lopes"), "Vera Lopes");
    const verasCookie = vera.jar.header(world.bff.url);
    const mallory = world.browser();
    const mallorysLink = await mallory.atProvider(await mallory.startSignIn(), emailOf("Mallory Reis"), "Mallory Reis");

    // When: Vera opens Mallory's link.
    const response = await vera.navigate(mallorysLink);

    // Then: refused, said to the SPA; no cookie set, Vera's session untouched and still hers.
    expect(response.status).toBe(302);
    const landedAt = new URL(response.headers.get("location")!);
    expect(landedAt.pathname).toBe("/auth/callback");
    expect(callbackError(landedAt)).toBe(CALLBACK_ERROR.otherBrowser);
    expect(response.headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_COOKIE}=`))).toEqual([]);
    expect(vera.jar.header(world.bff.url)).toBe(verasCookie);
    const session = await vera.json("GET", "/api/v1/auth/session");
    expect(session.status).toBe(200);
    expect(session.body.user.user_metadata.name).toBe("Vera Lopes");
  });

  it("refuses a callback link from another browser while this one is signing in, and then finishes this browser's own sign-in", async () => {
    const email = emailOf("Rui Matos");
    const rui = world.browser();
    const ruisLink = await rui.atProvider(await rui.startSignIn(), email, "Rui Matos");
    const mallory = world.browser();
    const mallorysLink = await mallory.atProvider(await mallory.startSignIn(), emailOf("Mallory Reis"));

    expect(callbackError(await rui.finishSignIn(mallorysLink))).toBe(CALLBACK_ERROR.otherBrowser);
    expect(rui.hasSession()).toBe(false);

    expect(callbackError(await rui.finishSignIn(ruisLink))).toBeNull();
    expect((await rui.json("GET", "/api/v1/auth/session")).body.user.email).toBe(email);
  });

  it("refuses a callback in a browser without the binding cookie, even with the right state", async () => {
    const browser = world.browser();
    const callbackUrl = await browser.atProvider(await browser.startSignIn(), emailOf("Sara Pinto"));
    const bare = world.browser();

    const landedAt = await bare.finishSignIn(callbackUrl);

    expect(callbackError(landedAt)).toBe(CALLBACK_ERROR.otherBrowser);
    expect(bare.hasSession()).toBe(false);
  });

  it("sets the binding cookie short-lived, HttpOnly, SameSite=Lax and only for /api/v1/auth; keeps it for a second tab; clears it after use", async () => {
    const browser = world.browser();
    const login = await browser.navigate("/api/v1/auth/login");
    const line = login.headers.getSetCookie().find((cookie) => cookie.startsWith(`${BINDING_COOKIE}=`))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\/api\/v1\/auth(;|$)/);
    expect(line).toMatch(/Max-Age=600/);
    const value = /^amia_sign_in=([^;]+)/.exec(line)![1]!;
    // Redis keeps only its hash.
    const state = new URL(login.headers.get("location")!).searchParams.get("state")!;
    expect(await world.bff.redis.get(loginAttemptKey(state))).not.toContain(value);
    // A second tab's sign-in keeps the same value, so the first tab's attempt stays good.
    const second = await browser.navigate("/api/v1/auth/login");
    expect(second.headers.getSetCookie().find((cookie) => cookie.startsWith(`${BINDING_COOKIE}=`))).toContain(`${BINDING_COOKIE}=${value};`);

    const callback = await browser.navigate(await browser.atProvider(new URL(login.headers.get("location")!), emailOf("Tiago Sousa")));
    expect(callback.headers.getSetCookie().some((cookie) => cookie.startsWith(`${BINDING_COOKIE}=;`) && /Max-Age=0/.test(cookie))).toBe(true);
    expect(browser.jar.has(`${world.bff.url}/api/v1/auth/callback`, BINDING_COOKIE)).toBe(false);
  });
});
