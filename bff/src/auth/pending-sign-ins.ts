import type { Redis } from "ioredis";
import { z } from "zod";
import { newCookieSecret, secretHash } from "./sign-in-cookies.ts";

/**
 * A sign-in waiting for its second factor: the provider vouched for the user, who has a verified
 * factor, so no session exists yet. Kept in Redis under the hash of the id its cookie carries,
 * for 5 minutes; taken (GETDEL) when the code passes, so it makes one session at most.
 */

/** Storage shape (JSON in Redis). */
const ZPendingSignInSchema = z.object({
  user_id: z.string().min(1),
  email: z.string(),
  return_to: z.string().nullable(),
  /** Epoch ms of the provider's step. */
  created_at: z.number(),
});
export type TPendingSignIn = z.infer<typeof ZPendingSignInSchema>;

/** Key name in Redis (expires by itself). */
const KEY_PREFIX = "bff:mfa-pending:";
export const PENDING_SIGN_IN_TTL_SECONDS = 5 * 60;

export interface PendingSignIns {
  /** Saves one; returns the id for its cookie. */
  create: (pending: Omit<TPendingSignIn, "created_at">) => Promise<string>;
  read: (id: string) => Promise<TPendingSignIn | undefined>;
  /** Removes it as it is read: of two requests at once, one gets it. */
  take: (id: string) => Promise<TPendingSignIn | undefined>;
}

export function pendingSignInKey(id: string): string {
  return KEY_PREFIX + secretHash(id);
}

export function createPendingSignIns(redis: Redis, now: () => number = Date.now): PendingSignIns {
  const parse = (raw: string | null) => {
    if (raw === null) return undefined;
    try {
      const parsed = ZPendingSignInSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    async create(pending) {
      const id = newCookieSecret();
      await redis.set(pendingSignInKey(id), JSON.stringify({ ...pending, created_at: now() }), "EX", PENDING_SIGN_IN_TTL_SECONDS);
      return id;
    },
    read: async (id) => parse(await redis.get(pendingSignInKey(id))),
    take: async (id) => parse(await redis.getdel(pendingSignInKey(id))),
  };
}
