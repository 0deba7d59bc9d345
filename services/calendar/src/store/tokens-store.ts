import type { Db } from "mongodb";
import type { TGoogleConnection } from "@amia/contracts";
import { createEvent, type Outbox, type SecretCipher, type WithOutbox } from "@amia/kit";

/**
 * Each user's Google tokens (SPEC.md "User token record", table user_tokens), sealed with
 * AES-256-GCM: the database never holds a token in the clear. Every method takes the user id.
 */

/** Storage name: renaming it strands every stored connection. */
export const USER_TOKENS_COLLECTION = "user_tokens";

/**
 * Stored shape; field names and status values are storage names. `disconnected`: the user
 * disconnected; the tokens are gone (null) and the document stays to carry the event of it.
 */
export interface UserTokensDoc extends WithOutbox {
  _id: string;
  access_token: string | null;
  refresh_token: string | null;
  /** Epoch ms; null when the provider did not say. */
  expires_at: number | null;
  status: "connected" | "reconnect_required" | "disconnected";
  updated_at: string;
}

export interface GoogleTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAtMs: number | null;
  status: Exclude<UserTokensDoc["status"], "disconnected">;
}

export interface TokensStore {
  /** Stores (or replaces) the user's tokens; an absent refresh token keeps the stored one. */
  save: (userId: string, tokens: { accessToken: string; refreshToken?: string | null; expiresAtMs?: number | null }) => Promise<void>;
  get: (userId: string) => Promise<GoogleTokens | null>;
  saveAccessToken: (userId: string, accessToken: string, expiresAtMs: number | null) => Promise<void>;
  markReconnectRequired: (userId: string) => Promise<void>;
  connection: (userId: string) => Promise<TGoogleConnection>;
  /**
   * Removes the user's tokens and, in the same write, emits `calendar.disconnected`. Resolves
   * false when there were none (nothing written, nothing emitted).
   */
  removeTokens: (userId: string, outcome: { wasRevokedAtGoogle: boolean }) => Promise<boolean>;
  /** One page of connected users' ids, in id order after `afterId` (null: from the start): two-way sync's periodic pass. */
  listConnected: (afterId: string | null, limit: number) => Promise<string[]>;
}

const PRODUCER = "calendar";

export function createTokensStore(db: Db, cipher: SecretCipher, outbox: Outbox): TokensStore {
  const collection = db.collection<UserTokensDoc>(USER_TOKENS_COLLECTION);
  const now = () => new Date().toISOString();
  return {
    async save(userId, tokens) {
      const set: Partial<UserTokensDoc> = {
        access_token: cipher.encrypt(tokens.accessToken),
        expires_at: tokens.expiresAtMs ?? null,
        status: "connected",
        updated_at: now(),
      };
      if (tokens.refreshToken) set.refresh_token = cipher.encrypt(tokens.refreshToken);
      const existing = await collection.findOne({ _id: userId });
      if (existing) await collection.updateOne({ _id: userId }, { $set: set });
      else await collection.insertOne({ _id: userId, refresh_token: null, ...(set as Omit<UserTokensDoc, "_id" | "refresh_token">) }).catch(async (error: unknown) => {
        // Two sign-ins at once: the other inserted first; ours is as new, so write over it.
        if ((error as { code?: number }).code !== 11000) throw error;
        await collection.updateOne({ _id: userId }, { $set: set });
      });
    },
    async get(userId) {
      const doc = await collection.findOne({ _id: userId });
      if (!doc || doc.status === "disconnected" || !doc.access_token) return null;
      return {
        accessToken: cipher.decrypt(doc.access_token),
        refreshToken: doc.refresh_token ? cipher.decrypt(doc.refresh_token) : null,
        expiresAtMs: doc.expires_at,
        status: doc.status,
      };
    },
    async saveAccessToken(userId, accessToken, expiresAtMs) {
      await collection.updateOne({ _id: userId }, { $set: { access_token: cipher.encrypt(accessToken), expires_at: expiresAtMs, updated_at: now() } });
    },
    async markReconnectRequired(userId) {
      // Only a live connection: a disconnected one stays disconnected.
      await collection.updateOne({ _id: userId, status: "connected" }, { $set: { status: "reconnect_required", updated_at: now() } });
    },
    async listConnected(afterId, limit) {
      const filter = afterId === null ? { status: "connected" as const } : { status: "connected" as const, _id: { $gt: afterId } };
      const docs = await collection.find(filter, { projection: { _id: 1 } }).sort({ _id: 1 }).limit(limit).toArray();
      return docs.map((doc) => doc._id);
    },
    async connection(userId) {
      const doc = await collection.findOne({ _id: userId }, { projection: { status: 1, updated_at: 1 } });
      if (!doc) return { is_connected: false, status: "not_connected", updated_at: null };
      if (doc.status === "disconnected") return { is_connected: false, status: "not_connected", updated_at: doc.updated_at };
      return { is_connected: doc.status === "connected", status: doc.status, updated_at: doc.updated_at };
    },
    async removeTokens(userId, { wasRevokedAtGoogle }) {
      const event = createEvent(PRODUCER, "calendar.disconnected", { subject: userId, actor_id: userId, data: { user_id: userId, was_revoked_at_google: wasRevokedAtGoogle } });
      const result = await outbox.update(
        collection,
        { _id: userId, status: { $ne: "disconnected" } },
        { $set: { access_token: null, refresh_token: null, expires_at: null, status: "disconnected", updated_at: now() } },
        [event],
      );
      return result.matchedCount > 0;
    },
  };
}
