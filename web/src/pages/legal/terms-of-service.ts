import { LEGAL_LAST_UPDATED, type LegalDocumentData } from "./legal-types.ts";

/** Terms of Service: 12 sections (SPEC.md section 2). */
export const TERMS_OF_SERVICE: LegalDocumentData = {
  slug: "terms",
  title: "Terms of Service",
  lastUpdated: LEGAL_LAST_UPDATED,
  intro:
    "These Terms of Service govern your use of Amia, an AI calendar assistant and event-coordination service. Please read them carefully: by using Amia you agree to them.",
  sections: [
    {
      title: "Acceptance of Terms",
      paragraphs: [
        "By creating an account, signing in or otherwise using Amia (the \"Service\"), you agree to be bound by these Terms of Service and by our Privacy Policy and Cookie Policy, which form part of these Terms.",
        "If you do not agree to these Terms, do not use the Service. If you use the Service on behalf of an organisation, you confirm that you are authorised to accept these Terms for it.",
      ],
    },
    {
      title: "Description of the Service",
      paragraphs: [
        "Amia helps you plan and coordinate events. It offers an AI chat assistant, relationships with other users, event requests that chosen reviewers can approve or reject, in-app notifications and an optional connection to your Google Calendar.",
        "Amia is currently being trialled. Features may change, be limited or be withdrawn while we improve the Service, and we do not guarantee that any particular feature will remain available.",
      ],
    },
    {
      title: "Eligibility and Accounts",
      paragraphs: [
        "You must be at least 16 years old, or the age of digital consent where you live if higher, to use the Service.",
        "You sign in with an account from a third-party identity provider such as Google. You are responsible for keeping that account secure and for all activity that happens through your Amia account. Tell us promptly if you believe your account has been used without your permission.",
      ],
    },
    {
      title: "Google Calendar and Third-Party Services",
      paragraphs: [
        "If you connect your Google Calendar, you authorise Amia to read your calendar and create or update events on your behalf when you ask it to or approve an event. We store the access and refresh tokens that Google issues so the connection keeps working; they are encrypted at rest.",
        "You can disconnect Amia at any time from your Google account settings. Your use of Google services remains subject to Google's own terms and privacy policy, and we are not responsible for third-party services we do not control.",
      ],
    },
    {
      title: "AI Assistant and Generated Content",
      paragraphs: [
        "The assistant uses third-party AI models to understand your messages and draft replies, event details and suggestions. AI output can be inaccurate, incomplete or out of date.",
        "You are responsible for reviewing what the assistant proposes before you rely on it, send it or add it to your calendar. Amia does not act on your calendar for an event request until you or the required reviewers have confirmed it.",
      ],
    },
    {
      title: "Acceptable Use",
      paragraphs: ["You agree not to use the Service to:"],
      items: [
        "break any law or infringe anyone's rights;",
        "send spam, harassment or unwanted event requests to other users;",
        "upload malicious code or try to gain unauthorised access to the Service or other accounts;",
        "overload, probe or reverse engineer the Service, or get around usage limits or credits;",
        "use the assistant to generate unlawful, deceptive or harmful content.",
      ],
    },
    {
      title: "Event Requests, Relationships and Approvals",
      paragraphs: [
        "When you add a relationship or send an event request, the other users involved see your name and the details you share. Only send requests to people who expect to hear from you.",
        "Reviewers decide on event requests freely. Amia records their decisions but is not responsible for whether an event takes place or for arrangements made between users.",
      ],
    },
    {
      title: "Plans, Credits and Payments",
      paragraphs: [
        "The Free plan includes a monthly allowance of AI credits. Paid plans, when they become available, will be described on our Pricing page together with their prices and billing terms.",
        "Unused credits do not roll over to the next month and have no cash value. We will give you notice before any change to the price of a plan you pay for.",
      ],
    },
    {
      title: "Intellectual Property",
      paragraphs: [
        "The Service, including its software, design and the Amia name and logo, belongs to us and our licensors. We grant you a personal, non-exclusive, non-transferable licence to use it in line with these Terms.",
        "You keep ownership of the content you put into Amia, such as messages and event details. You grant us the limited licence we need to store, process and display that content to provide the Service to you and the people you share it with.",
      ],
    },
    {
      title: "Disclaimers and Limitation of Liability",
      paragraphs: [
        "The Service is provided \"as is\" and \"as available\", without warranties of any kind, to the fullest extent the law allows. We do not promise that it will be uninterrupted, error-free or that every scheduling suggestion will be correct.",
        "To the fullest extent the law allows, we are not liable for indirect, incidental or consequential losses, or for missed or double-booked events. Nothing in these Terms limits liability that cannot be limited by law.",
      ],
    },
    {
      title: "Suspension, Termination and Changes to These Terms",
      paragraphs: [
        "You may stop using the Service at any time. We may suspend or close an account that breaches these Terms or puts the Service or other users at risk.",
        "We may update these Terms from time to time. When we make material changes we will update the date at the top of this page and, where appropriate, tell you in the app. Continuing to use the Service after a change means you accept the updated Terms.",
      ],
    },
    {
      title: "Contact Us",
      paragraphs: ["If you have questions about these Terms, please contact us:"],
      showContactDetails: true,
    },
  ],
};
