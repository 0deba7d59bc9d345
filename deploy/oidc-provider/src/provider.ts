/**
 * A local OpenID Connect provider: the stand-in for Google sign-in in development and tests
 * (DESIGN.md, "Stand-ins only for third-party SaaS"). It speaks the real wire format, so the BFF's
 * production OIDC client runs unchanged against it: discovery, authorization code flow with PKCE
 * (S256, required), state, nonce, ID tokens signed RS256 (or ES256), JWKS, userinfo, refresh
 * tokens and token introspection (which the Google stand-in asks whose a refresh token is). Its one
 * screen asks for an email and a name; anyone can be anyone, which is the point.
 *
 * Not for production: all state (sessions, codes, tokens, who signed in) lives in this process's
 * memory, in oidc-provider's built-in development adapter, and is lost on restart.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { calculateJwkThumbprint, type JWK } from "jose";
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import { createMemoryAdapter } from "oidc-provider/lib/adapters/memory_adapter.js";
import { z } from "zod";
import { createLogger, type Logger } from "@amia/kit";
import { AccountDirectory, localAccountFor } from "./accounts.ts";
import { grantedClaimsOf, withGoogleOfflineAccess, withoutProviderSession } from "./authorization-request.ts";
import {
  ACTION_CANCEL,
  FIELD_ACTION,
  FIELD_EMAIL,
  FIELD_NAME,
  renderErrorPage,
  renderSignInPage,
  SIGN_IN_PAGE_CSP,
} from "./sign-in-page.ts";

export interface LocalOidcClient {
  client_id: string;
  client_secret: string;
  /** Exact matches only; http on 127.0.0.1 or localhost is fine. */
  redirect_uris: string[];
}

export interface LocalOidcProviderOptions {
  /** 0 picks a free port. */
  port: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Default `http://127.0.0.1:<port>` (the port actually listened on). */
  issuer?: string;
  clients: LocalOidcClient[];
  /** A private RSA or EC P-256 JWK to sign ID tokens with; default a fresh RSA key per start. */
  signingKey?: JWK;
  /** Default: silent. */
  logger?: Logger;
}

export interface LocalOidcProvider {
  issuer: string;
  port: number;
  /** Stops taking requests and cuts open connections. */
  close(): Promise<void>;
}

/** Google's Calendar scopes, accepted (and granted) so the BFF can ask exactly what it asks Google. */
export const GOOGLE_CALENDAR_SCOPES = ["https://www.googleapis.com/auth/calendar.events", "https://www.googleapis.com/auth/calendar"] as const;

// Paths of this provider. The oidc-provider ones are its defaults, named here because the request
// handler below treats them specially. Visible on the wire (discovery advertises them).
const AUTHORIZATION_PATH = "/auth";
/** Where the sign-in page sends the browser back to, to finish the authorization request. */
const AUTHORIZATION_RESUME_PATH = /^\/auth\/[A-Za-z0-9_-]+$/;
const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]+)$/;
const interactionPathFor = (uid: string): string => `/interaction/${uid}`;
const MAX_FORM_BYTES = 16 * 1024;
/** How many interactions' clients are remembered, for a browser that comes back to a finished one. */
const INTERACTIONS_REMEMBERED = 1_000;

const ZSignInFormSchema = z.object({
  [FIELD_EMAIL]: z.string().trim().pipe(z.email({ error: "Enter an email address, like ada@example.com." })),
  [FIELD_NAME]: z.string().trim().max(200, "Keep the name under 200 characters.").optional(),
});

/** oidc-provider checks client metadata only when a request names the client: check it up front. */
const ZClientsSchema = z
  .array(
    z.object({
      client_id: z.string().min(1),
      client_secret: z.string().min(1),
      redirect_uris: z.array(z.url({ protocol: /^https?$/ })).min(1),
    }),
  )
  .min(1);

