import { AppError, type TInternalUser } from "@amia/kit";
import type { Person } from "../events/relationship-request-events.ts";
import { displayNameOf, type ProjectedUser, type UsersProjection } from "../store/users-projection.ts";

/** A person as shown now: the projection's name and email, else what was known when recorded. */
export function personOf(userId: string, projected: ProjectedUser | null | undefined, recorded: { full_name: string | null; email: string }): Person {
  if (!projected) return { user_id: userId, ...recorded };
  return { user_id: userId, full_name: displayNameOf(projected) ?? recorded.full_name, email: projected.email };
}

/**
 * The signed-in user as a requester: the email from their token (the BFF puts the session's
 * there), else from the projection. With neither, identity's `user.registered` has not reached
 * us yet: a moment later it will have.
 */
export async function actingPerson(users: UsersProjection, actor: TInternalUser): Promise<Person> {
  const projected = await users.findById(actor.id);
  const email = actor.email?.trim().toLowerCase() ?? projected?.email;
  if (!email) throw new AppError("upstream_unavailable", "Your account is still being set up; please try again in a moment");
  return { user_id: actor.id, full_name: projected ? displayNameOf(projected) : null, email };
}
