import { LegalDocument } from "./LegalDocument.tsx";
import { TERMS_OF_SERVICE } from "./terms-of-service.ts";

export function TermsPage() {
  return <LegalDocument document={TERMS_OF_SERVICE} />;
}

export default TermsPage;
