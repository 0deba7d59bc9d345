import { Card } from "../../components/Card.tsx";

export function SettingsTab() {
  return (
    <Card title="Settings">
      <p className="profile-muted">In Progress...</p>
    </Card>
  );
}
