import { useState } from "react";
import { Card } from "../../components/Card.tsx";

/** SPEC.md section 2, Dashboard: "Today's Tasks" — local only, nothing adds to it yet. */
export function TodaysTasksCard() {
  const [tasks] = useState<string[]>([]);
  return (
    <Card className="dashboard-card" title="Today's Tasks">
      {tasks.length === 0 ? (
        <p className="dashboard-empty">No tasks</p>
      ) : (
        <ul className="dashboard-list">
          {tasks.map((task, index) => (
            <li key={`${index}-${task}`} className="dashboard-row">
              {task}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
