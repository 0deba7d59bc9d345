import { randomUUID } from "node:crypto";
import type { Collection, Db } from "mongodb";
import { isDuplicateKeyError, type IndexPlan } from "@amia/kit";
import type { TFactor, TFactorStatus, TFactorType } from "@amia/contracts";
import { decideTry, WRONG_CODE_WINDOW_MS, type TryDecision } from "../domain/factor-tries.ts";

/**
 * Second factors (collection `factors`) and the count of tries at their codes (collection
 * `factor_tries`). Every method takes the owner's id: there is no lookup that forgets whose
 * factor it is. Storage names: field and collection names are wire names of the database.
 */
export interface FactorDocument {
  _id: string;
  user_id: string;
  factor_type: TFactorType;
  status: TFactorStatus;
  /** The TOTP secret, sealed (kit's secret cipher, AES-256-GCM): never stored in the clear. */
  secret: string;
  created_at: string;
  verified_at: string | null;
  /** The last 30-second step whose code was accepted (-1: none yet); a code of that step or an earlier one is refused. */
  last_used_step: number;
  /** Keyed hashes of the recovery codes not used yet. */
  recovery_codes: string[];
  /** When a sign-in last passed this factor ("MFA challenge verified"). */
  last_challenge_verified_at: string | null;
}

/** One window of tries per user: `_id` is the user id. */
interface FactorTriesDocument {
  _id: string;
  window_start: number;
  count: number;
}

export const FACTORS_COLLECTION = "factors";
export const FACTOR_TRIES_COLLECTION = "factor_tries";

export const FACTORS_INDEXES: IndexPlan = {
  // One factor per user (set up, or waiting for its first code): a second enrolment replaces an
  // unverified one, and two at once cannot both stay.
  [FACTORS_COLLECTION]: [{ key: { user_id: 1 }, name: "factors_user_unique", unique: true }],
};

export function toFactor(doc: FactorDocument): TFactor {
  return {
    id: doc._id,
    factor_type: doc.factor_type,
    status: doc.status,
    created_at: doc.created_at,
    verified_at: doc.verified_at,
    recovery_codes_left: doc.status === "verified" ? doc.recovery_codes.length : 0,
  };
}

export function createFactorsStore(db: Db) {
  const factors: Collection<FactorDocument> = db.collection<FactorDocument>(FACTORS_COLLECTION);
  const tries: Collection<FactorTriesDocument> = db.collection<FactorTriesDocument>(FACTOR_TRIES_COLLECTION);

  return {
    collection: factors,

    /** The user's factor, if any (at most one). */
    findFor: (userId: string) => factors.findOne({ user_id: userId }),

    /**
     * A new unverified factor in place of an unverified one the user may have left; undefined
     * when the user has a verified factor (or another enrolment won a race).
     */
    async enrollFor(userId: string, fields: Pick<FactorDocument, "factor_type" | "secret" | "created_at">): Promise<FactorDocument | undefined> {
      await factors.deleteOne({ user_id: userId, status: "unverified" });
      const doc: FactorDocument = { _id: randomUUID(), user_id: userId, status: "unverified", verified_at: null, last_used_step: -1, recovery_codes: [], last_challenge_verified_at: null, ...fields };
      try {
        await factors.insertOne(doc);
        return doc;
      } catch (error) {
        if (isDuplicateKeyError(error)) return undefined;
        throw error;
      }
    },

    /** Unverified → verified with its first code's step and its recovery codes; false if that step was used or the factor changed. */
    async markVerified(userId: string, factorId: string, step: number, recoveryCodeHashes: string[], at: string): Promise<boolean> {
      const result = await factors.updateOne(
        { _id: factorId, user_id: userId, status: "unverified", last_used_step: { $lt: step } },
        { $set: { status: "verified", verified_at: at, last_used_step: step, recovery_codes: recoveryCodeHashes } },
      );
      return result.matchedCount === 1;
    },

    /** Takes the step of an accepted code; false when it (or a later one) was taken meanwhile: a replay. */
    async useStep(userId: string, factorId: string, step: number): Promise<boolean> {
      const result = await factors.updateOne({ _id: factorId, user_id: userId, last_used_step: { $lt: step } }, { $set: { last_used_step: step } });
      return result.matchedCount === 1;
    },

    /** Uses up a recovery code (by its hash); false when the factor has no such unused code. */
    async useRecoveryCode(userId: string, factorId: string, hash: string): Promise<boolean> {
      const result = await factors.updateOne({ _id: factorId, user_id: userId, status: "verified", recovery_codes: hash }, { $pull: { recovery_codes: hash } });
      return result.matchedCount === 1;
    },

    async recordChallengeVerified(userId: string, factorId: string, at: string): Promise<void> {
      await factors.updateOne({ _id: factorId, user_id: userId }, { $set: { last_challenge_verified_at: at } });
    },

    async remove(userId: string, factorId: string): Promise<boolean> {
      const result = await factors.deleteOne({ _id: factorId, user_id: userId });
      return result.deletedCount === 1;
    },

    /**
     * Counts a try against the user's window (a new window when the last one has ended), in one
     * atomic write, and decides on the count it left; `windowStart` names the window for `giveBack`.
     */
    async countTry(userId: string, nowMs: number): Promise<TryDecision & { windowStart: number }> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const counted = await tries.findOneAndUpdate({ _id: userId, window_start: { $gt: nowMs - WRONG_CODE_WINDOW_MS } }, { $inc: { count: 1 } }, { returnDocument: "after" });
        if (counted) return { ...decideTry(counted.count, counted.window_start, nowMs), windowStart: counted.window_start };
        try {
          // No window, or an ended one: start one. A concurrent first try inserts too; the loser counts again.
          const started = await tries.updateOne({ _id: userId, window_start: { $lte: nowMs - WRONG_CODE_WINDOW_MS } }, { $set: { window_start: nowMs, count: 1 } }, { upsert: true });
          if (started.matchedCount === 1 || started.upsertedCount === 1) return { isAllowed: true, windowStart: nowMs };
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
      }
      throw new Error("could not count a try at a code");
    },

    /** A right code: its try does not count against the window it was counted in. */
    async giveBack(userId: string, windowStart: number): Promise<void> {
      await tries.updateOne({ _id: userId, window_start: windowStart, count: { $gt: 0 } }, { $inc: { count: -1 } });
    },
  };
}

export type FactorsStore = ReturnType<typeof createFactorsStore>;
