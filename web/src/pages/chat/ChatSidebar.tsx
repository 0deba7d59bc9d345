import { useId, useMemo, useState } from "react";
import { useAiUsageCost } from "../../api/ai-usage.ts";
import { AiCreditsLine } from "../../components/AiCreditsLine.tsx";
import { Button } from "../../components/Button.tsx";
import { formatCost } from "../../lib/format.ts";
import { monthRange } from "../../lib/month.ts";
import { ChatHistory, type ChatHistoryProps } from "./ChatHistory.tsx";

const MOBILE_QUERY = "(max-width: 768px)";

/** Collapsed by default on a narrow screen (SPEC.md section 2, "Chat page"), read once at mount. */
function isNarrowScreen(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(MOBILE_QUERY).matches;
}

export interface ChatSidebarProps extends ChatHistoryProps {
  onNewChat: () => void;
}

/**
 * The chat sidebar (SPEC.md section 2, "Chat page"): New Chat, this month's AI cost and the
 * chat history. 60px wide collapsed, 280px expanded (section 9).
 */
export function ChatSidebar({ onNewChat, ...history }: ChatSidebarProps) {
  const [isCollapsed, setIsCollapsed] = useState(isNarrowScreen);
  const [now] = useState(() => new Date());
  const contentId = useId();

  const range = useMemo(() => monthRange(now.getFullYear(), now.getMonth()), [now]);
  const cost = useAiUsageCost(range);

  return (
    <div className={`chat-sidebar ${isCollapsed ? "chat-sidebar--collapsed" : "chat-sidebar--expanded"}`}>
      <div className="chat-sidebar-top">
        <button
          type="button"
          className="chat-sidebar-toggle"
          aria-expanded={!isCollapsed}
          aria-controls={contentId}
          aria-label={isCollapsed ? "Expand sidebar" : "Collapse sidebar"}
          onClick={() => setIsCollapsed((collapsed) => !collapsed)}
        >
          <span aria-hidden="true">{isCollapsed ? "»" : "«"}</span>
        </button>
        {isCollapsed ? (
          <button type="button" className="chat-sidebar-new-icon" aria-label="New Chat" onClick={onNewChat}>
            <span aria-hidden="true">+</span>
          </button>
        ) : (
          <Button variant="primary" size="small" className="chat-sidebar-new" onClick={onNewChat}>
            New Chat
          </Button>
        )}
      </div>

      <div id={contentId} className="chat-sidebar-content" hidden={isCollapsed}>
        <p className="chat-sidebar-cost">
          <span className="chat-sidebar-cost-label">This month</span>
          <span className="chat-sidebar-cost-value">{formatCost(cost.data, 3)}</span>
        </p>
        <AiCreditsLine />

        <ChatHistory {...history} />
      </div>
    </div>
  );
}