export async function createLocalOidcProvider(options: LocalOidcProviderOptions): Promise<LocalOidcProvider> {
  const clients = ZClientsSchema.safeParse(options.clients);
  if (!clients.success) throw new Error(`createLocalOidcProvider: invalid clients: ${z.prettifyError(clients.error)}`);
  const logger = options.logger ?? createLogger("oidc-provider", "silent");
  const host = options.host ?? "127.0.0.1";
  const accounts = new AccountDirectory();
  const { jwk, alg } = await signingKeyOf(options.signingKey);

  // The issuer names the port, and port 0 is only known once listening: listen first, answer 503
  // until the provider exists (a few milliseconds, before this function returns).
  let handler: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
  const server = createServer((req, res) => {
    if (handler) void handler(req, res);
    else sendJson(res, 503, { message: "Starting", code: "upstream_unavailable" });
  });
  await listen(server, options.port, host);
  const port = (server.address() as AddressInfo).port;
  const issuer = options.issuer ?? `http://127.0.0.1:${port}`;

  const configuration: Configuration = {
    clients: options.clients.map((client) => ({
      client_id: client.client_id,
      client_secret: client.client_secret,
      redirect_uris: client.redirect_uris,
      // "web" allows http redirect URIs as long as the implicit grant is off (it is).
      application_type: "web",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      // oidc-provider v9 accepts client_secret_post too whenever the client is registered with
      // either secret method, so clients defaulting to either (openid-client: post) both work.
      token_endpoint_auth_method: "client_secret_basic",
      id_token_signed_response_alg: alg,
    })),
    jwks: { keys: [jwk] },
    // The library's own in-memory store, the one it falls back to, named here on purpose: a
    // stand-in keeps nothing across restarts. Left to the fallback, the library prints a
    // plain-text "development-only in-memory adapter" warning to stderr on every start, the one
    // line of our logs that is not JSON.
    adapter: createMemoryAdapter(),
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    pkce: { required: () => true },
    responseTypes: ["code"],
    scopes: ["openid", "email", "profile", "offline_access", ...GOOGLE_CALENDAR_SCOPES],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // Like Google, put the scope's claims (email, name) into the ID token itself, not only userinfo.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const account = accounts.find(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: account.email, email_verified: true, name: account.name }),
      };
    },
    interactions: { url: (_ctx, interaction) => interactionPathFor(interaction.uid) },
    features: {
      devInteractions: { enabled: false },
      // Google has neither; leaving them on would add endpoints nobody here uses.
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: { enabled: false },
      // RFC 7662 at /token/introspection: the local Google stand-in asks it whose a refresh token
      // is (`sub`), so every sign-in of one person reaches the same stand-in calendar, as Google
      // keys a calendar by account. A client learns only about tokens issued to itself.
      introspection: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
    },
    // Short-lived on purpose: this is for trying things out and for tests.
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 60 * 60,
      IdToken: 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
      Interaction: 10 * 60,
      Session: 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      ClientCredentials: 10 * 60,
      DeviceCode: 10 * 60,
      BackchannelAuthenticationRequest: 10 * 60,
      PreAuthorizedCode: 10 * 60,
    },
    clientBasedCORS: () => false,
    renderError: (ctx: KoaContextWithOIDC, out) => {
      ctx.type = "html";
      ctx.set("Content-Security-Policy", SIGN_IN_PAGE_CSP);
      ctx.body = renderErrorPage(out.error, out.error_description ?? "");
    },
  };
  let provider: Provider;
  try {
    provider = new Provider(issuer, configuration);
  } catch (error) {
    server.close();
    throw error;
  }
  provider.on("server_error", (_ctx: unknown, error: Error) => logger.error({ err: error }, "provider error"));
  const logRefusal = (event: string) => (_ctx: unknown, error: errors.OIDCProviderError) =>
    logger.warn({ event, error: error.error, error_description: error.error_description }, "request refused");
  provider.on("authorization.error", logRefusal("authorization.error"));
  provider.on("grant.error", logRefusal("grant.error"));
  provider.on("userinfo.error", logRefusal("userinfo.error"));
  provider.on("introspection.error", logRefusal("introspection.error"));
  const providerCallback = provider.callback();

  /**
   * Where each interaction shown came from (its client's registered redirect_uri and state), so
   * a browser back on one that has finished (Back after signing in) is sent back to the client,
   * as Google's pages do, instead of to a dead "interaction session not found". Bounded: the
   * oldest are forgotten first.
   */
  const interactionClients = new Map<string, { redirectUri: string; state: string | undefined }>();

  async function handleInteraction(req: IncomingMessage, res: ServerResponse, uid: string): Promise<void> {
    let details: Awaited<ReturnType<typeof provider.interactionDetails>>;
    try {
      details = await provider.interactionDetails(req, res);
    } catch (error) {
      const client = interactionClients.get(uid);
      if (!(error instanceof errors.SessionNotFound) || req.method !== "GET" || !client) throw error;
      const back = new URL(client.redirectUri);
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "This sign-in has already finished.");
      if (client.state !== undefined) back.searchParams.set("state", client.state);
      res.writeHead(303, { location: back.href, "cache-control": "no-store" }).end();
      return;
    }
    if (details.uid !== uid) throw new errors.SessionNotFound("interaction and cookie do not match");
    const clientId = String(details.params.client_id);
    interactionClients.set(uid, {
      redirectUri: String(details.params.redirect_uri),
      state: typeof details.params.state === "string" ? details.params.state : undefined,
    });
    if (interactionClients.size > INTERACTIONS_REMEMBERED) interactionClients.delete(interactionClients.keys().next().value!);

    if (req.method === "GET") {
      const loginHint = typeof details.params.login_hint === "string" ? details.params.login_hint : undefined;
      sendHtml(res, 200, renderSignInPage({ action: interactionPathFor(uid), clientId, ...(loginHint ? { email: loginHint } : {}) }));
      return;
    }
    if (req.method !== "POST") {
      sendJson(res, 405, { message: `${req.method} is not allowed here`, code: "validation_failed" });
      return;
    }

    const form = await readForm(req);
    if (form.get(FIELD_ACTION) === ACTION_CANCEL) {
      await provider.interactionFinished(req, res, { error: "access_denied", error_description: "The user cancelled sign-in." }, { mergeWithLastSubmission: false });
      return;
    }
    const parsed = ZSignInFormSchema.safeParse({ [FIELD_EMAIL]: form.get(FIELD_EMAIL) ?? "", [FIELD_NAME]: form.get(FIELD_NAME) ?? undefined });
    if (!parsed.success) {
      const error = parsed.error.issues[0]?.message ?? "Check the form.";
      sendHtml(res, 400, renderSignInPage({ action: interactionPathFor(uid), clientId, email: form.get(FIELD_EMAIL) ?? "", name: form.get(FIELD_NAME) ?? "", error }));
      return;
    }

    const account = localAccountFor(parsed.data[FIELD_EMAIL], parsed.data[FIELD_NAME]);
    accounts.remember(account);
    // Sign-in and consent in one step: a local stand-in has no one to ask for consent but the
    // person who just typed their email, so everything requested is granted.
    const grant = new provider.Grant({ accountId: account.sub, clientId });
    if (typeof details.params.scope === "string") grant.addOIDCScope(details.params.scope);
    const claims = grantedClaimsOf(details.params.claims);
    if (claims.length > 0) grant.addOIDCClaims(claims);
    const grantId = await grant.save();
    logger.info({ sub: account.sub, client_id: clientId }, "signed in");
    await provider.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  handler = async (req, res) => {
    const startedAt = performance.now();
    const url = new URL(req.url ?? "/", "http://localhost");
    res.on("finish", () => {
      const isProbe = url.pathname === "/healthz" || url.pathname === "/readyz";
      // The path only: authorization query strings carry state, nonce and hints.
      logger[isProbe ? "debug" : "info"](
        { method: req.method, path: url.pathname, status: res.statusCode, duration_ms: Math.round((performance.now() - startedAt) * 10) / 10 },
        "request",
      );
    });
    try {
      if (url.pathname === "/healthz") return sendJson(res, 200, { status: "ok", service: "oidc-provider" });
      // Nothing to depend on: everything is in memory.
      if (url.pathname === "/readyz") return sendJson(res, 200, { status: "ready", service: "oidc-provider", checks: {} });
      const interactionUid = INTERACTION_PATH.exec(url.pathname)?.[1];
      if (interactionUid !== undefined) return await handleInteraction(req, res, interactionUid);
      if (url.pathname === AUTHORIZATION_PATH || AUTHORIZATION_RESUME_PATH.test(url.pathname)) {
        // Every sign-in shows the form and starts a fresh provider session, so one browser can
        // try several people in turn (with single sign-on, the second would silently be the first).
        const cookie = withoutProviderSession(req.headers.cookie);
        if (cookie === undefined) delete req.headers.cookie;
        else req.headers.cookie = cookie;
      }
      if (url.pathname === AUTHORIZATION_PATH) {
        const rewritten = withGoogleOfflineAccess(url);
        req.url = rewritten.pathname + rewritten.search;
      }
      await providerCallback(req, res);
    } catch (error) {
      if (error instanceof errors.OIDCProviderError) {
        if (!res.headersSent) sendHtml(res, error.statusCode, renderErrorPage(error.error, error.error_description ?? ""));
        return;
      }
      logger.error({ err: error }, "unhandled error");
      if (!res.headersSent) sendJson(res, 500, { message: "An unexpected error occurred.", code: "internal" });
      else res.destroy();
    }
  };

  let closing: Promise<void> | undefined;
  return {
    issuer,
    port,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

async function signingKeyOf(given: JWK | undefined): Promise<{ jwk: JWK; alg: "RS256" | "ES256" }> {
  const key = given ?? (generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }) as JWK);
  const alg = key.kty === "EC" ? "ES256" : "RS256";
  const kid = key.kid ?? (await calculateJwkThumbprint(key));
  return { jwk: { ...key, kid, alg, use: "sig" }, alg };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new errors.InvalidRequest("the form is too large");
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": SIGN_IN_PAGE_CSP,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  });
  res.end(html);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}
