import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ZEnrollFactorResponseSchema, ZMfaVerifyResponseSchema, ZVerifyFactorResponseSchema } from "@amia/contracts";
import { createIdentityService } from "../../services/identity/src/app.ts";
import { FACTORS_COLLECTION } from "../../services/identity/src/store/factors-store.ts";
import { authenticatorApp } from "../../services/identity/src/testing/authenticator-app.ts";
import { MFA_SIGN_IN_EXPIRED } from "./auth/callback-errors.ts";
import { pendingSignInKey } from "./auth/pending-sign-ins.ts";
import { PENDING_MFA_COOKIE } from "./auth/sign-in-cookies.ts";
import { SESSION_COOKIE } from "./sessions/session-middleware.ts";
import type { TestBrowser } from "./testing/test-browser.ts";
import { createWorld, type World } from "./testing/world.ts";

let world: World;
beforeEach(async () => {
  world = await createWorld({ label: "bff-sign-in-mfa", services: { identity: createIdentityService } });
});
afterEach(() => world.close());

const emailOf = (name: string) => `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
const MFA_VERIFY = "/api/v1/auth/mfa/verify";
const fieldsOf = (body: { details?: { fields?: Array<{ path: string }> } }) => (body.details?.fields ?? []).map((field) => field.path);

/** Signs in, turns on two-step verification in Settings' way (enroll, first code), signs out. */
async function personWithFactor(name: string) {
  const email = emailOf(name);
  const browser = await world.signedIn(email, name);
  const enrolled = await browser.json("POST", "/api/v1/users/me/factors", { factor_type: "totp" });
  expect(enrolled.status).toBe(201);
  const { factor, totp } = ZEnrollFactorResponseSchema.parse(enrolled.body);
  const app = authenticatorApp(totp.secret);
  const verified = await browser.json("POST", `/api/v1/users/me/factors/${factor.id}/verify`, { code: await app.nextCode() });
  expect(verified.status).toBe(200);
  const { recovery_codes } = ZVerifyFactorResponseSchema.parse(verified.body);
  expect((await browser.call("POST", "/api/v1/auth/logout")).status).toBe(204);
  return { email, browser, app, factorId: factor.id, secret: totp.secret, recoveryCodes: recovery_codes };
}

/** The provider's step of a sign-in; returns where the BFF sent the browser. */
async function signInAtProvider(browser: TestBrowser, email: string, returnTo?: string): Promise<URL> {
  const callbackUrl = await browser.atProvider(await browser.startSignIn(returnTo), email);
  return browser.finishSignIn(callbackUrl);
}

const sessionCookieOf = (browser: TestBrowser) => /amia_session=[^;]+/.exec(browser.jar.header(world.bff.url) ?? "")?.[0];
const pendingIdOf = (browser: TestBrowser) => /amia_mfa=([^;]+)/.exec(browser.jar.header(`${world.bff.url}${MFA_VERIFY}`) ?? "")?.[1];

describe("sign-in with a second factor", () => {
  it("creates no session until the code: the provider's step leads to the code page, a wrong code is refused, the right one signs in", async () => {
    const ana = await personWithFactor("Ana");

    // The provider vouches for Ana: no session yet, a pending sign-in cookie, and the SPA's code page.
    const callbackUrl = await ana.browser.atProvider(await ana.browser.startSignIn("/events?tab=mine"), ana.email);
    const callback = await ana.browser.navigate(callbackUrl);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe(`${world.bff.url}/auth/code`);
    expect(callback.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`) && !/Max-Age=0/.test(line))).toBe(false);
    const pendingLine = callback.headers.getSetCookie().find((line) => line.startsWith(`${PENDING_MFA_COOKIE}=`))!;
    expect(pendingLine).toMatch(/HttpOnly/);
    expect(pendingLine).toMatch(/SameSite=Lax/);
    expect(pendingLine).toMatch(/Path=\/api\/v1\/auth(;|$)/);
    expect(pendingLine).toMatch(/Max-Age=300/);
    expect(ana.browser.hasSession()).toBe(false);
    expect((await ana.browser.json("GET", "/api/v1/auth/session")).status).toBe(401);
    expect((await ana.browser.json("GET", "/api/v1/users/me")).status).toBe(401);

    // A wrong code: 400 naming `code`, still no session. A malformed one is refused by the BFF itself.
    const wrong = await ana.browser.json("POST", MFA_VERIFY, { code: ana.app.wrongCode() });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("validation_failed");
    expect(fieldsOf(wrong.body)).toEqual(["code"]);
    expect(fieldsOf((await ana.browser.json("POST", MFA_VERIFY, { code: "12ab56" })).body)).toEqual(["code"]);
    expect(ana.browser.hasSession()).toBe(false);

    // The right code: the session, and where the app goes next.
    const passed = await ana.browser.json("POST", MFA_VERIFY, { code: await ana.app.nextCode() });
    expect(passed.status).toBe(200);
    expect(ZMfaVerifyResponseSchema.parse(passed.body)).toEqual({ return_to: "/events?tab=mine" });
    expect(passed.headers.getSetCookie().some((line) => line.startsWith(`${PENDING_MFA_COOKIE}=;`) && /Max-Age=0/.test(line))).toBe(true);
    expect((await ana.browser.json("GET", "/api/v1/auth/session")).body.user.email).toBe(ana.email);
    // Identity recorded the auth event on the factor.
    const stored = await world.services.identity!.db.collection(FACTORS_COLLECTION).findOne({ _id: ana.factorId as never });
    expect(stored!.last_challenge_verified_at).toEqual(expect.any(String));

    // The pending sign-in made one session and is gone.
    const again = await ana.browser.json("POST", MFA_VERIFY, { code: await ana.app.nextCode() });
    expect(again).toMatchObject({ status: 401, body: MFA_SIGN_IN_EXPIRED });
  });

  it("signs in with a recovery code once; the same code does not work twice", async () => {
    const bea = await personWithFactor("Bea");
    const [recoveryCode] = bea.recoveryCodes;

    expect((await signInAtProvider(bea.browser, bea.email)).pathname).toBe("/auth/code");
    const passed = await bea.browser.json("POST", MFA_VERIFY, { recovery_code: recoveryCode });
    expect(passed).toMatchObject({ status: 200, body: { return_to: null } });
    expect((await bea.browser.json("GET", "/api/v1/users/me/factors")).body.factors[0].recovery_codes_left).toBe(9);
    await bea.browser.call("POST", "/api/v1/auth/logout");

    expect((await signInAtProvider(bea.browser, bea.email)).pathname).toBe("/auth/code");
    const reused = await bea.browser.json("POST", MFA_VERIFY, { recovery_code: recoveryCode });
    expect(reused.status).toBe(400);
    expect(fieldsOf(reused.body)).toEqual(["recovery_code"]);
    expect(bea.browser.hasSession()).toBe(false);
  });

  it("answers the sixth wrong code in 15 minutes with 429, Retry-After and a plain message, and signs nobody in", async () => {
    const caio = await personWithFactor("Caio");
    await signInAtProvider(caio.browser, caio.email);

    for (let i = 0; i < 5; i++) expect((await caio.browser.json("POST", MFA_VERIFY, { code: caio.app.wrongCode() })).status).toBe(400);
    const limited = await caio.browser.json("POST", MFA_VERIFY, { code: await caio.app.nextCode() });

    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/^Too many wrong codes: try again in 1[45] minutes$/) });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(900);
    expect(caio.browser.hasSession()).toBe(false);
  });

  it("keeps the pending sign-in to the browser it was made in, and says so when it has expired", async () => {
    const dina = await personWithFactor("Dina");
    await signInAtProvider(dina.browser, dina.email);
    const pendingId = pendingIdOf(dina.browser)!;
    expect(pendingId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Redis keeps it under a hash of the cookie's value.
    expect(await world.bff.redis.exists(pendingSignInKey(pendingId))).toBe(1);

    // Another browser with a right code: no pending sign-in of its own.
    const other = world.browser();
    expect(await other.json("POST", MFA_VERIFY, { code: await dina.app.nextCode() })).toMatchObject({ status: 401, body: MFA_SIGN_IN_EXPIRED });
    expect(other.hasSession()).toBe(false);

    // Five minutes on, Redis has let it go: start again.
    await world.bff.redis.del(pendingSignInKey(pendingId));
    const expired = await dina.browser.json("POST", MFA_VERIFY, { code: await dina.app.nextCode() });
    expect(expired).toMatchObject({ status: 401, body: { code: "unauthorized", message: MFA_SIGN_IN_EXPIRED.message } });
    expect(dina.browser.hasSession()).toBe(false);
  });

  it("leaves a signed-in browser's session alone until the new sign-in's code passes, then replaces it", async () => {
    const eva = await personWithFactor("Eva");
    const code = await eva.app.nextCode();
    expect((await signInAtProvider(eva.browser, eva.email)).pathname).toBe("/auth/code");
    await eva.browser.json("POST", MFA_VERIFY, { code });
    const firstSession = sessionCookieOf(eva.browser)!;

    // Signing in again in the same browser: the provider's step changes nothing yet.
    expect((await signInAtProvider(eva.browser, eva.email)).pathname).toBe("/auth/code");
    expect(sessionCookieOf(eva.browser)).toBe(firstSession);
    expect((await eva.browser.json("GET", "/api/v1/auth/session")).status).toBe(200);

    await eva.browser.json("POST", MFA_VERIFY, { code: await eva.app.nextCode() });
    expect(sessionCookieOf(eva.browser)).not.toBe(firstSession);
    expect((await fetch(`${world.bff.url}/api/v1/auth/session`, { headers: { cookie: firstSession } })).status).toBe(401);
  });

  it("turns off with a code; the next sign-in needs none", async () => {
    const fabio = await personWithFactor("Fabio");
    await signInAtProvider(fabio.browser, fabio.email);
    await fabio.browser.json("POST", MFA_VERIFY, { code: await fabio.app.nextCode() });

    const unenroll = (proof: unknown) => fabio.browser.json("POST", `/api/v1/users/me/factors/${fabio.factorId}/unenroll`, proof);
    expect(fieldsOf((await unenroll({})).body)).toEqual(["code"]);
    expect((await unenroll({ code: await fabio.app.nextCode() })).status).toBe(204);
    expect((await fabio.browser.json("GET", "/api/v1/users/me/factors")).body).toEqual({ factors: [] });
    await fabio.browser.call("POST", "/api/v1/auth/logout");

    const landedAt = await signInAtProvider(fabio.browser, fabio.email);
    expect(landedAt.pathname).toBe("/auth/callback");
    expect(fabio.browser.hasSession()).toBe(true);
  });

  it("stores the factor's secret sealed: the identity database never holds it as shown", async () => {
    const gil = await personWithFactor("Gil");

    const stored = JSON.stringify(await world.services.identity!.db.collection(FACTORS_COLLECTION).find({}).toArray());
    expect(stored).toContain(gil.factorId);
    expect(stored).not.toContain(gil.secret);
    for (const code of gil.recoveryCodes) expect(stored).not.toContain(code);
  });
});
