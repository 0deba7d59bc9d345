import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { Logger } from "pino";
import type { TGoogleNotification } from "@amia/contracts";
import { attendeeResponsesChange, googleChangeOf } from "../domain/google-changes.ts";
import { eventRequestIdFromICalUid, type GoogleEventResource } from "../domain/google-event.ts";
import { GoogleApiError, NotConnectedError, ReconnectRequiredError, type GoogleCalendar, type GoogleChannel } from "../google/google-calendar.ts";
import type { RedisLock } from "../locks/redis-lock.ts";
import type { SyncsStore } from "../store/syncs-store.ts";
import type { TokensStore } from "../store/tokens-store.ts";
import type { StoredChannel, WatchesStore } from "../store/watches-store.ts";

/*
 * Two-way sync (docs/decisions.md "Two-way Google sync"): per user, an incremental listing with
 * Google's sync token; push channels (events.watch) that ask for one; a 410 answered by one full
 * listing; a periodic pass over every connected user as the safety net; channels renewed before
 * they expire. What a listed event means for its request is domain/google-changes.ts's call.
 */

export interface TwoWaySyncDeps {
  google: GoogleCalendar;
  syncs: SyncsStore;
  watches: WatchesStore;
  tokens: TokensStore;
  /** The sync jobs' per-request lock: a listed event is judged while no job writes that request. */
  requestLock: Pick<RedisLock, "withLock">;
  /** One listing of a user at a time, across replicas. */
  userLock: Pick<RedisLock, "withLock">;
  logger: Logger;
  /** Where Google posts notifications (the BFF's public route); null: no channels, periodic sync only. */
  webhookUrl: string | null;
  /** How long a channel is asked to live (Google caps it at 7 days for events). */
  channelTtlMs: number;
  /** A channel expiring sooner than this is replaced. */
  renewBeforeMs: number;
}

export interface UserSyncResult {
  isFull: boolean;
  /** Events whose change was announced (moved or deleted in Google). */
  changes: number;
}

export type NotificationOutcome = "accepted" | "unknown_channel" | "bad_token";

export interface TwoWaySync {
  /** Lists what changed in the user's calendar and acts on it. Calls while one runs join it, and one more listing follows. */
  syncUser: (userId: string) => Promise<UserSyncResult>;
  /** A push notification: verified against the stored channel, then a sync in the background. */
  handleNotification: (notification: TGoogleNotification) => Promise<NotificationOutcome>;
  /** Syncs every connected user (the safety net); resolves how many were synced. */
  syncAllConnected: () => Promise<number>;
  /** Replaces the channels that expire within renewBeforeMs; resolves how many. */
  renewExpiringChannels: () => Promise<number>;
  /** Stops the user's channel at Google (best effort) and forgets it and the sync token: for Disconnect. */
  stopChannels: (userId: string) => Promise<void>;
}

const PAGE = 100;

