/** The shape of a legal document's text; one data file per document, one LegalDocument renders them all. */

export interface LegalSection {
  /** Without its number: LegalDocument numbers the sections in order. */
  title: string;
  paragraphs: readonly string[];
  /** An optional bulleted list shown after the paragraphs. */
  items?: readonly string[];
  /** Show the contact details (still placeholders) after the paragraphs. */
  showContactDetails?: boolean;
}

export interface LegalDocumentData {
  /** Used in the URL fragment of each section: "terms-3". */
  slug: string;
  title: string;
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
}

/** SPEC.md section 2, "Legal and security pages". */
export const LEGAL_LAST_UPDATED = "September 30, 2025";

/** Contact details are placeholders until they are published (SPEC.md section 2). */
export const CONTACT_PLACEHOLDER = "Will Update Soon";

export const LEGAL_CONTACT_DETAILS: ReadonlyArray<{ label: string; value: string }> = [
  { label: "Email", value: CONTACT_PLACEHOLDER },
  { label: "Address", value: CONTACT_PLACEHOLDER },
  { label: "Phone", value: CONTACT_PLACEHOLDER },
];
