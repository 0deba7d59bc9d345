import type { TSessionUser, TUserProfile } from "@amia/contracts";

/**
 * The session user (SPEC.md section 3) from identity's profile. The provider tells us whether
 * it vouches for the email, not when; we date the confirmation at the user's first sign-in.
 */
export function toSessionUser(profile: TUserProfile): TSessionUser {
  return {
    id: profile.id,
    email: profile.email,
    user_metadata: { name: profile.name, full_name: profile.full_name },
    app_metadata: { provider: profile.provider },
    email_confirmed_at: profile.email_verified ? profile.created_at : null,
    created_at: profile.created_at,
    last_sign_in_at: profile.last_sign_in_at,
  };
}
