import { LEGAL_LAST_UPDATED, type LegalDocumentData } from "./legal-types.ts";

/** Cookie Policy: 8 sections (SPEC.md section 2). */
export const COOKIE_POLICY: LegalDocumentData = {
  slug: "cookies",
  title: "Cookie Policy",
  lastUpdated: LEGAL_LAST_UPDATED,
  intro:
    "This Cookie Policy explains how Amia uses cookies and similar technologies, and how you can control them. We keep cookies to the minimum the Service needs.",
  sections: [
    {
      title: "What Are Cookies",
      paragraphs: [
        "Cookies are small text files that a website stores in your browser. They let the site remember information between requests, such as the fact that you are signed in. Similar technologies include the browser's local storage.",
      ],
    },
    {
      title: "How We Use Cookies",
      paragraphs: [
        "Amia uses cookies to keep you signed in, to protect your account, and to remember a few interface preferences. We do not use cookies for advertising, and we do not let advertisers place cookies through Amia.",
      ],
    },
    {
      title: "Strictly Necessary Cookies",
      paragraphs: [
        "Your session is kept in an HTTP-only, secure cookie. Scripts in the page cannot read it, which helps protect your account from cross-site scripting. Short-lived cookies are also used while you sign in with your identity provider, to make sure the sign-in response belongs to your request.",
        "The Service cannot work without these cookies, so they cannot be switched off in Amia.",
      ],
    },
    {
      title: "Preference and Local Storage",
      paragraphs: [
        "We may store small, non-identifying preferences in your browser, such as whether the sidebar is collapsed. They stay on your device and are not used to track you.",
      ],
    },
    {
      title: "Analytics and Third-Party Cookies",
      paragraphs: [
        "Amia does not currently use third-party analytics or advertising cookies. When you sign in with Google or connect your Google Calendar, Google may set its own cookies on its own pages; those are governed by Google's cookie policy.",
        "If we add analytics in the future, we will update this policy and ask for your consent where the law requires it.",
      ],
    },
    {
      title: "Managing Cookies",
      paragraphs: [
        "You can view and delete cookies in your browser settings, and block them for some or all sites. If you block or delete the session cookie, you will be signed out and will need to sign in again to use Amia.",
      ],
    },
    {
      title: "Changes to This Policy",
      paragraphs: [
        "We may update this Cookie Policy when the Service changes. The \"Last updated\" date at the top of this page shows when it last changed.",
      ],
    },
    {
      title: "Contact Us",
      paragraphs: ["If you have questions about our use of cookies, please contact us:"],
      showContactDetails: true,
    },
  ],
};
