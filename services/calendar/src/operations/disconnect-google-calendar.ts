import type { Logger } from "pino";
import type { GoogleCalendar } from "../google/google-calendar.ts";
import type { TokensStore } from "../store/tokens-store.ts";

export interface DisconnectOutcome {
  /** False when there was no connection to end (nothing revoked, written or emitted). */
  wasConnected: boolean;
}

/**
 * Disconnect Google Calendar (issue 16 point 5): revoke the grant at Google, then remove the
 * stored tokens. Revoked first, so a Google that cannot be reached leaves everything as it was
 * (the caller gets a 503 and can try again) rather than forgetting tokens Google still honours.
 * Google no longer knowing the token (`invalid_token`: it expired or was revoked in the Google
 * account) counts as revoked. A connection that needs reconnecting is disconnected the same way.
 *
 * Emits `calendar.disconnected` (in the tokens' write); work that holds Google resources for the
 * user (watch channels) is stopped from there, or from here as one more step of this operation.
 */
export async function disconnectGoogleCalendar(
  { google, tokens, logger }: { google: GoogleCalendar; tokens: TokensStore; logger: Logger },
  userId: string,
): Promise<DisconnectOutcome> {
  const stored = await tokens.get(userId);
  if (!stored) return { wasConnected: false };
  // The refresh token ends the whole grant (its access tokens with it); without one, the access token.
  const revocation = await google.revokeToken(stored.refreshToken ?? stored.accessToken);
  // Emits calendar.disconnected (tokens-store.removeTokens, same write).
  const removed = await tokens.removeTokens(userId, { wasRevokedAtGoogle: revocation === "revoked" });
  logger.info({ user_id: userId, revocation }, "Google Calendar disconnected");
  return { wasConnected: removed };
}
