import type { TUpsertUserOnSignInBody } from "@amia/contracts";

/** The identity provider's view of a user, as stored (null where it said nothing). */
export interface ProviderProfile {
  provider: string;
  email: string;
  email_verified: boolean;
  name: string | null;
  full_name: string | null;
}

export function profileFromSignIn(body: TUpsertUserOnSignInBody): ProviderProfile {
  return {
    provider: body.provider,
    email: body.email,
    email_verified: body.email_verified,
    name: body.name ?? null,
    full_name: body.full_name ?? body.name ?? null,
  };
}

/**
 * Which profile fields a sign-in changed. A sign-in that changes nothing but the time is not an
 * update other services care about, so it emits no `user.updated`.
 */
export function changedProfileFields(stored: ProviderProfile, incoming: ProviderProfile): Array<keyof ProviderProfile> {
  const fields: Array<keyof ProviderProfile> = ["provider", "email", "email_verified", "name", "full_name"];
  return fields.filter((field) => stored[field] !== incoming[field]);
}
