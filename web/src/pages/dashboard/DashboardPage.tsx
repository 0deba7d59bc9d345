import { useState } from "react";
import { usePageTitle } from "../usePageTitle.ts";
import { ChatInputCard } from "./ChatInputCard.tsx";
import { CreateRelationshipModal } from "./CreateRelationshipModal.tsx";
import { NotificationsCard } from "./NotificationsCard.tsx";
import { PendingDraftsCard } from "./PendingDraftsCard.tsx";
import { QuickActionsCard } from "./QuickActionsCard.tsx";
import { SuggestionsCard } from "./SuggestionsCard.tsx";
import { TodaysTasksCard } from "./TodaysTasksCard.tsx";
import { UpcomingEventsCard } from "./UpcomingEventsCard.tsx";
import "./DashboardPage.css";

/** SPEC.md section 2, "Dashboard (/dashboard)": two columns on desktop, one on mobile. */
export function DashboardPage() {
  usePageTitle("Dashboard");
  const [isRelationshipOpen, setIsRelationshipOpen] = useState(false);

  return (
    <div className="page dashboard">
      <h1 className="page__title">Dashboard</h1>
      <div className="dashboard-columns">
        <div className="dashboard-column dashboard-column--left">
          <ChatInputCard />
          <NotificationsCard />
          <UpcomingEventsCard />
          <QuickActionsCard onOpenRelationships={() => setIsRelationshipOpen(true)} />
        </div>
        <div className="dashboard-column dashboard-column--right">
          <SuggestionsCard />
          <PendingDraftsCard />
          <TodaysTasksCard />
        </div>
      </div>
      <CreateRelationshipModal open={isRelationshipOpen} onClose={() => setIsRelationshipOpen(false)} />
    </div>
  );
}

export default DashboardPage;
