/**
 * Test helpers for driving the local provider like a browser would: a small cookie jar, fetch
 * without automatic redirects, and the sign-in form filled in. For integration tests of this
 * provider and of its clients (the BFF).
 */
import { createHash, randomBytes } from "node:crypto";

interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
}

/**
 * Cookies the way a browser scopes them for plain http on one machine: by host (not port, so
 * 127.0.0.1:4400 and 127.0.0.1:3000 share a jar, as in a browser) and by path prefix.
 * Ignores Secure, SameSite and expiry dates, except that an expired or Max-Age=0 cookie is removed.
 */
export class CookieJar {
  readonly #cookies: StoredCookie[] = [];

  /** Takes every Set-Cookie of a response to a request for `url`. */
  store(url: string | URL, response: Response): void {
    const { hostname, pathname } = new URL(url);
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const separator = pair.indexOf("=");
      if (separator <= 0) continue;
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const attribute = (key: string): string | undefined =>
        attributes.find((item) => item.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute("path") ?? defaultPath(pathname);
      const maxAge = attribute("max-age");
      const expires = attribute("expires");
      const isExpired = (maxAge !== undefined && Number(maxAge) <= 0) || (expires !== undefined && Date.parse(expires) <= Date.now());
      const index = this.#cookies.findIndex((cookie) => cookie.name === name && cookie.host === hostname && cookie.path === path);
      if (index >= 0) this.#cookies.splice(index, 1);
      if (!isExpired) this.#cookies.push({ name, value, host: hostname, path });
    }
  }

  /** The Cookie header a browser would send to `url`, or undefined. */
  header(url: string | URL): string | undefined {
    const { hostname, pathname } = new URL(url);
    const matching = this.#cookies.filter(
      (cookie) => cookie.host === hostname && (pathname === cookie.path || pathname.startsWith(cookie.path.endsWith("/") ? cookie.path : `${cookie.path}/`)),
    );
    // Longer paths first, as browsers order them.
    matching.sort((a, b) => b.path.length - a.path.length);
    return matching.length > 0 ? matching.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ") : undefined;
  }

  /** Does the jar hold a cookie of this name for this URL? */
  has(url: string | URL, name: string): boolean {
    return (this.header(url) ?? "").split("; ").some((pair) => pair.startsWith(`${name}=`));
  }
}

function defaultPath(pathname: string): string {
  const lastSlash = pathname.lastIndexOf("/");
  return lastSlash <= 0 ? "/" : pathname.slice(0, lastSlash);
}

/** fetch with the jar's cookies and no automatic redirects; stores what comes back. */
export async function fetchWithJar(jar: CookieJar, url: string | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set("cookie", cookie);
  const response = await fetch(url, { ...init, headers, redirect: "manual" });
  jar.store(url, response);
  return response;
}

/** The absolute URL a redirect response points to. */
export function redirectTarget(response: Response, from: string | URL): URL {
  const location = response.headers.get("location");
  if (response.status < 300 || response.status >= 400 || !location) {
    throw new Error(`expected a redirect from ${String(from)}, got ${response.status}`);
  }
  return new URL(location, from);
}

/** A PKCE pair (S256): send the challenge to /auth, the verifier to /token. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export interface SignInOptions {
  jar: CookieJar;
  /** The provider's authorization URL with every parameter (what a client redirects the browser to). */
  authorizationUrl: string | URL;
  email: string;
  name?: string;
  /** Press Cancel instead of Sign in. */
  isCancelled?: boolean;
}

/**
 * Walks the provider's side of a sign-in as a browser would: the authorization URL, the sign-in
 * page, the form posted, the provider's own redirects. Returns where the provider finally sends
 * the browser back to the client (the redirect_uri with `code`, `state` and `iss`, or `error`),
 * without following it. Throws when the flow goes anywhere unexpected (an error page, say).
 */
export async function signInAtLocalProvider(options: SignInOptions): Promise<URL> {
  const { jar } = options;
  const providerOrigin = new URL(options.authorizationUrl).origin;
  let url = new URL(options.authorizationUrl);
  let page: Response | undefined;
  for (let hop = 0; hop < 5 && !page; hop += 1) {
    const response = await fetchWithJar(jar, url);
    if (response.status === 200) page = response;
    else url = redirectTarget(response, url);
    if (url.origin !== providerOrigin) return url;
  }
  if (!page) throw new Error(`no sign-in page reached from ${String(options.authorizationUrl)}`);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no sign-in form at ${url.href}:\n${html.slice(0, 500)}`);

  const form = new URLSearchParams({ email: options.email, name: options.name ?? "", action: options.isCancelled ? "cancel" : "sign-in" });
  const formUrl = new URL(decodeHtml(action), url);
  let response = await fetchWithJar(jar, formUrl, { method: "POST", body: form });
  url = formUrl;
  for (let hop = 0; hop < 5; hop += 1) {
    if (response.status === 400) throw new Error(`the sign-in form was refused: ${await response.text()}`);
    url = redirectTarget(response, url);
    if (url.origin !== providerOrigin) return url;
    response = await fetchWithJar(jar, url);
  }
  throw new Error("too many redirects at the provider");
}

function decodeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, "&");
}
