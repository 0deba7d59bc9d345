import { inSpan, SpanKind } from "@amia/kit";
import type { Logger } from "pino";
import type { TokensStore } from "../store/tokens-store.ts";
import type { GoogleEventResource } from "../domain/google-event.ts";
import type { RedisLock } from "../locks/redis-lock.ts";

/**
 * The Google Calendar v3 REST client (plain fetch: the calls are few and the stand-in speaks the
 * same wire). Access tokens are refreshed with the refresh token, one refresh in flight per user
 * (the jobs of a process share it; replicas take a Redis lock); a 401 refreshes
 * and retries once; `invalid_grant` means the user must reconnect.
 */

/** We hold no tokens for the user. */
export class NotConnectedError extends Error {
  constructor(userId: string) {
    super(`No Google tokens for user ${userId}`);
    this.name = "NotConnectedError";
  }
}

/** Google refused the refresh token (`invalid_grant`), or we have none to refresh with. */
export class ReconnectRequiredError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = "ReconnectRequiredError";
  }
}

/** Google answered an error status. 429 and 5xx are worth retrying later. */
export class GoogleApiError extends Error {
  readonly status: number;
  readonly reason: string | null;
  constructor(status: number, reason: string | null, message: string) {
    super(`Google answered ${status}${reason ? ` (${reason})` : ""}: ${message}`);
    this.name = "GoogleApiError";
    this.status = status;
    this.reason = reason;
  }
  get isRetryable(): boolean {
    return this.status === 429 || this.status >= 500 || this.status === 401;
  }
}

export interface GoogleCalendarOptions {
  tokenUrl: string;
  /** Google's OAuth revocation endpoint (https://oauth2.googleapis.com/revoke). */
  revokeUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  tokens: TokensStore;
  logger: Logger;
  /** Refresh this long before the access token expires. */
  expiryMarginMs?: number;
  /**
   * Keyed by user, shared by the replicas: only one refreshes a user's token at a time. Google
   * would accept two refreshes, but each answers a different access token and the loser's write
   * would overwrite the winner's, so jobs holding the first token could be handed a replaced one.
   */
  refreshLock?: Pick<RedisLock, "tryAcquire">;
  /** How long to wait for another replica's refresh before refreshing anyway. */
  refreshWaitMs?: number;
  /**
   * How long one Calendar API call may take. A sync holds its request's lock meanwhile, so a
   * call that hangs must end (as a network error, retried with backoff) rather than hold it.
   */
  requestTimeoutMs?: number;
}

export interface GoogleCalendar {
  insertEvent: (userId: string, body: object) => Promise<GoogleEventResource>;
  /**
   * The event with this iCalUID, or null. A deleted one (status "cancelled", which Google keeps
   * with its iCalUID) only with `includeDeleted`, and only when no live one has that UID.
   */
  findByICalUid: (userId: string, iCalUid: string, options?: { includeDeleted?: boolean }) => Promise<GoogleEventResource | null>;
  patchEvent: (userId: string, eventId: string, body: object) => Promise<GoogleEventResource>;
  /** Resolves `false` when Google no longer has it (404 / 410): deleting it is then done. */
  deleteEvent: (userId: string, eventId: string) => Promise<boolean>;
  listEvents: (userId: string, range: { timeMin: string; timeMax: string }) => Promise<GoogleEventResource[]>;
  busy: (userId: string, range: { timeMin: string; timeMax: string }) => Promise<Array<{ start: string; end: string }>>;
  /**
   * Revokes a token at Google (a refresh token ends the whole grant, its access tokens with it).
   * `"unknown"`: Google no longer knew it (`invalid_token`: expired or revoked already), which
   * leaves nothing to revoke. Any other refusal or an unreachable Google throws.
   */
  revokeToken: (token: string) => Promise<"revoked" | "unknown">;
  /**
   * One page of events.list for two-way sync: by `syncToken` what changed since (deletions as
   * status "cancelled"), or (null) every event, for a full sync. An invalidated token throws
   * GoogleApiError 410 (`fullSyncRequired`).
   */
  listChanges: (userId: string, from: { syncToken: string | null; pageToken?: string }) => Promise<GoogleEventsPage>;
  /** events.watch on the primary calendar: Google POSTs to `address` on every change. */
  watch: (userId: string, channel: { id: string; address: string; token: string; expiration?: number }) => Promise<GoogleChannel>;
  /** channels.stop. Resolves false when Google does not know the channel (stopped or expired already). */
  stopChannel: (userId: string, channel: { id: string; resourceId: string }) => Promise<boolean>;
}

export interface GoogleEventsPage {
  items: GoogleEventResource[];
  nextPageToken?: string;
  nextSyncToken?: string;
}

/** Google's channel resource (events.watch's answer); `expiration` is epoch ms as a string. */
export interface GoogleChannel {
  id: string;
  resourceId: string;
  resourceUri?: string;
  token?: string;
  expiration?: string;
}

/** Pages of events.list one read follows at most (250 each): a bounded window never needs more. */
const MAX_LIST_PAGES = 10;

const PRIMARY = "primary";

