import { useId, useMemo, useState } from "react";
import { useAiUsageCost } from "../../api/ai-usage.ts";
import { AiCreditsLine } from "../../components/AiCreditsLine.tsx";
import { Button } from "../../components/Button.tsx";
import { formatHistoryTime } from "../../lib/chat-history-time.ts";
import { formatCost } from "../../lib/format.ts";
import { monthRange } from "../../lib/month.ts";
import { sampleHistory, type HistoryItem } from "./sample-history.ts";

const MOBILE_QUERY = "(max-width: 768px)";

/** Collapsed by default on a narrow screen (SPEC.md section 2, "Chat page"), read once at mount. */
function isNarrowScreen(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(MOBILE_QUERY).matches;
}

/**
 * The chat sidebar (SPEC.md section 2, "Chat page"): New Chat, this month's AI cost and the
 * sample chat history. 60px wide collapsed, 280px expanded (section 9).
 */
export function ChatSidebar() {
  const [isCollapsed, setIsCollapsed] = useState(isNarrowScreen);
  const [now] = useState(() => new Date());
  const [history, setHistory] = useState<HistoryItem[]>(() => sampleHistory(now));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const contentId = useId();
  const historyHeadingId = useId();

  const range = useMemo(() => monthRange(now.getFullYear(), now.getMonth()), [now]);
  const cost = useAiUsageCost(range);

  const startNewChat = () => {
    setSelectedId(null);
    window.location.assign("/chat");
  };

  const clearHistory = () => {
    setHistory([]);
    setSelectedId(null);
  };

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
          <button type="button" className="chat-sidebar-new-icon" aria-label="New Chat" onClick={startNewChat}>
            <span aria-hidden="true">+</span>
          </button>
        ) : (
          <Button variant="primary" size="small" className="chat-sidebar-new" onClick={startNewChat}>
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

        <section className="chat-history" aria-labelledby={historyHeadingId}>
          <div className="chat-history-header">
            <h2 id={historyHeadingId} className="chat-history-title">
              Chat History
            </h2>
            {history.length > 0 && (
              <Button variant="subtle" size="x-small" aria-label="Clear chat history" onClick={clearHistory}>
                Clear
              </Button>
            )}
          </div>
          {history.length === 0 ? (
            <p className="chat-history-empty">No chat history yet</p>
          ) : (
            <ul className="chat-history-list">
              {history.map((item) => {
                const isSelected = item.id === selectedId;
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      className={`chat-history-item${isSelected ? " chat-history-item--selected" : ""}`}
                      aria-pressed={isSelected}
                      onClick={() => setSelectedId(item.id)}
                    >
                      <span className="chat-history-item-top">
                        <span className="chat-history-item-title">{item.title}</span>
                        <time className="chat-history-item-time" dateTime={item.timestamp}>
                          {formatHistoryTime(item.timestamp, now)}
                        </time>
                      </span>
                      <span className="chat-history-item-preview">{item.preview}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
