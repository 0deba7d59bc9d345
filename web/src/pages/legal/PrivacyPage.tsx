import { LegalDocument } from "./LegalDocument.tsx";
import { PRIVACY_POLICY } from "./privacy-policy.ts";

export function PrivacyPage() {
  return <LegalDocument document={PRIVACY_POLICY} />;
}

export default PrivacyPage;
