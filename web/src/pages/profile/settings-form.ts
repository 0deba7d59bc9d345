import { WEEKDAYS, ZUpdateUserSettingsBodySchema, type TFieldError, type TUpdateUserSettingsBody, type TUserSettings, type TWeekday } from "@amia/contracts";
import { fieldMessage } from "../../lib/errors.ts";

/*
 * The Settings tab's form: what it shows for the stored settings, and the body it saves, checked
 * with the same contract the server checks (so most mistakes are named before a round trip).
 */

export interface SettingsForm {
  time_zone: string;
  start: string;
  end: string;
  days: TWeekday[];
  share_free_busy: boolean;
}

export type SettingsFormField = "time_zone" | "start" | "end" | "days" | "share_free_busy";
export type SettingsFormErrors = Partial<Record<SettingsFormField, string>>;

export const WEEKDAY_LABELS: Record<TWeekday, { short: string; long: string }> = {
  mon: { short: "Mon", long: "Monday" },
  tue: { short: "Tue", long: "Tuesday" },
  wed: { short: "Wed", long: "Wednesday" },
  thu: { short: "Thu", long: "Thursday" },
  fri: { short: "Fri", long: "Friday" },
  sat: { short: "Sat", long: "Saturday" },
  sun: { short: "Sun", long: "Sunday" },
};

/** The form for stored settings; a zone never chosen shows the browser's. */
export function formFromSettings(settings: TUserSettings, browserZone: string): SettingsForm {
  return {
    time_zone: settings.time_zone ?? browserZone,
    start: settings.working_hours.start,
    end: settings.working_hours.end,
    days: [...settings.working_hours.days],
    share_free_busy: settings.share_free_busy,
  };
}

/** `days` with `day` switched on or off, in week order. */
export function toggledDay(days: readonly TWeekday[], day: TWeekday): TWeekday[] {
  const next = days.includes(day) ? days.filter((other) => other !== day) : [...days, day];
  return WEEKDAYS.filter((candidate) => next.includes(candidate));
}

/** The form field a wire path belongs to (the longest prefix that names one wins). */
const FIELD_BY_PATH: Record<string, SettingsFormField> = {
  time_zone: "time_zone",
  working_hours: "start",
  "working_hours.start": "start",
  "working_hours.end": "end",
  "working_hours.days": "days",
  share_free_busy: "share_free_busy",
};

/** A 400's field errors (or the contract's own issues) in plain words, next to their form field. */
export function settingsFieldErrors(fields: readonly TFieldError[]): SettingsFormErrors {
  const errors: SettingsFormErrors = {};
  for (const { path, message } of fields) {
    const key = Object.keys(FIELD_BY_PATH)
      .filter((candidate) => path === candidate || path.startsWith(`${candidate}.`))
      .sort((a, b) => b.length - a.length)[0];
    const words = fieldMessage("settings", path, message);
    if (key && words && !errors[FIELD_BY_PATH[key]!]) errors[FIELD_BY_PATH[key]!] = words;
  }
  return errors;
}

/** The PATCH body for the form, or the errors to show instead of saving. */
export function settingsBodyFromForm(form: SettingsForm): { body: TUpdateUserSettingsBody } | { errors: SettingsFormErrors } {
  const body = {
    time_zone: form.time_zone.trim(),
    working_hours: { start: form.start, end: form.end, days: form.days },
    share_free_busy: form.share_free_busy,
  };
  const parsed = ZUpdateUserSettingsBodySchema.safeParse(body);
  if (parsed.success) return { body: parsed.data };
  return { errors: settingsFieldErrors(parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }))) };
}
