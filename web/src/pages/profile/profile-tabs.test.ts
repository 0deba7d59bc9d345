import { describe, expect, it } from "vitest";
import { PROFILE_TABS, parseProfileTab, profileTabLabel, tabAfterKey } from "./profile-tabs.ts";

describe("profile tabs", () => {
  it("has the four tabs of SPEC section 9 in order", () => {
    expect(PROFILE_TABS.map((tab) => tab.id)).toEqual(["account-information", "settings", "relationships", "ai-usage"]);
    expect(PROFILE_TABS.map((tab) => tab.label)).toEqual(["Account", "Settings", "Relationships", "AI Usage"]);
  });

  it("reads a known ?tab= value as that tab", () => {
    expect(parseProfileTab("ai-usage")).toBe("ai-usage");
    expect(parseProfileTab("relationships")).toBe("relationships");
  });

  it("falls back to account-information when the value is missing or unknown", () => {
    expect(parseProfileTab(null)).toBe("account-information");
    expect(parseProfileTab(undefined)).toBe("account-information");
    expect(parseProfileTab("")).toBe("account-information");
    expect(parseProfileTab("billing")).toBe("account-information");
    expect(parseProfileTab("AI-USAGE")).toBe("account-information");
  });

  it("labels a tab", () => {
    expect(profileTabLabel("ai-usage")).toBe("AI Usage");
  });

  it("moves with the arrow keys, wrapping at the ends", () => {
    expect(tabAfterKey("account-information", "ArrowRight")).toBe("settings");
    expect(tabAfterKey("ai-usage", "ArrowRight")).toBe("account-information");
    expect(tabAfterKey("account-information", "ArrowLeft")).toBe("ai-usage");
    expect(tabAfterKey("relationships", "ArrowLeft")).toBe("settings");
  });

  it("jumps to the ends with Home and End, and ignores other keys", () => {
    expect(tabAfterKey("relationships", "Home")).toBe("account-information");
    expect(tabAfterKey("settings", "End")).toBe("ai-usage");
    expect(tabAfterKey("settings", "Enter")).toBeNull();
    expect(tabAfterKey("settings", "ArrowDown")).toBeNull();
  });
});
