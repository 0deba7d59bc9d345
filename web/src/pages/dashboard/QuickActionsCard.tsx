import { Button, ButtonLink } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";

/** SPEC.md section 2, Dashboard: "Quick Actions". */
export function QuickActionsCard({ onOpenRelationships }: { onOpenRelationships: () => void }) {
  return (
    <Card className="dashboard-card" title="Quick Actions">
      <div className="dashboard-actions">
        <ButtonLink to="/events/new" variant="primary" size="small">
          Create Event
        </ButtonLink>
        <Button variant="secondary" size="small" onClick={onOpenRelationships}>
          Relationships
        </Button>
        <Button variant="secondary" size="small" disabled>
          Add Task
        </Button>
        {/* Issue 16 point 4: the spec's disabled button opens the calendar view. */}
        <ButtonLink to="/calendar" variant="secondary" size="small">
          Full Calendar
        </ButtonLink>
      </div>
    </Card>
  );
}
