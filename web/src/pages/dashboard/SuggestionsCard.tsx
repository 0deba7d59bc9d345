import { Card } from "../../components/Card.tsx";

/** SPEC.md section 2, Dashboard: "Suggestions" — always empty. */
export function SuggestionsCard() {
  return (
    <Card className="dashboard-card" title="Suggestions">
      <p className="dashboard-empty">No suggestions, well done!</p>
    </Card>
  );
}
