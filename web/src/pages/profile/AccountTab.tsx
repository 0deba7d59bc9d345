import type { TSessionUser } from "@amia/contracts";
import { Card } from "../../components/Card.tsx";
import { EmailText } from "../../components/EmailText.tsx";
import { accountDetails } from "./account-details.ts";

export function AccountTab({ user }: { user: TSessionUser }) {
  return (
    <Card title="Account Information">
      <dl className="profile-details">
        {accountDetails(user).map((row) => (
          <div key={row.label} className="profile-detail">
            <dt className="profile-detail-label">{row.label}</dt>
            <dd className="profile-detail-value">{row.isEmail ? <EmailText email={row.value} /> : row.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
