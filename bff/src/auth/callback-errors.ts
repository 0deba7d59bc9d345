/**
 * What the SPA's /auth/callback screen shows when sign-in fails (SPEC.md section 8, "Auth
 * callback"). The BFF redirects there with `?error=<message>`.
 */
export const CALLBACK_ERROR = {
  /** The attempt (state) is unknown, used already or expired: nothing to resume. */
  noSession: "No session found after OAuth callback",
  /** The provider vouched for nobody we can key a user on (no subject or email). */
  noUser: "No user found in session",
  /** Anything else (identity down, ...); the cause is in the log. */
  fallback: "An error occurred during authentication",
  /**
   * The attempt was started in another browser (a callback link someone else made: login CSRF),
   * or this browser no longer holds the cookie it was bound to.
   */
  otherBrowser: "This sign-in was started in another browser or has expired. Please sign in again.",
} as const;

/** POST /api/v1/auth/mfa/verify without a live pending sign-in (expired after 5 minutes, used, or never started here). */
export const MFA_SIGN_IN_EXPIRED = { message: "This sign-in has expired or was already completed. Please sign in again.", code: "unauthorized" } as const;

/** "Session error: {message}": the provider refused, or its answer did not check out. */
export function sessionError(message: string): string {
  return `Session error: ${message}`;
}

export function callbackErrorLocation(publicOrigin: string, message: string): string {
  return `${publicOrigin}/auth/callback?error=${encodeURIComponent(message)}`;
}

/** A readable reason from an openid-client / provider error, without internals. */
export function describeOidcError(error: unknown): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError" || (error instanceof TypeError && error.message === "fetch failed"))) {
    return "the sign-in provider did not answer; please try again shortly";
  }
  if (typeof error === "object" && error !== null) {
    const described = error as { error_description?: unknown; error?: unknown; message?: unknown; code?: unknown; cause?: { message?: unknown } };
    // openid-client wraps a failed check in a generic message ("unexpected JWT claim value
    // encountered"); the check's own words (which claim) are its cause's. Only for OAuth checks:
    // a network cause would name internal addresses.
    if (typeof described.code === "string" && described.code.startsWith("OAUTH_") && typeof described.cause?.message === "string") {
      return clip(described.cause.message);
    }
    if (typeof described.error_description === "string" && described.error_description) return clip(described.error_description);
    if (typeof described.error === "string" && described.error) return clip(described.error);
    if (typeof described.message === "string" && described.message) return clip(described.message);
  }
  return "the sign-in could not be verified";
}

const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 197)}...` : text);
