/**
 * The security headers of every HTML and API response, in one place: the BFF sets them on its
 * answers, the production web server (scripts/web-server.ts) on the SPA's files, and
 * deploy/docker/nginx.conf carries the same values (deploy/compose.test.ts holds it to these).
 *
 * The policy allows nothing inline. Scripts and style sheets come from our own origin; the one
 * exception is the style element react-hot-toast's CSS-in-JS (goober) writes at run time: it
 * carries the page's nonce, a fresh random value per index.html (`style-src 'nonce-…'`), which
 * the page hands to goober through Vite's `<meta property="csp-nonce">` (web/public/csp-setup.js,
 * which also tells zod not to probe for eval). React's `style` props are set through the CSSOM,
 * which a CSP does not govern.
 */

/**
 * What Vite writes where the nonce goes (`html.cspNonce` in web/vite.config.ts: the meta tag and
 * the build's own tags); the server replaces it in index.html with the response's nonce.
 */
export const CSP_NONCE_PLACEHOLDER = "__AMIA_CSP_NONCE__";

/** The Content-Security-Policy; `nonce` allows that page's one run-time style element. */
export function contentSecurityPolicy(nonce?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self'${nonce ? ` 'nonce-${nonce}'` : ""}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Header names are wire names; values every response carries whatever served it. */
export const SECURITY_HEADERS = {
  "content-security-policy": contentSecurityPolicy(),
  // frame-ancestors 'none' says it to current browsers; X-Frame-Options to older ones.
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  // Our own pages get the full URL (paths carry ids, never secrets); other origins the origin only.
  "referrer-policy": "strict-origin-when-cross-origin",
  // Nothing in the app uses these; a script that got in could not either.
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), accelerometer=(), gyroscope=(), magnetometer=()",
} as const;

/**
 * HSTS only over https: browsers ignore it over http anyway, and sent from a local http origin
 * it would say something untrue about that host.
 */
export const HSTS_HEADER = { "strict-transport-security": "max-age=31536000; includeSubDomains" } as const;

/** The headers for a response served at this public origin (https adds HSTS). */
export function securityHeadersFor(isHttps: boolean): Record<string, string> {
  return isHttps ? { ...SECURITY_HEADERS, ...HSTS_HEADER } : { ...SECURITY_HEADERS };
}

export function isHttpsOrigin(origin: string): boolean {
  return new URL(origin).protocol === "https:";
}
