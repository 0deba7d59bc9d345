import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";

/**
 * The two short-lived cookies of a sign-in in progress, both HttpOnly, SameSite=Lax (the
 * provider's redirect back is a top-level GET, which Lax lets through), Secure over https and
 * scoped to Path=/api/v1/auth, so no other request carries them:
 *
 * - the browser binding (RFC 9700 §4.7, login CSRF): a random value set by /auth/login, whose
 *   hash the sign-in attempt keeps; /auth/callback redeems an attempt only in the browser that
 *   holds it, so a callback link made by someone else signs nobody in;
 * - the pending sign-in: after the provider, for a user with a second factor, until the code.
 *
 * Cookie names are wire names (renaming one breaks sign-ins in flight).
 */
export const BINDING_COOKIE = "amia_sign_in";
export const PENDING_MFA_COOKIE = "amia_mfa";
const COOKIE_PATH = "/api/v1/auth";
const VALUE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** 256 random bits, base64url (43 characters). */
export function newCookieSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** What the server keeps of a cookie secret: its SHA-256 (base64url), never the value itself. */
export function secretHash(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

/** Whether `value` is the secret whose hash is `hash` (constant time). */
export function matchesHash(value: string | undefined, hash: string): boolean {
  if (!value || !VALUE_PATTERN.test(value)) return false;
  const given = Buffer.from(secretHash(value));
  const expected = Buffer.from(hash);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function readSignInCookie(c: Context, name: typeof BINDING_COOKIE | typeof PENDING_MFA_COOKIE): string | undefined {
  const value = getCookie(c, name);
  return value && VALUE_PATTERN.test(value) ? value : undefined;
}

export function setSignInCookie(c: Context, name: typeof BINDING_COOKIE | typeof PENDING_MFA_COOKIE, value: string, options: { isSecure: boolean; maxAgeSeconds: number }): void {
  setCookie(c, name, value, { httpOnly: true, sameSite: "Lax", path: COOKIE_PATH, secure: options.isSecure, maxAge: options.maxAgeSeconds });
}

export function clearSignInCookie(c: Context, name: typeof BINDING_COOKIE | typeof PENDING_MFA_COOKIE, isSecure: boolean): void {
  deleteCookie(c, name, { path: COOKIE_PATH, secure: isSecure, httpOnly: true, sameSite: "Lax" });
}
