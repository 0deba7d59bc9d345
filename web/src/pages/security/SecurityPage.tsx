import { Link } from "react-router-dom";
import { Card } from "../../components/Card.tsx";
import { Pill } from "../../components/Pill.tsx";
import { usePageTitle } from "../usePageTitle.ts";
import { SECURITY_LAST_UPDATED, SECURITY_PLACEHOLDER, SECURITY_TOPICS } from "./security-overview.ts";
import "./SecurityPage.css";

export function SecurityPage() {
  usePageTitle("Security Overview");

  return (
    <div className="security">
      <header className="security-header">
        <h1 className="security-title">Security Overview</h1>
        <p className="security-updated">{`Last updated: ${SECURITY_LAST_UPDATED}`}</p>
        <p className="security-lead">
          Your calendar says a lot about your life. This page describes how Amia protects it. It is still being written: the
          parts marked "{SECURITY_PLACEHOLDER}" will be filled in as our security programme matures.
        </p>
      </header>

      <div className="security-topics">
        {SECURITY_TOPICS.map((topic) => (
          <Card
            key={topic.title}
            className="security-topic"
            title={topic.title}
            actions={topic.isPlaceholder ? <Pill tone="neutral">In progress</Pill> : undefined}
          >
            {topic.facts.length > 0 && (
              <ul className="security-facts">
                {topic.facts.map((fact) => (
                  <li key={fact}>{fact}</li>
                ))}
              </ul>
            )}
            {topic.isPlaceholder && (
              <p className="security-placeholder">
                {topic.facts.length > 0 ? "More details: " : "Details: "}
                {SECURITY_PLACEHOLDER}
              </p>
            )}
          </Card>
        ))}
      </div>

      <p className="security-more">
        For how we collect and use personal information, see our <Link to="/legal/privacy">Privacy Policy</Link> and{" "}
        <Link to="/legal/cookies">Cookie Policy</Link>.
      </p>
    </div>
  );
}

export default SecurityPage;
