import { LegalDocument } from "./LegalDocument.tsx";
import { COOKIE_POLICY } from "./cookie-policy.ts";

export function CookiesPage() {
  return <LegalDocument document={COOKIE_POLICY} />;
}

export default CookiesPage;
