/*
 * The words the sign-in screen shows for the BFF's `?error=`. Anyone can craft a link to
 * /auth/callback?error=… (and a provider's error_description reaches the BFF from the address bar
 * too), so the page never shows that text as given: only the sentences the BFF itself writes
 * (SPEC.md section 8, "Auth callback") pass; a provider's own reason becomes our own words.
 */

export const SIGN_IN_ERROR_FALLBACK = "An error occurred during authentication";
export const NO_SESSION = "No session found after OAuth callback";

/** Every whole sentence the BFF redirects with (bff/src/auth/callback-errors.ts). */
const KNOWN = new Set([
  NO_SESSION,
  "No user found in session",
  "Failed to store Google tokens",
  SIGN_IN_ERROR_FALLBACK,
  "This sign-in was started in another browser or has expired. Please sign in again.",
]);

const SESSION_ERROR = "Session error: ";

/** The reasons the BFF words itself after "Session error: ". */
const OWN_REASONS = new Set([
  "the sign-in provider is unavailable; please try again shortly",
  "the sign-in provider did not answer; please try again shortly",
  "the sign-in could not be verified",
]);

export function signInErrorWords(error: string | null): string {
  if (!error) return SIGN_IN_ERROR_FALLBACK;
  if (KNOWN.has(error)) return error;
  if (error.startsWith(SESSION_ERROR)) {
    const reason = error.slice(SESSION_ERROR.length);
    if (OWN_REASONS.has(reason)) return error;
    if (/cancel|denied/i.test(reason)) return `${SESSION_ERROR}sign-in was cancelled at the provider. Please try again.`;
    return `${SESSION_ERROR}the sign-in provider did not accept this sign-in. Please try again.`;
  }
  return SIGN_IN_ERROR_FALLBACK;
}
