import { useRef, type KeyboardEvent } from "react";
import { useSearchParams } from "react-router-dom";
import { useAuth } from "../../auth/AuthProvider.tsx";
import { DropdownMenu } from "../../components/DropdownMenu.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { usePageTitle } from "../usePageTitle.ts";
import { AccountTab } from "./AccountTab.tsx";
import { AiUsageTab } from "./AiUsageTab.tsx";
import { RelationshipsTab } from "./RelationshipsTab.tsx";
import { SettingsTab } from "./SettingsTab.tsx";
import { PROFILE_TABS, parseProfileTab, profileTabLabel, tabAfterKey, type ProfileTabId } from "./profile-tabs.ts";
import "./ProfilePage.css";

const tabId = (id: ProfileTabId) => `profile-tab-${id}`;
const panelId = (id: ProfileTabId) => `profile-panel-${id}`;

/** SPEC.md section 2, "Profile (/profile)": the tab is the `?tab=` query parameter. */
export function ProfilePage() {
  usePageTitle("Profile");
  const { user, loading } = useAuth();
  const [params, setParams] = useSearchParams();
  const selected = parseProfileTab(params.get("tab"));
  const tabRefs = useRef(new Map<ProfileTabId, HTMLButtonElement>());

  if (loading) return <Spinner label="Loading profile" />;

  if (!user) {
    return (
      <div className="page profile">
        <header className="profile-header">
          <h1 className="profile-title">Not authenticated</h1>
          <p className="profile-subtitle">Please log in to view your profile.</p>
        </header>
      </div>
    );
  }

  const select = (id: ProfileTabId) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("tab", id);
        return next;
      },
      { replace: true },
    );
  };

  // Automatic activation: arrows, Home and End move the focus and select the tab they land on.
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabAfterKey(selected, event.key);
    if (!next) return;
    event.preventDefault();
    select(next);
    tabRefs.current.get(next)?.focus();
  };

  return (
    <div className="page profile">
      <header className="profile-header">
        <h1 className="profile-title">Profile</h1>
        <p className="profile-subtitle">Your account information and settings</p>
      </header>

      <div className="profile-tabs" role="tablist" aria-label="Profile sections">
        {PROFILE_TABS.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              className={`profile-tab${isSelected ? " profile-tab--selected" : ""}`}
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId(tab.id) : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => select(tab.id)}
              onKeyDown={onTabKeyDown}
            >
              {tab.label}
            </button>
          );
        })}
      </div>

      <div className="profile-tabs-mobile">
        <DropdownMenu
          label={
            <span className="profile-tabs-mobile-label">
              {profileTabLabel(selected)}
              <span aria-hidden="true"> ▾</span>
            </span>
          }
          ariaLabel={`Profile section: ${profileTabLabel(selected)}`}
          buttonClassName="profile-tabs-mobile-button"
          items={PROFILE_TABS.map((tab) => ({ label: tab.label, onSelect: () => select(tab.id) }))}
        />
      </div>

      <div className="profile-panel" role="tabpanel" id={panelId(selected)} aria-labelledby={tabId(selected)} tabIndex={0}>
        {selected === "account-information" && <AccountTab user={user} />}
        {selected === "settings" && <SettingsTab />}
        {selected === "relationships" && <RelationshipsTab />}
        {selected === "ai-usage" && <AiUsageTab />}
      </div>
    </div>
  );
}

export default ProfilePage;
