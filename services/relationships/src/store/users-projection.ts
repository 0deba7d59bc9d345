import type { Collection, Db } from "mongodb";
import { isDuplicateKeyError, type IndexPlan } from "@amia/kit";

/**
 * What this service knows of users, built from identity's `user.*` events (no service reads
 * another's database). Collection `users`; field names are storage names.
 */
export interface ProjectedUser {
  _id: string;
  email: string;
  name: string | null;
  full_name: string | null;
  /**
   * Whether the identity provider vouched for `email`. Only a verified owner receives what was
   * sent to the email (requests waiting for sign-up, requests by email). Missing on users
   * projected before issue 13: counted as not verified until their next `user.*` event.
   */
  email_verified?: boolean;
  /** The `occurred_at` of the event this state came from: the version that orders updates. */
  updated_at: string;
}

export const USERS_COLLECTION = "users";

export const USERS_INDEXES: IndexPlan = {
  [USERS_COLLECTION]: [{ key: { email: 1 }, name: "users_email" }],
};

/** The name to show for a user: full name, else name, else null (the web app falls back to the email). */
export function displayNameOf(user: Pick<ProjectedUser, "name" | "full_name">): string | null {
  return user.full_name ?? user.name ?? null;
}

export function createUsersProjection(db: Db) {
  const users: Collection<ProjectedUser> = db.collection<ProjectedUser>(USERS_COLLECTION);
  return {
    collection: users,

    /**
     * Applies a user's state as of `version` unless a newer (or the same) one is already stored:
     * the filter matches only an older version, and when it matches nothing the upsert's insert
     * hits the `_id` key. So a redelivery or an out-of-order older event changes nothing.
     */
    async apply(user: Omit<ProjectedUser, "updated_at">, version: string): Promise<"applied" | "stale"> {
      const { _id, ...fields } = user;
      try {
        await users.updateOne({ _id, updated_at: { $lt: version } }, { $set: { ...fields, updated_at: version } }, { upsert: true });
        return "applied";
      } catch (error) {
        if (isDuplicateKeyError(error)) return "stale";
        throw error;
      }
    },

    findById: (userId: string) => users.findOne({ _id: userId }),

    /** Names and emails of the people a user's lists show. */
    async findByIds(userIds: string[]): Promise<Map<string, ProjectedUser>> {
      if (userIds.length === 0) return new Map();
      const found = await users.find({ _id: { $in: [...new Set(userIds)] } }).toArray();
      return new Map(found.map((user) => [user._id, user]));
    },

    /**
     * The account that owns an email, if any: one whose provider verified it (the latest to
     * change, should two share it). An account claiming an email unverified owns nothing sent to it.
     */
    findVerifiedOwner: (email: string) => users.find({ email, email_verified: true }).sort({ updated_at: -1 }).limit(1).next(),
  };
}

export type UsersProjection = ReturnType<typeof createUsersProjection>;