export function createTwoWaySync(deps: TwoWaySyncDeps): TwoWaySync {
  const { google, syncs, watches, tokens, logger } = deps;
  const running = new Map<string, { again: boolean; promise: Promise<UserSyncResult> }>();

  /** One listed event: judged and recorded holding its request's lock (echo rule, google-changes.ts). */
  const processEvent = async (userId: string, event: GoogleEventResource): Promise<boolean> => {
    const eventRequestId = eventRequestIdFromICalUid(event.iCalUID);
    if (!eventRequestId) return false; // not one of ours
    return deps.requestLock.withLock(eventRequestId, async () => {
      const known = await syncs.knownGoogleEvent(userId, eventRequestId);
      // An invitation to someone else's request (a reviewer's copy): its organizer's sync handles it.
      if (!known) return false;
      const change = googleChangeOf(event, known);
      const responses = attendeeResponsesChange(event, known);
      if (responses) await syncs.recordAttendeeResponses(userId, eventRequestId, responses);
      switch (change.kind) {
        case "moved":
          await syncs.recordMovedInGoogle(userId, eventRequestId, {
            google_event_id: event.id,
            google_times: change.google_times,
            etag: event.etag ?? null,
            updated: event.updated ?? null,
            start_date: change.start_date,
            end_date: change.end_date,
          });
          return true;
        case "deleted":
          await syncs.recordDeletedInGoogle(userId, eventRequestId, event.id);
          return true;
        case "none":
          return false;
        default:
          return assertNever(change);
      }
    });
  };

  /** Every page from `syncToken` (null: a full listing); resolves the next sync token. */
  const listFrom = async (userId: string, syncToken: string | null, counted: { changes: number }): Promise<string | null> => {
    let pageToken: string | undefined;
    for (;;) {
      const page = await google.listChanges(userId, { syncToken, ...(pageToken ? { pageToken } : {}) });
      for (const event of page.items ?? []) if (await processEvent(userId, event)) counted.changes++;
      if (page.nextPageToken) pageToken = page.nextPageToken;
      else return page.nextSyncToken ?? null;
    }
  };

  /**
   * A channel for the user unless one lives long enough; the one it replaces is stopped. Saved
   * before Google is asked (we choose its id and token): Google sends its first message ("sync")
   * as soon as the channel exists, which can be before watch answers with the resource id.
   */
  const ensureChannel = async (userId: string, current: StoredChannel | null): Promise<void> => {
    if (!deps.webhookUrl) return;
    if (current && current.expires_at - deps.renewBeforeMs > Date.now()) return;
    const opening = { id: randomUUID(), token: randomBytes(24).toString("base64url"), expires_at: Date.now() + deps.channelTtlMs };
    await watches.saveOpeningChannel(userId, opening);
    let answer: GoogleChannel;
    try {
      answer = await google.watch(userId, { id: opening.id, address: deps.webhookUrl, token: opening.token, expiration: opening.expires_at });
    } catch (error) {
      // Not opened: nothing stays that would accept messages on it.
      await watches.dropOpeningChannel(userId, opening.id);
      throw error;
    }
    const expiresAt = Number(answer.expiration ?? opening.expires_at);
    const channel: StoredChannel = { ...opening, resource_id: answer.resourceId, expires_at: Number.isFinite(expiresAt) ? expiresAt : opening.expires_at };
    const confirmed = await watches.confirmChannel(userId, channel);
    if (!confirmed.confirmed) {
      // Disconnect forgot it while Google was opening it: stop it there too.
      logger.info({ user_id: userId, channel_id: channel.id }, "google push channel opened after a disconnect; stopping it");
      await stopAtGoogle(userId, channel);
      return;
    }
    logger.info({ user_id: userId, channel_id: channel.id, expires_at: channel.expires_at, replaced: confirmed.replaced?.id ?? null }, "google push channel opened");
    if (confirmed.replaced) await stopAtGoogle(userId, confirmed.replaced);
  };

  const stopAtGoogle = async (userId: string, channel: StoredChannel) => {
    // Best effort: an unstopped channel expires by itself, and its notifications find no channel here (404).
    await google.stopChannel(userId, { id: channel.id, resourceId: channel.resource_id }).catch((error: unknown) => logger.warn({ err: error, user_id: userId, channel_id: channel.id }, "google push channel not stopped; it expires by itself"));
  };

  const syncOnce = async (userId: string): Promise<UserSyncResult> => {
    const stored = await watches.get(userId);
    await ensureChannel(userId, stored?.channel ?? null);
    const counted = { changes: 0 };
    let syncToken = stored?.sync_token ?? null;
    for (;;) {
      const isFull = syncToken === null;
      try {
        const next = await listFrom(userId, syncToken, counted);
        await watches.saveSyncToken(userId, next, { isFull });
        return { isFull, changes: counted.changes };
      } catch (error) {
        // The token expired or was invalidated: one full listing, which gives a new token. A 410
        // on the full listing itself is Google failing; it throws like any other error.
        if (!(error instanceof GoogleApiError && error.status === 410) || isFull) throw error;
        logger.info({ user_id: userId }, "google sync token no longer valid: one full sync");
        await watches.saveSyncToken(userId, null);
        syncToken = null;
      }
    }
  };

  const syncUser = (userId: string): Promise<UserSyncResult> => {
    const current = running.get(userId);
    if (current) {
      // A change may have landed after that listing began: one more listing when it ends.
      current.again = true;
      return current.promise;
    }
    const entry = { again: false, promise: Promise.resolve({ isFull: false, changes: 0 }) };
    entry.promise = (async () => {
      let result: UserSyncResult;
      do {
        entry.again = false;
        result = await deps.userLock.withLock(userId, () => syncOnce(userId), { waitMs: 60_000 });
      } while (entry.again);
      return result;
    })().finally(() => running.delete(userId));
    running.set(userId, entry);
    return entry.promise;
  };

  /** A sync whose failure is logged, not thrown: the next notification or pass tries again. */
  const syncInBackground = (userId: string, why: string) =>
    syncUser(userId).catch((error: unknown) => {
      const level = error instanceof NotConnectedError || error instanceof ReconnectRequiredError ? "info" : "warn";
      logger[level]({ err: error, user_id: userId, why }, "google two-way sync failed; the next notification or periodic pass retries");
      return null;
    });

  return {
    syncUser,

    async handleNotification(notification) {
      const found = await watches.findByChannel(notification.channel_id);
      if (!found) return "unknown_channel";
      const { channel } = found;
      if (!isSameSecret(channel.token, notification.channel_token)) return "bad_token";
      // A channel still opening has no resource id yet (its first message, "sync", comes before watch answers): its token is the proof.
      if (channel.resource_id !== null && channel.resource_id !== notification.resource_id) return "bad_token";
      // "sync" only says the channel works.
      if (notification.resource_state !== "sync") void syncInBackground(found.userId, "notification");
      return "accepted";
    },

    async syncAllConnected() {
      let synced = 0;
      let after: string | null = null;
      for (;;) {
        const userIds = await tokens.listConnected(after, PAGE);
        for (const userId of userIds) if ((await syncInBackground(userId, "periodic")) !== null) synced++;
        if (userIds.length < PAGE) return synced;
        after = userIds[userIds.length - 1]!;
      }
    },

    async renewExpiringChannels() {
      const expiring = await watches.listExpiring(Date.now() + deps.renewBeforeMs, PAGE);
      // The sync renews the channel first (ensureChannel), under the user's lock.
      for (const { userId } of expiring) await syncInBackground(userId, "channel renewal");
      return expiring.length;
    },

    async stopChannels(userId) {
      const stored = await watches.get(userId);
      if (stored?.channel) await stopAtGoogle(userId, stored.channel);
      // An opening one too: if its watch still succeeds, ensureChannel finds it gone and stops it at Google.
      await watches.clearChannels(userId);
      await watches.saveSyncToken(userId, null);
    },
  };
}

/** Constant-time comparison of a presented secret with the stored one (digests: equal lengths whatever was sent). */
function isSameSecret(stored: string, presented: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(stored), digest(presented));
}

function assertNever(value: never): never {
  throw new Error(`Unhandled change: ${JSON.stringify(value)}`);
}
