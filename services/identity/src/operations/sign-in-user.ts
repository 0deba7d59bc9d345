import { AppError } from "@amia/kit";
import type { TUpsertUserOnSignInBody } from "@amia/contracts";
import { changedProfileFields, profileFromSignIn } from "../domain/sign-in.ts";
import { userRegistered, userUpdated } from "../events/user-events.ts";
import type { UserDocument, UsersStore } from "../store/users-store.ts";

const MAX_ATTEMPTS = 5;

/**
 * Upsert on sign-in: the first sign-in of an identity creates the user (`user.registered`);
 * later ones refresh its profile and `last_sign_in_at` (`user.updated` only when the profile
 * changed). Each write carries its event in the same document write.
 */
export async function signInUser(store: UsersStore, body: TUpsertUserOnSignInBody, now = new Date()): Promise<{ user: UserDocument; isNew: boolean }> {
  const at = now.toISOString();
  const profile = profileFromSignIn(body);
  // Concurrent first sign-ins race on the unique identity index; concurrent later ones on the
  // version check. Each loser reads again.
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const stored = await store.findByIdentity(body.issuer, body.subject);
    if (!stored) {
      const fields = { issuer: body.issuer, subject: body.subject, ...profile, created_at: at, updated_at: at, last_sign_in_at: at };
      const created = await store.insertNew(fields, (id) => [userRegistered({ _id: id, ...fields })]);
      if (created) return { user: created, isNew: true };
      continue;
    }
    const changed = changedProfileFields(stored, profile);
    const changes: Partial<UserDocument> = changed.length > 0 ? { ...profile, updated_at: at, last_sign_in_at: at } : { last_sign_in_at: at };
    const next = { ...stored, ...changes };
    if (await store.updateIfUnchanged(stored, changes, changed.length > 0 ? [userUpdated(next)] : [])) return { user: next, isNew: false };
  }
  throw new AppError("conflict", "This account is being updated by another sign-in; please try again");
}
