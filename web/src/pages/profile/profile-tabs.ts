/*
 * The Profile screen's tabs (SPEC.md sections 2 and 9). The ids are the `?tab=` values in the
 * address bar: links and bookmarks use them, so never rename.
 */

export const PROFILE_TABS = [
  { id: "account-information", label: "Account" },
  { id: "settings", label: "Settings" },
  { id: "relationships", label: "Relationships" },
  { id: "ai-usage", label: "AI Usage" },
] as const;

export type ProfileTabId = (typeof PROFILE_TABS)[number]["id"];

export const DEFAULT_PROFILE_TAB: ProfileTabId = "account-information";

export function isProfileTabId(value: string | null | undefined): value is ProfileTabId {
  return PROFILE_TABS.some((tab) => tab.id === value);
}

/** The tab a `?tab=` value names; missing or unknown values fall back to the Account tab. */
export function parseProfileTab(value: string | null | undefined): ProfileTabId {
  return isProfileTabId(value) ? value : DEFAULT_PROFILE_TAB;
}

export function profileTabLabel(id: ProfileTabId): string {
  return PROFILE_TABS.find((tab) => tab.id === id)?.label ?? "";
}

/**
 * The tab a key press in the tab list moves to (WAI-ARIA tabs pattern, horizontal): arrows wrap
 * around, Home and End go to the ends. null for any other key.
 */
export function tabAfterKey(current: ProfileTabId, key: string): ProfileTabId | null {
  const index = PROFILE_TABS.findIndex((tab) => tab.id === current);
  const count = PROFILE_TABS.length;
  let next: number;
  switch (key) {
    case "ArrowRight":
      next = (index + 1) % count;
      break;
    case "ArrowLeft":
      next = (index - 1 + count) % count;
      break;
    case "Home":
      next = 0;
      break;
    case "End":
      next = count - 1;
      break;
    default:
      return null;
  }
  return PROFILE_TABS[next]?.id ?? null;
}
