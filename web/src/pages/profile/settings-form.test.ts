import { describe, expect, it } from "vitest";
import { DEFAULT_USER_SETTINGS } from "@amia/contracts";
import { formFromSettings, settingsBodyFromForm, settingsFieldErrors, toggledDay } from "./settings-form.ts";

const defaults = formFromSettings(DEFAULT_USER_SETTINGS, "Europe/Lisbon");

describe("the settings form", () => {
  it("shows the browser's zone until one is saved, and the saved one after", () => {
    expect(defaults).toEqual({ time_zone: "Europe/Lisbon", start: "09:00", end: "17:00", days: ["mon", "tue", "wed", "thu", "fri"], share_free_busy: false });
    expect(formFromSettings({ ...DEFAULT_USER_SETTINGS, time_zone: "Asia/Tokyo" }, "Europe/Lisbon").time_zone).toBe("Asia/Tokyo");
  });

  it("keeps the working days in week order, whatever order they are switched on", () => {
    expect(toggledDay(["wed", "fri"], "mon")).toEqual(["mon", "wed", "fri"]);
    expect(toggledDay(["mon", "wed"], "mon")).toEqual(["wed"]);
  });

  it("saves the whole form as the PATCH body", () => {
    expect(settingsBodyFromForm({ ...defaults, time_zone: " America/New_York ", share_free_busy: true })).toEqual({
      body: { time_zone: "America/New_York", working_hours: { start: "09:00", end: "17:00", days: ["mon", "tue", "wed", "thu", "fri"] }, share_free_busy: true },
    });
  });

  it("names each mistake in plain words next to its field instead of saving", () => {
    expect(settingsBodyFromForm({ ...defaults, time_zone: "Nowhere/Atlantis", start: "18:00", days: [] })).toEqual({
      errors: {
        time_zone: "Choose a time zone from the list, such as Europe/Lisbon.",
        end: "Your working day must end after it starts.",
        days: "Choose at least one working day.",
      },
    });
    expect(settingsBodyFromForm({ ...defaults, start: "" })).toEqual({ errors: { start: "Enter the time your working day starts." } });
  });

  it("places the server's field errors with the same words, ignoring paths it has no field for", () => {
    expect(settingsFieldErrors([
      { path: "working_hours.end", message: "working_hours.end must be after working_hours.start" },
      { path: "colour", message: "Unrecognized key" },
    ])).toEqual({ end: "Your working day must end after it starts." });
  });
});
