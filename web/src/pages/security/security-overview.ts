/** Security Overview: mostly placeholders (SPEC.md section 2), plus the facts we can already state. */

export const SECURITY_LAST_UPDATED = "September 30, 2025";
export const SECURITY_PLACEHOLDER = "Will Update Soon";

export interface SecurityTopic {
  title: string;
  /** Statements that are true today. */
  facts: readonly string[];
  /** True while the rest of the topic is still to be written. */
  isPlaceholder: boolean;
}

export const SECURITY_TOPICS: readonly SecurityTopic[] = [
  {
    title: "Data Encryption",
    facts: [
      "Google Calendar access and refresh tokens are encrypted at rest with AES-256-GCM before they are stored.",
      "AES-256-GCM is authenticated encryption: a stored token that has been altered fails to decrypt instead of being used.",
    ],
    isPlaceholder: true,
  },
  {
    title: "Authentication and Sessions",
    facts: [
      "You sign in with a trusted third-party identity provider (Google); Amia never sees or stores your password.",
      "Your session lives in an HTTP-only cookie, out of reach of scripts running in the page.",
    ],
    isPlaceholder: true,
  },
  {
    title: "Access to Your Calendar",
    facts: [
      "Amia acts on your calendar only when you ask it to or when an event request you are part of is approved.",
      "You can revoke Amia's access at any time from your Google account settings.",
    ],
    isPlaceholder: false,
  },
  {
    title: "Infrastructure and Monitoring",
    facts: [],
    isPlaceholder: true,
  },
  {
    title: "Compliance and Certifications",
    facts: [],
    isPlaceholder: true,
  },
  {
    title: "Reporting a Vulnerability",
    facts: ["If you believe you have found a security issue, please let us know privately before disclosing it."],
    isPlaceholder: true,
  },
];
