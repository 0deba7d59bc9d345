import { CookieJar, fetchWithJar, redirectTarget, signInAtLocalProvider } from "../../../deploy/oidc-provider/src/testing.ts";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "../security/csrf.ts";
import { SESSION_COOKIE } from "../sessions/session-middleware.ts";

export interface CallOptions {
  /** Send the SPA's CSRF header (default true). */
  csrf?: boolean;
  /** The Origin header; default the BFF's own (the SPA's) origin; null sends none. */
  origin?: string | null;
  headers?: Record<string, string>;
}

export interface SignInResult {
  /** Where the BFF finally sent the browser: the SPA's /auth/callback (with ?error= on failure). */
  landedAt: URL;
  /** The provider's redirect to our callback (code, state, iss), as the browser followed it. */
  callbackUrl: URL;
}

/**
 * A browser for integration tests: a cookie jar, redirects followed by hand, and calls the way
 * the SPA makes them (same origin, the CSRF header). `origin` is the BFF's URL, which stands in
 * for PUBLIC_ORIGIN (no SPA in front in these tests).
 */
export class TestBrowser {
  readonly jar = new CookieJar();
  readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  /** A GET as a top-level navigation: no Origin, no CSRF header, no redirect followed. */
  navigate(url: string | URL): Promise<Response> {
    return fetchWithJar(this.jar, new URL(url, this.origin));
  }

  /** /api/v1/auth/login → the provider's sign-in page (no redirect followed past it). */
  async startSignIn(returnTo?: string): Promise<URL> {
    const login = await this.navigate(`/api/v1/auth/login${returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : ""}`);
    return redirectTarget(login, new URL("/api/v1/auth/login", this.origin));
  }

  /** At the provider: fill in the form; returns the redirect back to our callback, not yet followed. */
  atProvider(authorizationUrl: URL, email: string, name?: string, isCancelled = false): Promise<URL> {
    return signInAtLocalProvider({ jar: this.jar, authorizationUrl, email, ...(name ? { name } : {}), isCancelled });
  }

  /** Follows the provider's redirect to our callback; returns where the BFF sends the browser. */
  async finishSignIn(callbackUrl: URL): Promise<URL> {
    const response = await this.navigate(callbackUrl);
    return redirectTarget(response, callbackUrl);
  }

  /** The whole sign-in, through real redirects. */
  async signIn(email: string, name?: string): Promise<SignInResult> {
    const callbackUrl = await this.atProvider(await this.startSignIn(), email, name);
    return { callbackUrl, landedAt: await this.finishSignIn(callbackUrl) };
  }

  hasSession(): boolean {
    return this.jar.has(this.origin, SESSION_COOKIE);
  }

  /** A call as the SPA makes it. */
  call(method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { accept: "application/json", ...options.headers };
    if (body !== undefined) headers["content-type"] = "application/json";
    const isStateChanging = method !== "GET" && method !== "HEAD";
    if (isStateChanging && options.csrf !== false) headers[CSRF_HEADER] = CSRF_HEADER_VALUE;
    const origin = options.origin === undefined ? this.origin : options.origin;
    if (isStateChanging && origin !== null) headers.origin = origin;
    return fetchWithJar(this.jar, new URL(path, this.origin), { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  }

  async json(method: string, path: string, body?: unknown, options?: CallOptions): Promise<{ status: number; body: any; headers: Headers }> {
    const response = await this.call(method, path, body, options);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  }
}
