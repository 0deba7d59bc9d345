import { AppError, notFound } from "@amia/kit";
import type { TUpdateUserSettingsBody, TUserSettings } from "@amia/contracts";
import { applySettingsPatch, currentSettings } from "../domain/settings.ts";
import { userSettingsUpdated } from "../events/user-events.ts";
import type { UsersStore } from "../store/users-store.ts";

const MAX_ATTEMPTS = 5;

/**
 * PATCH of the signed-in user's settings: load → decide → save, the settings and their
 * `user.settings-updated` in one document write. Two saves at once: the loser reads again.
 */
export async function updateUserSettings(store: UsersStore, userId: string, patch: TUpdateUserSettingsBody, now = new Date()): Promise<{ settings: TUserSettings; isChanged: boolean }> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const user = await store.findById(userId);
    if (!user) throw notFound("User");
    const next = applySettingsPatch(user.settings, patch, now.toISOString());
    if (!next) return { settings: currentSettings(user.settings), isChanged: false };
    if (await store.replaceSettingsIfUnchanged(userId, user.settings, next, [userSettingsUpdated(userId, next)])) return { settings: next, isChanged: true };
  }
  throw new AppError("conflict", "Your settings are being saved elsewhere; please try again");
}
