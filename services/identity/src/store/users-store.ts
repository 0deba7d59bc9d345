import { randomUUID } from "node:crypto";
import type { Collection, Db } from "mongodb";
import { isDuplicateKeyError, type IndexPlan, type Outbox, type WithOutbox } from "@amia/kit";
import type { TDomainEvent, TUserProfile } from "@amia/contracts";
import type { StoredSettings } from "../domain/settings.ts";
import type { ProviderProfile } from "../domain/sign-in.ts";

/** Storage shape of a user (collection `users`); field names are the wire names. */
export interface UserDocument extends ProviderProfile, WithOutbox {
  _id: string;
  issuer: string;
  subject: string;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string | null;
  /** Absent until the user first saves settings (then the defaults apply). */
  settings?: StoredSettings;
}

export const USERS_COLLECTION = "users";

export const USERS_INDEXES: IndexPlan = {
  [USERS_COLLECTION]: [
    // One user per identity at the provider; a second concurrent first sign-in hits this.
    { key: { issuer: 1, subject: 1 }, name: "users_issuer_subject_unique", unique: true },
    { key: { email: 1 }, name: "users_email" },
  ],
};

export function toUserProfile(doc: UserDocument): TUserProfile {
  return {
    id: doc._id,
    issuer: doc.issuer,
    subject: doc.subject,
    provider: doc.provider,
    email: doc.email,
    email_verified: doc.email_verified,
    name: doc.name,
    full_name: doc.full_name,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    last_sign_in_at: doc.last_sign_in_at,
  };
}

export function createUsersStore(db: Db, outbox: Outbox) {
  const users: Collection<UserDocument> = db.collection<UserDocument>(USERS_COLLECTION);
  return {
    collection: users,

    /** Inserts a new user with its events; undefined when the identity already has a user. */
    async insertNew(fields: Omit<UserDocument, "_id" | keyof WithOutbox>, eventsFor: (id: string) => TDomainEvent[]): Promise<UserDocument | undefined> {
      const id = randomUUID();
      const doc: UserDocument = { _id: id, ...fields };
      try {
        await outbox.insert(users, doc, eventsFor(id));
        return doc;
      } catch (error) {
        if (isDuplicateKeyError(error)) return undefined;
        throw error;
      }
    },

    findByIdentity: (issuer: string, subject: string) => users.findOne({ issuer, subject }),

    /**
     * Applies a sign-in to a stored user only if nobody changed it since it was read
     * (`updated_at` as the version); false means read again and retry.
     */
    async updateIfUnchanged(stored: UserDocument, changes: Partial<UserDocument>, events: TDomainEvent[]): Promise<boolean> {
      const result = await outbox.update(users, { _id: stored._id, updated_at: stored.updated_at }, { $set: changes }, events);
      return result.matchedCount === 1;
    },

    /**
     * Replaces the user's settings and appends their events in one write, only if the settings
     * are still `previous` (their `updated_at` as the version, separate from the profile's, so a
     * sign-in meanwhile does not conflict); false means read again and retry.
     */
    async replaceSettingsIfUnchanged(userId: string, previous: StoredSettings | undefined, next: StoredSettings, events: TDomainEvent[]): Promise<boolean> {
      const unchanged = previous ? { "settings.updated_at": previous.updated_at } : { settings: { $exists: false } };
      const result = await outbox.update(users, { _id: userId, ...unchanged }, { $set: { settings: next } }, events);
      return result.matchedCount === 1;
    },

    /** The user with this id: only ever asked for by that user, or by a service. */
    findById: (userId: string) => users.findOne({ _id: userId }),

    /** The most recently active user with this email (several providers may share one). */
    findByEmail: (email: string) => users.find({ email }).sort({ last_sign_in_at: -1 }).limit(1).next(),
  };
}

export type UsersStore = ReturnType<typeof createUsersStore>;