export function createGoogleCalendar(options: GoogleCalendarOptions): GoogleCalendar {
  const { tokens, expiryMarginMs = 60_000, refreshLock, refreshWaitMs = 10_000, requestTimeoutMs = 20_000 } = options;
  const logger = options.logger.child({ component: "google-calendar" });
  const refreshing = new Map<string, Promise<string>>();

  const isFresh = (stored: { expiresAtMs: number | null }) => stored.expiresAtMs === null || stored.expiresAtMs - expiryMarginMs > Date.now();

  /** A token newer than `stale` that another replica stored, waiting up to `waitMs` for it. */
  const tokenRefreshedElsewhere = async (userId: string, stale: string, waitMs: number): Promise<string | null> => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const stored = await tokens.get(userId);
      if (!stored) throw new NotConnectedError(userId);
      if (stored.status === "reconnect_required") throw new ReconnectRequiredError("The Google connection was marked invalid; the user must sign in again");
      if (stored.accessToken !== stale && isFresh(stored)) return stored.accessToken;
      if (Date.now() >= deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  /**
   * A new access token in place of `stale`, the one the caller found expired or refused. Not
   * re-read here: a slow caller reading after another job's refresh would otherwise take the new
   * token for the stale one and refresh again.
   */
  const refresh = (userId: string, stale: string): Promise<string> => {
    const inFlight = refreshing.get(userId);
    if (inFlight) return inFlight;
    const run = (async () => {
      const held = refreshLock ? await refreshLock.tryAcquire(userId) : { release: async () => undefined };
      if (!held) {
        // Another replica is refreshing: use its token once stored (or refresh after all if it
        // never arrives; the lock expires by itself).
        const theirs = await tokenRefreshedElsewhere(userId, stale, refreshWaitMs);
        if (theirs) return theirs;
      }
      try {
        return await requestNewAccessToken(userId, stale);
      } finally {
        await held?.release().catch((error: unknown) => logger.warn({ err: error, user_id: userId }, "token refresh lock not released; it expires by itself"));
      }
    })();
    refreshing.set(userId, run);
    const forget = () => refreshing.delete(userId);
    run.then(forget, forget);
    return run;
  };

  /** The refresh grant itself; `stale` is the token we hold, in case a replica just replaced it. */
  const requestNewAccessToken = async (userId: string, stale: string): Promise<string> => {
    const stored = await tokens.get(userId);
    if (!stored) throw new NotConnectedError(userId);
    // Refreshed by another replica between our read and taking the lock.
    if (stored.accessToken !== stale && isFresh(stored)) return stored.accessToken;
    if (!stored.refreshToken) throw new ReconnectRequiredError("No refresh token stored");
    const response = await fetch(options.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: stored.refreshToken, client_id: options.clientId, client_secret: options.clientSecret }),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string; error_description?: string };
    if (!response.ok || !body.access_token) {
      if (body.error === "invalid_grant") {
        await tokens.markReconnectRequired(userId);
        throw new ReconnectRequiredError(`invalid_grant: ${body.error_description ?? "refresh token refused"}`);
      }
      throw new GoogleApiError(response.status >= 400 ? response.status : 502, body.error ?? null, body.error_description ?? "token refresh failed");
    }
    const expiresAtMs = body.expires_in ? Date.now() + body.expires_in * 1_000 : null;
    await tokens.saveAccessToken(userId, body.access_token, expiresAtMs);
    logger.debug({ user_id: userId }, "access token refreshed");
    return body.access_token;
  };

  const accessToken = async (userId: string): Promise<string> => {
    const stored = await tokens.get(userId);
    if (!stored) throw new NotConnectedError(userId);
    if (stored.status === "reconnect_required") throw new ReconnectRequiredError("The Google connection was marked invalid; the user must sign in again");
    if (stored.expiresAtMs !== null && stored.expiresAtMs - expiryMarginMs <= Date.now()) return refresh(userId, stored.accessToken);
    return stored.accessToken;
  };

  /**
   * After a 401 with `stale`: join a refresh in flight, or use a token another job refreshed
   * meanwhile, and only otherwise ask Google (so concurrent jobs of one user refresh once).
   */
  const refreshAfterRejection = async (userId: string, stale: string): Promise<string> => {
    const inFlight = refreshing.get(userId);
    if (inFlight) return inFlight;
    const stored = await tokens.get(userId);
    const isFresh = stored && stored.accessToken !== stale && (stored.expiresAtMs === null || stored.expiresAtMs - expiryMarginMs > Date.now());
    return isFresh ? stored.accessToken : refresh(userId, stale);
  };

  /**
   * One Google API operation as a span of its own (`google.calendar events.insert`); each HTTP
   * try under it, the token refresh included, is a client span of its own (kit fetch spans).
   */
  const call = (operation: string, userId: string, method: string, path: string, body?: object): Promise<Response> =>
    inSpan({ service: "calendar", name: `google.calendar ${operation}`, kind: SpanKind.INTERNAL, attributes: { "rpc.system": "google-api", "rpc.method": operation } }, async (span) => {
      const response = await tryCall(userId, method, path, body);
      span.setAttribute("http.response.status_code", response.status);
      return response;
    });

  const tryCall = async (userId: string, method: string, path: string, body?: object): Promise<Response> => {
    const send = (token: string) =>
      fetch(`${options.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    const token = await accessToken(userId);
    let response = await send(token);
    if (response.status === 401) {
      // The access token expired early or was revoked: refresh once and try again, once.
      await response.body?.cancel();
      response = await send(await refreshAfterRejection(userId, token));
    }
    return response;
  };

  const failure = async (response: Response): Promise<GoogleApiError> => {
    const body = (await response.json().catch(() => ({}))) as { error?: { message?: string; errors?: Array<{ reason?: string }> } };
    return new GoogleApiError(response.status, body.error?.errors?.[0]?.reason ?? null, body.error?.message ?? response.statusText);
  };

  const json = async <T>(response: Response): Promise<T> => {
    if (!response.ok) throw await failure(response);
    return (await response.json()) as T;
  };

  const eventsPath = `/calendars/${PRIMARY}/events`;
  return {
    insertEvent: async (userId, body) => json(await call("events.insert", userId, "POST", eventsPath, body)),
    async findByICalUid(userId, iCalUid, { includeDeleted = false } = {}) {
      const query = new URLSearchParams({ iCalUID: iCalUid, ...(includeDeleted ? { showDeleted: "true" } : {}) });
      const items = (await json<{ items?: GoogleEventResource[] }>(await call("events.list", userId, "GET", `${eventsPath}?${query}`))).items ?? [];
      return items.find((event) => event.status !== "cancelled") ?? (includeDeleted ? items[0] : undefined) ?? null;
    },
    patchEvent: async (userId, eventId, body) => json(await call("events.patch", userId, "PATCH", `${eventsPath}/${encodeURIComponent(eventId)}`, body)),
    async deleteEvent(userId, eventId) {
      const response = await call("events.delete", userId, "DELETE", `${eventsPath}/${encodeURIComponent(eventId)}`);
      if (response.status === 404 || response.status === 410) {
        await response.body?.cancel();
        return false;
      }
      if (!response.ok) throw await failure(response);
      await response.body?.cancel();
      return true;
    },
    async listEvents(userId, range) {
      const events: GoogleEventResource[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < MAX_LIST_PAGES; page++) {
        const query = new URLSearchParams({ ...range, singleEvents: "true", orderBy: "startTime", maxResults: "250", ...(pageToken ? { pageToken } : {}) });
        const list = await json<{ items?: GoogleEventResource[]; nextPageToken?: string }>(await call("events.list", userId, "GET", `${eventsPath}?${query}`));
        events.push(...(list.items ?? []));
        pageToken = list.nextPageToken;
        if (!pageToken) return events;
      }
      logger.warn({ user_id: userId, pages: MAX_LIST_PAGES }, "events.list still had pages; the rest of the window is left out");
      return events;
    },
    async revokeToken(token) {
      const response = await fetch(options.revokeUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token }),
        signal: AbortSignal.timeout(requestTimeoutMs),
      }).catch((error: unknown) => {
        // Unreachable or timed out: the caller may try again.
        throw new GoogleApiError(503, null, `token revocation did not answer: ${(error as Error).message}`);
      });
      const body = (await response.json().catch(() => ({}))) as { error?: string; error_description?: string };
      if (response.ok) return "revoked";
      if (response.status === 400 && body.error === "invalid_token") return "unknown";
      throw new GoogleApiError(response.status, body.error ?? null, body.error_description ?? "token revocation failed");
    },
    async listChanges(userId, { syncToken, pageToken }) {
      // showDeleted is implied by a sync token; a full sync also lists deleted ones, as Google advises.
      const query = new URLSearchParams({ maxResults: "250", ...(syncToken ? { syncToken } : { showDeleted: "true" }), ...(pageToken ? { pageToken } : {}) });
      return json<GoogleEventsPage>(await call("events.list", userId, "GET", `${eventsPath}?${query}`));
    },
    async watch(userId, channel) {
      const body = { id: channel.id, type: "web_hook", address: channel.address, token: channel.token, ...(channel.expiration ? { expiration: String(channel.expiration) } : {}) };
      return json<GoogleChannel>(await call("events.watch", userId, "POST", `${eventsPath}/watch`, body));
    },
    async stopChannel(userId, channel) {
      const response = await call("channels.stop", userId, "POST", "/channels/stop", { id: channel.id, resourceId: channel.resourceId });
      await response.body?.cancel();
      if (response.status === 404) return false;
      if (!response.ok) throw new GoogleApiError(response.status, null, "channels.stop failed");
      return true;
    },
    async busy(userId, range) {
      const answer = await json<{ calendars?: Record<string, { busy?: Array<{ start: string; end: string }> }> }>(
        await call("freebusy.query", userId, "POST", "/freeBusy", { ...range, items: [{ id: PRIMARY }] }),
      );
      return answer.calendars?.[PRIMARY]?.busy ?? [];
    },
  };
}
