/** Marketing copy of the landing page (SPEC.md section 1). */

export interface LandingStatistic {
  value: string;
  label: string;
  /** Marked with the footnote "Based on the feedback of one user." */
  hasFootnote: boolean;
}

export const LANDING_STATISTICS: readonly LandingStatistic[] = [
  { value: "10x", label: "Faster Planning", hasFootnote: true },
  { value: "100%", label: "Happier Scheduling", hasFootnote: true },
  { value: "24/7", label: "AI Availability", hasFootnote: false },
];

export const STATISTICS_FOOTNOTE = "Based on the feedback of one user.";

export interface LandingFeature {
  icon: "calendar" | "people" | "bolt" | "lock" | "sync" | "chart";
  title: string;
  description: string;
}

export const LANDING_FEATURES: readonly LandingFeature[] = [
  {
    icon: "calendar",
    title: "Calendar Integration",
    description:
      "Connect your Google Calendar once. Amia reads your availability and adds confirmed events for you, so your schedule is always the source of truth.",
  },
  {
    icon: "people",
    title: "Relationship Management",
    description:
      "Keep the people you plan with close. Add friends, family and colleagues as relationships and choose who can review your event requests.",
  },
  {
    icon: "bolt",
    title: "Quick Event Requests",
    description:
      "Describe what you want in plain words — \"dinner with Sam next Friday\" — and Amia drafts the event request, ready to send for approval.",
  },
  {
    icon: "lock",
    title: "Privacy First",
    description:
      "Your calendar is yours. Calendar tokens are encrypted at rest, your session lives in a secure HTTP-only cookie, and you decide who sees what.",
  },
  {
    icon: "sync",
    title: "Cross-Platform Sync",
    description:
      "Approved events land in your calendar and show up on every device you already use — phone, tablet or desktop.",
  },
  {
    icon: "chart",
    title: "Insights",
    description:
      "See how your time is spent and how much you use the assistant, with clear monthly AI usage and cost on your profile.",
  },
];

export interface LandingBenefit {
  title: string;
  description: string;
}

export const LANDING_BENEFITS: readonly LandingBenefit[] = [
  {
    title: "Save Time",
    description:
      "Cut the back-and-forth of scheduling by up to 90%. One message to Amia replaces a dozen emails and group chats.",
  },
  {
    title: "Increase Productivity",
    description:
      "Spend your energy on the meeting, not on arranging it. Amia finds the slot, drafts the details and follows up on approvals.",
  },
  {
    title: "Reduce Stress",
    description:
      "No more double bookings or forgotten plans. Everyone who needs to agree is asked, and you always know where things stand.",
  },
];

/** Placeholder contact details until the real ones are published (SPEC.md section 2). */
export const CONTACT_PLACEHOLDER = "Will Update Soon";
