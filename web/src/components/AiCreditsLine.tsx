import { useAiCredits } from "../api/ai-usage.ts";
import { creditsSummary } from "../lib/ai-credits.ts";
import "./AiCreditsLine.css";

/**
 * This month's AI credits in one line, "3 of 10 AI credits used · 7 left" (the chat sidebar),
 * with a line of its own while they load and when they cannot be read.
 */
export function AiCreditsLine() {
  const credits = useAiCredits();
  if (credits.isPending) return <p className="ai-credits-line">Loading AI credits…</p>;
  if (credits.isError) return <p className="ai-credits-line">AI credits unavailable</p>;
  const isOver = credits.data.is_over_budget;
  return (
    <p className={`ai-credits-line${isOver ? " ai-credits-line--over" : ""}`} title={isOver ? "The assistant works offline until your credits renew" : undefined}>
      {creditsSummary(credits.data)}
    </p>
  );
}
