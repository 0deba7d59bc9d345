import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "@amia/kit";
import { createLocalOidcProvider, type LocalOidcProvider } from "@amia/oidc-provider";
import { CookieJar, pkcePair, signInAtLocalProvider } from "@amia/oidc-provider/testing";
import { createIntrospectionAccountLookup } from "./account-lookup.ts";
import { createGoogleStandIn, type GoogleStandIn } from "./stand-in.ts";

/**
 * The local stack's wiring, over real HTTP: the sign-in provider mints a new refresh token at every
 * sign-in, and the stand-in, asking the provider by introspection whose each one is, keeps one
 * calendar per person. Needs no Kafka, MongoDB or Redis.
 */

const CLIENT = { client_id: "stand-in-test", client_secret: "stand-in-secret", redirect_uris: ["http://127.0.0.1:5997/callback"] };
const logger = createLogger("google-stand-in", "silent");

let provider: LocalOidcProvider;
let standIn: GoogleStandIn;

beforeAll(async () => {
  provider = await createLocalOidcProvider({ port: 0, clients: [CLIENT] });
  const accountOf = createIntrospectionAccountLookup({ url: `${provider.issuer}/token/introspection`, clientId: CLIENT.client_id, clientSecret: CLIENT.client_secret, logger });
  standIn = await createGoogleStandIn({ port: 0, accountOf });
});
afterAll(async () => {
  await standIn?.close();
  await provider?.close();
});

/** Signs in at the provider as a browser and the BFF would, asking for offline access: the refresh token. */
async function signIn(email: string): Promise<string> {
  const { verifier, challenge } = pkcePair();
  const url = new URL(`${provider.issuer}/auth`);
  for (const [key, value] of Object.entries({
    client_id: CLIENT.client_id,
    response_type: "code",
    redirect_uri: CLIENT.redirect_uris[0]!,
    scope: "openid email profile offline_access",
    prompt: "consent",
    state: randomBytes(8).toString("base64url"),
    code_challenge: challenge,
    code_challenge_method: "S256",
  })) url.searchParams.set(key, value);
  const back = await signInAtLocalProvider({ jar: new CookieJar(), authorizationUrl: url, email });
  const response = await fetch(`${provider.issuer}/token`, {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from(`${CLIENT.client_id}:${CLIENT.client_secret}`).toString("base64")}` },
    body: new URLSearchParams({ grant_type: "authorization_code", code: back.searchParams.get("code")!, redirect_uri: CLIENT.redirect_uris[0]!, code_verifier: verifier }),
  });
  const { refresh_token } = (await response.json()) as { refresh_token?: string };
  expect(refresh_token).toBeTruthy();
  return refresh_token!;
}

/** What the calendar service does with a refresh token: buy an access token, then call the API. */
async function accessFor(refreshToken: string): Promise<string> {
  const response = await fetch(standIn.tokenUrl, { method: "POST", body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function insert(accessToken: string, iCalUID: string): Promise<void> {
  const response = await fetch(`${standIn.calendarApiUrl}/calendars/primary/events`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ summary: iCalUID, start: { dateTime: "2026-03-11T12:00:00Z" }, end: { dateTime: "2026-03-11T13:00:00Z" }, iCalUID }),
  });
  expect(response.status).toBe(200);
}

describe("the Google stand-in asking the local sign-in provider whose a refresh token is", () => {
  it("keeps one calendar for every sign-in of one person, and another for someone else", async () => {
    // Given Ada signed in and an event reached her calendar
    const monday = await signIn("ada@example.com");
    await insert(await accessFor(monday), "monday@amia.app");

    // When she signs in again (a new refresh token) and Bob signs in
    const tuesday = await signIn("ADA@example.com");
    const bob = await signIn("bob@example.com");
    expect(tuesday).not.toBe(monday);
    await insert(await accessFor(tuesday), "tuesday@amia.app");
    await accessFor(bob);

    // Then both of Ada's tokens see both events, and Bob sees none
    const iCalUIDs = (refreshToken: string) => standIn.events(refreshToken).map((event) => event.iCalUID);
    expect(iCalUIDs(tuesday)).toEqual(["monday@amia.app", "tuesday@amia.app"]);
    expect(iCalUIDs(monday)).toEqual(["monday@amia.app", "tuesday@amia.app"]);
    expect(iCalUIDs(bob)).toEqual([]);
  });

  it("answers null, without throwing, for a token the provider never issued, a wrong secret or an unreachable provider", async () => {
    const lookup = (url: string, clientSecret = CLIENT.client_secret) => createIntrospectionAccountLookup({ url, clientId: CLIENT.client_id, clientSecret, logger, timeoutMs: 2_000 });
    const introspectionUrl = `${provider.issuer}/token/introspection`;
    const refreshToken = await signIn("cleo@example.com");

    expect(await lookup(introspectionUrl)(refreshToken)).toEqual(expect.any(String));
    expect(await lookup(introspectionUrl)("1//never-issued")).toBeNull();
    expect(await lookup(introspectionUrl, "wrong")(refreshToken)).toBeNull();
    // A closed port: connection refused.
    const closed = await createLocalOidcProvider({ port: 0, clients: [CLIENT] });
    await closed.close();
    expect(await lookup(`${closed.issuer}/token/introspection`)(refreshToken)).toBeNull();
  });
});
