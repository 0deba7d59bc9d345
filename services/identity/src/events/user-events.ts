import { createEvent } from "@amia/kit";
import type { TEventOf } from "@amia/contracts";
import type { StoredSettings } from "../domain/settings.ts";
import type { UserDocument } from "../store/users-store.ts";

export const PRODUCER = "identity";

function snapshot(user: Omit<UserDocument, "outbox">) {
  return {
    user_id: user._id,
    email: user.email,
    name: user.name,
    full_name: user.full_name,
    provider: user.provider,
    email_verified: user.email_verified,
  };
}

export function userRegistered(user: Omit<UserDocument, "outbox">): TEventOf<"user.registered"> {
  return createEvent(PRODUCER, "user.registered", {
    subject: user._id,
    actor_id: user._id,
    data: { ...snapshot(user), created_at: user.created_at },
  });
}

export function userUpdated(user: Omit<UserDocument, "outbox">): TEventOf<"user.updated"> {
  return createEvent(PRODUCER, "user.updated", {
    subject: user._id,
    actor_id: user._id,
    data: { ...snapshot(user), updated_at: user.updated_at },
  });
}

export function userSettingsUpdated(userId: string, settings: StoredSettings): TEventOf<"user.settings-updated"> {
  return createEvent(PRODUCER, "user.settings-updated", {
    subject: userId,
    actor_id: userId,
    data: { user_id: userId, time_zone: settings.time_zone, working_hours: settings.working_hours, share_free_busy: settings.share_free_busy, updated_at: settings.updated_at },
  });
}
