import { describe, expect, it } from "vitest";
import { DEFAULT_USER_SETTINGS } from "@amia/contracts";
import { applySettingsPatch, currentSettings } from "./settings.ts";

const AT = "2026-03-10T12:00:00.000Z";

describe("user settings", () => {
  it("are the defaults until saved: browser's zone, 09:00–17:00 Mon–Fri, sharing off", () => {
    expect(currentSettings(undefined)).toEqual({
      time_zone: null,
      working_hours: { start: "09:00", end: "17:00", days: ["mon", "tue", "wed", "thu", "fri"] },
      share_free_busy: false,
      updated_at: null,
    });
  });

  it("change only the fields a patch names", () => {
    const saved = applySettingsPatch(undefined, { share_free_busy: true }, AT);
    expect(saved).toEqual({ ...DEFAULT_USER_SETTINGS, share_free_busy: true, updated_at: AT });

    const later = applySettingsPatch(saved!, { time_zone: "Europe/Lisbon" }, "2026-03-11T00:00:00.000Z");
    expect(later).toMatchObject({ time_zone: "Europe/Lisbon", share_free_busy: true, working_hours: DEFAULT_USER_SETTINGS.working_hours });
  });

  it("go back to the browser's zone when time_zone is null", () => {
    const saved = applySettingsPatch(undefined, { time_zone: "Asia/Tokyo" }, AT)!;
    expect(applySettingsPatch(saved, { time_zone: null }, AT)?.time_zone).toBeNull();
  });

  it("are not written again by a patch that changes nothing", () => {
    const saved = applySettingsPatch(undefined, { working_hours: { start: "08:00", end: "16:00", days: ["mon", "tue"] } }, AT)!;
    expect(applySettingsPatch(saved, { working_hours: { start: "08:00", end: "16:00", days: ["mon", "tue"] }, share_free_busy: false }, AT)).toBeNull();
    // A first save of the defaults is still a save: the user chose them.
    expect(applySettingsPatch(undefined, { share_free_busy: false }, AT)).toEqual({ ...DEFAULT_USER_SETTINGS, updated_at: AT });
  });
});
