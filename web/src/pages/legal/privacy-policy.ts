import { LEGAL_LAST_UPDATED, type LegalDocumentData } from "./legal-types.ts";

/** Privacy Policy: 12 sections (SPEC.md section 2). */
export const PRIVACY_POLICY: LegalDocumentData = {
  slug: "privacy",
  title: "Privacy Policy",
  lastUpdated: LEGAL_LAST_UPDATED,
  intro:
    "This Privacy Policy explains what information Amia collects, how we use it, and the choices you have. We collect only what we need to run your calendar assistant.",
  sections: [
    {
      title: "Introduction",
      paragraphs: [
        "Amia is an AI calendar assistant and event-coordination service. This policy applies to the Amia web app and the services behind it. Where we say \"we\" or \"us\", we mean the team that operates Amia.",
      ],
    },
    {
      title: "Information We Collect",
      paragraphs: ["We collect the following kinds of information:"],
      items: [
        "Account information from your identity provider when you sign in, such as your name, email address and profile picture.",
        "Content you create: chat messages with the assistant, event requests, drafts, relationships and notification history.",
        "Calendar connection data: the access and refresh tokens Google issues when you connect your calendar, and the calendar details needed to act on your requests.",
        "AI usage records: the number of AI requests, the tokens used and their cost, linked to your account.",
        "Technical information: session cookies, browser type and basic logs needed to keep the Service running and secure.",
      ],
    },
    {
      title: "Google Calendar Data",
      paragraphs: [
        "If you connect Google Calendar, Amia reads your events and free/busy information to suggest times, and creates or updates events when you ask it to or when an event request is approved.",
        "Our use of information received from Google APIs adheres to the Google API Services User Data Policy, including the Limited Use requirements. We do not use Google Calendar data for advertising, and we do not sell it.",
      ],
    },
    {
      title: "How We Use Your Information",
      paragraphs: ["We use your information to:"],
      items: [
        "provide the Service: sign you in, run the assistant, deliver event requests and notifications;",
        "keep your calendar in step with the events you approve;",
        "show you your AI usage and cost on your profile and enforce plan credits;",
        "protect the Service, prevent abuse and fix problems;",
        "improve Amia, using aggregated information that does not identify you.",
      ],
    },
    {
      title: "AI Processing",
      paragraphs: [
        "When you chat with the assistant, your messages and the context needed to answer them (for example the relevant events) are sent to a third-party AI model provider to generate a reply.",
        "We ask our AI providers not to use this data to train their models. We record the amount and cost of AI usage per user so you can see it, but we do not use your conversations to profile you.",
      ],
    },
    {
      title: "How We Share Information",
      paragraphs: ["We do not sell your personal information. We share it only:"],
      items: [
        "with other Amia users you choose to interact with, such as the reviewers of your event requests;",
        "with service providers that host, process or support the Service for us, under contracts that protect your data;",
        "with Google, when you ask Amia to create or change events in your calendar;",
        "when the law requires it, or to protect the rights and safety of our users and the Service.",
      ],
    },
    {
      title: "Data Security",
      paragraphs: [
        "Calendar tokens are encrypted at rest with AES-256-GCM. Your session is kept in an HTTP-only cookie that scripts in the page cannot read.",
        "No system is perfectly secure, but we limit access to personal data to the people and services that need it and review our safeguards regularly. See our Security Overview for more.",
      ],
    },
    {
      title: "Data Retention",
      paragraphs: [
        "We keep your information for as long as your account is active. If you delete your account, we delete or anonymise your personal information within a reasonable period, unless we must keep some of it to meet legal obligations or resolve disputes.",
        "Revoking Amia's access in your Google account settings stops any further access to your calendar.",
      ],
    },
    {
      title: "Your Rights and Choices",
      paragraphs: [
        "Depending on where you live, you may have the right to access, correct, export or delete your personal information, and to object to or restrict some processing.",
        "You can revoke Amia's access to your Google account at any time from your Google account settings. To exercise any other right, contact us using the details below.",
      ],
    },
    {
      title: "Children's Privacy",
      paragraphs: [
        "Amia is not intended for children under 16. We do not knowingly collect personal information from children. If you believe a child has given us personal information, please contact us and we will delete it.",
      ],
    },
    {
      title: "Changes to This Policy",
      paragraphs: [
        "We may update this Privacy Policy as the Service changes. We will change the \"Last updated\" date above and, for significant changes, let you know in the app before they take effect.",
      ],
    },
    {
      title: "Contact Us",
      paragraphs: ["For privacy questions or requests, please contact us:"],
      showContactDetails: true,
    },
  ],
};
