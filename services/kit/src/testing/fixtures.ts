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
