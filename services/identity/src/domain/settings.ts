import { DEFAULT_USER_SETTINGS, type TUpdateUserSettingsBody, type TUserSettings } from "@amia/contracts";

/** A user's settings as stored: absent on users who never saved any. */
export type StoredSettings = TUserSettings & { updated_at: string };

/** What the user has now: their saved settings, or the defaults (sharing off, 09:00–17:00 Mon–Fri). */
export function currentSettings(stored: StoredSettings | undefined): TUserSettings {
  return stored ?? DEFAULT_USER_SETTINGS;
}

const sameWorkingHours = (a: TUserSettings["working_hours"], b: TUserSettings["working_hours"]) =>
  a.start === b.start && a.end === b.end && a.days.length === b.days.length && a.days.every((day, index) => b.days[index] === day);

/**
 * The settings after a PATCH, or null when it changes nothing (then nothing is written and no
 * `user.settings-updated` is emitted: a save of the same values is not news to anyone).
 */
export function applySettingsPatch(stored: StoredSettings | undefined, patch: TUpdateUserSettingsBody, at: string): StoredSettings | null {
  const current = currentSettings(stored);
  const next = {
    time_zone: patch.time_zone === undefined ? current.time_zone : patch.time_zone,
    working_hours: patch.working_hours ?? current.working_hours,
    share_free_busy: patch.share_free_busy ?? current.share_free_busy,
  };
  const isUnchanged =
    stored !== undefined &&
    next.time_zone === current.time_zone &&
    next.share_free_busy === current.share_free_busy &&
    sameWorkingHours(next.working_hours, current.working_hours);
  return isUnchanged ? null : { ...next, updated_at: at };
}
