import { randomUUID } from "node:crypto";
import type { TEventOf } from "@amia/contracts";
import { createEvent } from "../bus/create-event.ts";

/** A valid `user.registered` event for tests of the plumbing; `subject` picks its partition. */
export function userRegistered(subject: string = randomUUID()): TEventOf<"user.registered"> {
  return createEvent("identity", "user.registered", {
    subject,
    actor_id: subject,
    data: {
      user_id: subject,
      email: `${subject.slice(0, 8)}@example.com`,
      name: "Ana Silva",
      full_name: "Ana Silva",
      provider: "google",
      email_verified: true,
      created_at: new Date().toISOString(),
    },
  });
}

/** What the relationships service announces when `a` and `b` become connected (`relationshipId` picks its partition). */
export function relationshipCreated(relationshipId: string, a: { id: string }, b: { id: string }): TEventOf<"relationship.created"> {
  return createEvent("relationships", "relationship.created", {
    subject: relationshipId,
    actor_id: b.id,
    data: {
      relationship_id: relationshipId,
      users: [{ user_id: a.id, full_name: null, email: `${a.id}@example.com` }, { user_id: b.id, full_name: null, email: `${b.id}@example.com` }],
      request_id: null,
      created_at: new Date().toISOString(),
    },
  });
}
